/**
 * The real unread count (replacing the spec's fixed 2, docs/architecture.md "placeholders show real
 * data"): a count pill for the Messages links (top bar, drawer, bottom bar). The top bar's bell is the
 * notification centre (features/notifications).
 */
import { CountBadge, countName, useUnreadCount } from "@closr/ui";

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
