/** A failed load in place: the error alert with its message and a small Retry button beside it. */
import type { ReactNode } from "react";
import { Button } from "./button.tsx";
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
