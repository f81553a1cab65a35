/**
 * Payment state machine (issue 5; spec §4 lists the statuses):
 *   pending → processing → completed | failed;  pending → failed;  failed → processing (the
 *   customer retries the same PaymentIntent with another card);  completed → refunded.
 * Every other pair is a PaymentTransitionNotAllowed. Pure: time and ids come in with the event.
 */
import { Either } from "effect";
import { PaymentTransitionNotAllowed } from "./errors.ts";
import type { Payment, PaymentStatus } from "./model.ts";

export type PaymentEvent =
  | { readonly type: "start" }
  | { readonly type: "succeed"; readonly transactionId: string | null }
  | { readonly type: "fail"; readonly message: string }
  | { readonly type: "retry" }
  | { readonly type: "refund" };

const allowed: Record<PaymentEvent["type"], readonly PaymentStatus[]> = {
  start: ["pending"],
  succeed: ["processing"],
  fail: ["pending", "processing"],
  retry: ["failed"],
  refund: ["completed"],
};

/** The status after `event`, or the typed error for a pair the machine does not list. */
export const nextPaymentStatus = (
  from: PaymentStatus,
  event: PaymentEvent,
): Either.Either<PaymentStatus, PaymentTransitionNotAllowed> => {
  if (!allowed[event.type].includes(from))
    return Either.left(new PaymentTransitionNotAllowed({ from, event: event.type }));
  switch (event.type) {
    case "start":
    case "retry":
      return Either.right("processing");
    case "succeed":
      return Either.right("completed");
    case "fail":
      return Either.right("failed");
    case "refund":
      return Either.right("refunded");
  }
};

/** Applies one event to a payment at `at`. */
export const transitionPayment = <P extends Payment>(
  payment: P,
  event: PaymentEvent,
  at: Date,
): Either.Either<P, PaymentTransitionNotAllowed> =>
  Either.map(nextPaymentStatus(payment.status, event), (status) => ({
    ...payment,
    status,
    updatedAt: at,
    ...(event.type === "succeed" ? { transactionId: event.transactionId, failureMessage: null } : {}),
    ...(event.type === "fail" ? { failureMessage: event.message } : {}),
  }));

/** Applies events in order, stopping at the first that is not allowed. */
export const transitionPaymentAll = <P extends Payment>(
  payment: P,
  events: readonly PaymentEvent[],
  at: Date,
): Either.Either<P, PaymentTransitionNotAllowed> =>
  events.reduce<Either.Either<P, PaymentTransitionNotAllowed>>(
    (acc, event) => Either.flatMap(acc, (p) => transitionPayment(p, event, at)),
    Either.right(payment),
  );
