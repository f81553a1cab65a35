/**
 * The notification bell's open popover (notification-bell.tsx), its own chunk: the newest
 * notifications, each linking to its object; opening one marks it read, "Mark all as read" the
 * rest. Anchored to the bell; Escape or an outside press closes it and focus returns to the bell.
 */
import { Button, formatFromNow, Spinner } from "@closr/ui";
import type { RefObject } from "react";
import { Dialog, Heading, Popover } from "react-aria-components";
import { useNavigate } from "react-router";
import { type Notification, useMarkRead, useNotifications } from "../api/notifications.ts";

export type NotificationPanelProps = {
  triggerRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
};

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  return (
    <li>
      <a
        href={item.link}
        className={`notification-item${item.read ? "" : " is-unread"}`}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          onOpen(item);
        }}
      >
        {item.read ? null : <span className="notification-dot" aria-hidden="true" />}
        <span className="notification-text">
          <span className="notification-title">
            {item.read ? null : <span className="visually-hidden">Unread: </span>}
            {item.title}
          </span>
          <time className="notification-time" dateTime={item.createdAt}>
            {formatFromNow(item.createdAt)}
          </time>
        </span>
      </a>
    </li>
  );
}

export function NotificationPanel({ triggerRef, onClose }: NotificationPanelProps) {
  const navigate = useNavigate();
  const { data, isPending, isError, refetch } = useNotifications();
  const markRead = useMarkRead();
  const unread = data?.unread ?? 0;

  const openItem = (item: Notification) => {
    if (!item.read) markRead.mutate(item.id);
    onClose();
    navigate(item.link);
  };

  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      placement="bottom end"
      className="popover notification-popover"
    >
      <Dialog className="notification-dialog" aria-labelledby="notifications-title">
        <div className="notification-header">
          <Heading slot="title" id="notifications-title" className="notification-heading">
            Notifications
          </Heading>
          {unread > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              isPending={markRead.isPending && markRead.variables === "all"}
              onPress={() => markRead.mutate("all")}
            >
              Mark all as read
            </Button>
          ) : null}
        </div>
        {isPending ? (
          <div className="notification-state" role="status">
            <Spinner /> Loading notifications…
          </div>
        ) : isError ? (
          <div className="notification-state" role="alert">
            <p>We couldn't load your notifications.</p>
            <Button variant="outline" size="sm" onPress={() => refetch()}>
              Retry
            </Button>
          </div>
        ) : data.items.length === 0 ? (
          <p className="notification-state">
            No notifications yet. Connection requests, invoices, payments and verification decisions will
            appear here as they happen.
          </p>
        ) : (
          <ul className="notification-list" aria-label="Newest notifications">
            {data.items.map((item) => (
              <NotificationItem key={item.id} item={item} onOpen={openItem} />
            ))}
          </ul>
        )}
      </Dialog>
    </Popover>
  );
}
