/**
 * Alerts with one small action: a failed load in place (the error alert with its message and a
 * Retry button), and a note naming the step to take first with a link to it.
 */
import type { ReactNode } from "react";
import { Button, LinkButton } from "./button.tsx";
import { Alert } from "./card.tsx";

export function RetryAlert({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <Alert>
      <div className="inline-alert">
        <span>{children}</span>
        <Button variant="outline" size="sm" onPress={onRetry}>
          Retry
        </Button>
      </div>
    </Alert>
  );
}

/**
 * A failed load told in one sentence with a small Retry button after it, in the text's flow
 * (the reviews pages and the reputation panel): "Your reviews could not be loaded. [Retry]".
 */
export function TextRetryAlert({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <Alert>
      {children}{" "}
      <Button size="sm" variant="outline" onPress={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}

/**
 * A note told in one sentence with a small outline link after it, in the text's flow, to the step
 * to take first: "Set up payouts before raising your first invoice. [Set up payouts]".
 */
export function TextLinkAlert({
  children,
  href,
  label,
}: {
  children: ReactNode;
  href: string;
  label: string;
}) {
  return (
    <Alert variant="info">
      {children}{" "}
      <LinkButton href={href} variant="outline" size="sm">
        {label}
      </LinkButton>
    </Alert>
  );
}
