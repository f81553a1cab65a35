/**
 * The top bar's notification bell (issue 18): the real unread notifications count, and a
 * popover listing the newest notifications (notification-panel.tsx, its own chunk, fetched when
 * the pointer nears or presses the bell or it takes focus). It also keeps the tab's live event
 * stream open while someone is signed in (ADR 0007), which refreshes the list when a
 * notification arrives.
 */
import { countText, deferred, Icon } from "@closr/ui";
import { useRef, useState } from "react";
import { Button as AriaButton } from "react-aria-components";
import { useLiveEvents } from "../../messages/hooks/use-live-events.ts";
import { useNotifications } from "../api/notifications.ts";
import "./notifications.css";

const NotificationPanel = deferred("notification-panel", () =>
  import("./notification-panel.tsx").then((m) => m.NotificationPanel),
);

export function NotificationBell() {
  useLiveEvents();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;

  return (
    <>
      <AriaButton
        ref={triggerRef}
        className="icon-button notification-bell"
        aria-label={unread > 0 ? `Notifications: ${unread} unread` : "Notifications: none unread"}
        aria-haspopup="dialog"
        aria-expanded={open}
        onHoverStart={NotificationPanel.prefetch}
        onPressStart={NotificationPanel.prefetch}
        onFocus={NotificationPanel.prefetch}
        onPress={() => setOpen(true)}
      >
        <Icon name="bell" size={20} />
        {unread > 0 ? (
          <span className="unread-count unread-count-dot" aria-hidden="true" data-testid="bell-count">
            {countText(unread)}
          </span>
        ) : null}
      </AriaButton>
      {open ? <NotificationPanel triggerRef={triggerRef} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
