/**
 * Blocks the public marketing pages share (landing, How It Works): the icon feature grid and
 * the ticked check list.
 */
import { Icon, type IconName } from "@closr/ui";

/** One feature: its icon, title and line of text. */
export interface Feature {
  readonly icon: IconName;
  readonly title: string;
  readonly text: string;
}

/** The `feature-grid` of cards, each with its icon bubble, title (h3) and text. */
export function FeatureGrid({ items }: { items: readonly Feature[] }) {
  return (
    <ul className="feature-grid">
      {items.map((item) => (
        <li key={item.title} className="feature card">
          <span className="icon-bubble" aria-hidden="true">
            <Icon name={item.icon} size={22} />
          </span>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A `check-list` with a check icon before each point. */
export function CheckList({ points }: { points: readonly string[] }) {
  return (
    <ul className="check-list">
      {points.map((point) => (
        <li key={point}>
          <Icon name="check" size={18} />
          {point}
        </li>
      ))}
    </ul>
  );
}
