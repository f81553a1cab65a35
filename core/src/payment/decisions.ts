/**
 * Pure decisions the payment repository runs inside its transactions (under row locks):
 * which attempt a "Pay Now" uses, and what one gateway event changes. Rules: issue 5 — an invoice
 * is paid exactly once, when a payment for its full amount completes; paying twice (double click,
 * two tabs, replayed or out-of-order events) charges once and records one completed payment.
 */
import { Either } from "effect";
import { type Invoice, InvoiceAlreadyPaid, transitionInvoice } from "../invoice/index.ts";
import { PaymentInProgress } from "./errors.ts";
import type { GatewayEvent, GatewayEventType, GatewayIntent, GatewayIntentStatus, Payment } from "./model.ts";
import { type PaymentEvent, transitionPaymentAll } from "./payment-machine.ts";

/** Reuse the open attempt, or open attempt `attempt` after cancelling the failed ones' intents. */
export type AttemptPlan =
  | { readonly type: "reuse"; readonly payment: Payment }
  | { readonly type: "create"; readonly attempt: number; readonly cancel: readonly Payment[] };

/**
 * A paid invoice (or one with a completed payment) cannot be paid again; an attempt still pending
 * is reused, so a double click or a second tab gets the same PaymentIntent; one being processed
 * answers PaymentInProgress; otherwise a new attempt opens.
 */
export const chooseAttempt = (
  invoice: Invoice,
  payments: readonly Payment[],
): Either.Either<AttemptPlan, InvoiceAlreadyPaid | PaymentInProgress> => {
  if (invoice.isPaid || payments.some((p) => p.status === "completed"))
    return Either.left(new InvoiceAlreadyPaid({ id: invoice.id }));
  if (payments.some((p) => p.status === "processing"))
    return Either.left(new PaymentInProgress({ invoiceId: invoice.id }));
  const pending = payments.filter((p) => p.status === "pending").sort((a, b) => b.attempt - a.attempt)[0];
  if (pending) return Either.right({ type: "reuse", payment: pending });
  const attempt = payments.reduce((max, p) => Math.max(max, p.attempt), 0) + 1;
  return Either.right({
    type: "create",
    attempt,
    cancel: payments.filter((p) => p.status === "failed" && p.paymentIntentId !== null),
  });
};

export interface EventDecision {
  /** The payment's new state, or null when unchanged. */
  readonly payment: Payment | null;
  /** The invoice's new state, or null when unchanged. */
  readonly invoice: Invoice | null;
  /** The gateway must refund this intent: it succeeded for an invoice another payment paid. */
  readonly refund: boolean;
  readonly outcome: "applied" | "ignored";
  readonly reason: string;
}

const ignored = (reason: string): EventDecision => ({
  payment: null,
  invoice: null,
  refund: false,
  outcome: "ignored",
  reason,
});

/** The machine events that bring a payment to "completed" from where it is. */
const toCompleted = (payment: Payment, transactionId: string | null): readonly PaymentEvent[] | undefined => {
  const succeed: PaymentEvent = { type: "succeed", transactionId };
  switch (payment.status) {
    case "pending":
      return [{ type: "start" }, succeed];
    case "processing":
      return [succeed];
    case "failed":
      return [{ type: "retry" }, succeed];
    default:
      return undefined;
  }
};

/**
 * What one gateway event changes. Events that do not fit the payment's status (a replay, or an
 * event overtaken by a later one) are ignored, never errors: the gateway's latest word wins.
 */
export const decideOnGatewayEvent = (
  payment: Payment,
  invoice: Invoice,
  event: GatewayEvent,
  now: Date,
): EventDecision => {
  const apply = (events: readonly PaymentEvent[], why: string): EventDecision =>
    Either.match(transitionPaymentAll(payment, events, now), {
      onLeft: (e) => ignored(`${event.type} not applicable to a ${e.from} payment`),
      onRight: (next) => ({ payment: next, invoice: null, refund: false, outcome: "applied", reason: why }),
    });

  switch (event.type) {
    case "payment_intent.processing":
      return apply([{ type: "start" }], "processing");
    case "payment_intent.payment_failed":
      return apply(
        [{ type: "fail", message: event.intent.lastError?.message ?? "The payment failed." }],
        "declined",
      );
    case "payment_intent.canceled":
      return apply([{ type: "fail", message: "The payment was cancelled." }], "canceled");
    case "charge.refunded":
      // A partial refund (issue 14's staff refunds) leaves the payment completed; the refund use case
      // recorded its amount. Only a charge refunded in full makes the payment refunded.
      if (
        event.intent.amountRefundedCents !== undefined &&
        event.intent.amountRefundedCents < event.intent.amountCents
      )
        return ignored("partial refund: recorded by the refund itself");
      return apply([{ type: "refund" }], "refunded");
    case "payment_intent.succeeded": {
      const path = toCompleted(payment, event.intent.latestChargeId);
      if (!path) return ignored(`already ${payment.status}`);
      const completed = transitionPaymentAll(payment, path, now);
      if (Either.isLeft(completed)) return ignored(completed.left.message);
      const paid = transitionInvoice(invoice, {
        type: "PaymentCompleted",
        amountCents: event.intent.amountCents,
        at: now,
      });
      if (Either.isRight(paid))
        return {
          payment: completed.right,
          invoice: paid.right,
          refund: false,
          outcome: "applied",
          reason: "paid",
        };
      if (paid.left instanceof InvoiceAlreadyPaid || paid.left._tag === "InvoiceTransitionRefused") {
        // Charged twice (e.g. an old tab confirmed a superseded intent), or charged for an invoice
        // the machine refuses payment on (cancelled or disputed, ADR 0040): keep no money for it.
        const refunded = transitionPaymentAll(completed.right, [{ type: "refund" }], now);
        return {
          payment: Either.getOrThrow(refunded),
          invoice: null,
          refund: true,
          outcome: "applied",
          reason:
            paid.left instanceof InvoiceAlreadyPaid
              ? "invoice already paid: refunding the second charge"
              : `invoice ${paid.left.from}: refunding the charge`,
        };
      }
      return {
        payment: completed.right,
        invoice: null,
        refund: false,
        outcome: "applied",
        reason: "completed for a different amount: the invoice stays unpaid",
      };
    }
  }
};

/** The event each intent status implies (a returned card only once its decline is recorded). */
const reconciledTypes: Partial<Record<GatewayIntentStatus, GatewayEventType>> = {
  succeeded: "payment_intent.succeeded",
  processing: "payment_intent.processing",
  canceled: "payment_intent.canceled",
  requires_payment_method: "payment_intent.payment_failed",
};

/**
 * The event a gateway's current view of an intent implies, for reconciliation (a crash between
 * the charge and the database write, or the confirmation page asking). Its id is derived from
 * the intent and status, so reconciling twice applies once.
 */
export const reconciliationEvent = (intent: GatewayIntent): GatewayEvent | undefined => {
  const type =
    intent.status === "requires_payment_method" && !intent.lastError
      ? undefined
      : reconciledTypes[intent.status];
  return type ? { id: `sync_${intent.id}_${intent.status}`, type, intent } : undefined;
};
