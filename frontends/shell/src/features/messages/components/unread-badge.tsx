/**
 * The real unread count (replacing the spec's fixed 2, docs/architecture.md "placeholders show real
 * data"): a count pill for the Messages links (top bar, drawer, bottom bar), and the top bar's notification bell, which also
 * keeps the tab's live event stream open while someone is signed in.
 */
import { CountBadge, countName, countText, Icon, useUnreadCount } from "@closr/ui";
import { Link } from "react-router";
import { useLiveEvents } from "../hooks/use-live-events.ts";

/**
 * The accessible name of a link to /messages with the unread count ("Messages, 2 unread"), for
 * its `aria-label`; undefined for other links (their content names them).
 */
export function useMessagesLinkName(): (href: string, label: string) => string | undefined {
  const unread = useUnreadCount();
  return (href, label) => (href === "/messages" ? countName(label, unread, "unread") : undefined);
}

/** A small count pill after a Messages link ("Messages, 2 unread"); nothing when there is nothing unread. */
export function UnreadBadge() {
  return <CountBadge count={useUnreadCount()} noun="unread" className="unread-count" />;
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
