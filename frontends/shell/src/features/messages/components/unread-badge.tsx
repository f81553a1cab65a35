/**
 * The real unread count (replacing the spec's fixed 2, ARCHITECTURE.md "placeholders show real
 * data"): a count pill for the Messages links, and the top bar's notification bell, which also
 * keeps the tab's live event stream open while someone is signed in.
 */
import { Icon } from "@closr/ui";
import { Link } from "react-router";
import { useUnreadCount } from "../api/conversations.ts";
import { useLiveEvents } from "../hooks/use-live-events.ts";

const countText = (n: number) => (n > 99 ? "99+" : String(n));

/** A small count pill after a Messages link; nothing when there is nothing unread. */
export function UnreadBadge() {
  const unread = useUnreadCount();
  if (unread === 0) return null;
  return (
    <span className="unread-count">
      <span className="visually-hidden">, </span>
      {countText(unread)}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}

/** The notification bell: unread messages, linking to /messages. */
export function NotificationBell() {
  useLiveEvents();
  const unread = useUnreadCount();
  return (
    <Link
      to="/messages"
      className="icon-button notification-bell"
      aria-label={
        unread > 0 ? `Notifications: ${unread} unread messages` : "Notifications: no unread messages"
      }
    >
      <Icon name="bell" size={20} />
      {unread > 0 ? (
        <span className="unread-count unread-count-dot" aria-hidden="true">
          {countText(unread)}
        </span>
      ) : null}
    </Link>
  );
}
