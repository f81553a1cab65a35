/**
 * The real unread count (replacing the spec's fixed 2, docs/architecture.md "placeholders show real
 * data"): a count pill for the Messages links (top bar, drawer, bottom bar). The top bar's bell is the
 * notification centre (features/notifications).
 */

import { useUnreadCount } from "@closr/client";
import { CountBadge } from "@closr/ui";

/**
 * A small count pill after a Messages link; its visually hidden words make the link's name
 * "Messages, 2 unread" from its content (no aria-label, which hid the visible text from
 * speech input: Lighthouse's label-content-name-mismatch). Nothing when nothing is unread.
 */
export function UnreadBadge() {
  return <CountBadge count={useUnreadCount()} noun="unread" className="unread-count" />;
}
