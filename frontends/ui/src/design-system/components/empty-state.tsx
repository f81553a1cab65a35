/**
 * A "nothing here yet" state: an icon, a short title, one sentence and the next step as a
 * button. Never red and never a Retry: the page worked, there is just nothing to show yet
 * (no profile, no invoices, no payout account, no figures).
 */
import type { ReactNode } from "react";
import { IconCard } from "../layout/page.tsx";
import { LinkButton } from "./button.tsx";
import type { IconName } from "./icons.tsx";

export function EmptyState({
  icon = "file",
  title,
  text,
  action,
}: {
  icon?: IconName;
  title: string;
  text: ReactNode;
  /** The next step: a link styled as the primary button. */
  action?: { href: string; label: string };
}) {
  return (
    <IconCard className="empty-state" icon={icon} title={title} text={text}>
      {action ? <LinkButton href={action.href}>{action.label}</LinkButton> : null}
    </IconCard>
  );
}
