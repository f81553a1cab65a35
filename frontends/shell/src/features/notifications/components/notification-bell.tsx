/**
 * The top bar's notification bell (issue 18): the real unread notifications count, and a
 * popover listing the newest notifications, each linking to its object; mark one (by opening
 * it) or all read. It also keeps the tab's live event stream open while someone is signed in
 * (ADR 0007), which refreshes the list when a notification arrives.
 */
import { Button, countText, Icon, Spinner } from "@closr/ui";
import { formatDistanceToNow } from "date-fns";
import { useState } from "react";
import { Button as AriaButton, Dialog, DialogTrigger, Heading, Popover } from "react-aria-components";
import { useNavigate } from "react-router";
import { useLiveEvents } from "../../messages/hooks/use-live-events.ts";
import { type Notification, useMarkRead, useNotifications } from "../api/notifications.ts";
import "./notifications.css";

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
            {formatDistanceToNow(new Date(item.createdAt), { addSuffix: true })}
          </time>
        </span>
      </a>
    </li>
  );
}

export function NotificationBell() {
  useLiveEvents();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { data, isPending, isError, refetch } = useNotifications();
  const markRead = useMarkRead();
  const unread = data?.unread ?? 0;

  const openItem = (item: Notification) => {
    if (!item.read) markRead.mutate(item.id);
    setOpen(false);
    navigate(item.link);
  };

  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <AriaButton
        className="icon-button notification-bell"
        aria-label={unread > 0 ? `Notifications: ${unread} unread` : "Notifications: none unread"}
      >
        <Icon name="bell" size={20} />
        {unread > 0 ? (
          <span className="unread-count unread-count-dot" aria-hidden="true" data-testid="bell-count">
            {countText(unread)}
          </span>
        ) : null}
      </AriaButton>
      <Popover placement="bottom end" className="popover notification-popover">
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
    </DialogTrigger>
  );
}
