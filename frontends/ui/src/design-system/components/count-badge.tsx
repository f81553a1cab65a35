/**
 * A small count pill after a link's label, e.g. Messages (2), and the link's accessible name
 * with the count, "Messages, 2 unread". Nothing is rendered for 0; above 99 it reads "99+".
 *
 * Give the link `aria-label={countName(...)}`: in a flex link Chromium joins the label and the
 * pill's parts with spaces ("Messages , 2 unread"). The pill keeps visually hidden ", " and
 * " unread" so its text still reads right where no aria-label is set.
 */

/** The pill's text: the count, or "99+" above 99. */
export const countText = (n: number): string => (n > 99 ? "99+" : String(n));

/** A link's accessible name with its count: "Messages, 2 unread"; just `label` for 0. */
export function countName(label: string, count: number, noun: string): string {
  return count > 0 ? `${label}, ${countText(count)} ${noun}` : label;
}

export function CountBadge({ count, noun, className }: { count: number; noun: string; className: string }) {
  if (count <= 0) return null;
  return (
    <span className={className}>
      <span className="visually-hidden">, </span>
      {countText(count)}
      <span className="visually-hidden"> {noun}</span>
    </span>
  );
}
