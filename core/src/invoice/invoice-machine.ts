/**
 * The invoice aggregate's life cycle (spec §4 Invoice; issue 14 refunds; issue 17 disputes; ADR
 * 0040): one pure machine, `transitionInvoice(invoice, event) → Either`, time in the event.
 *
 * States (derived from the facts by `invoiceState`):
 * - `issued`: raised, not paid (payable; overdue once its due date passed, see `displayState`);
 * - `paid`: a completed payment for the full amount;
 * - `partially_refunded` / `refunded`: paid, then some / all of it refunded;
 * - `disputed`: a dispute is active (payment is blocked, ADR 0018);
 * - `cancelled`: a dispute resolution cancelled the unpaid invoice (never payable, never overdue).
 *
 * Events: PaymentCompleted, RefundRecorded, RefundReversed (a gateway refund that failed after it
 * was recorded), DisputeOpened and DisputeResolved (released, reduced with a credit note,
 * cancelled, refunded). Money is integer cents, AUD. Invariant held by every
 * transition: received (`amountCents` once paid, else 0) − `refundedCents` = net ≥ 0, and a
 * reduction moves exactly the credit note's cents out of the total (nothing created or lost).
 */
import { Either } from "effect";
import type { Cents } from "../shared/money.ts";
import type { RefundSplit } from "../shared/tax.ts";
import { InvoiceAlreadyPaid, InvoiceTransitionRefused, PaymentAmountMismatch } from "./errors.ts";
import type { Invoice } from "./model.ts";

export type InvoiceState = "issued" | "paid" | "partially_refunded" | "refunded" | "disputed" | "cancelled";

/** The facts the machine reads and writes (the rest of an invoice passes through unchanged). */
export type InvoiceLedger = Pick<
  Invoice,
  | "id"
  | "amountCents"
  | "subtotalCents"
  | "gstCents"
  | "platformFeeCents"
  | "isPaid"
  | "paidAt"
  | "refundedCents"
  | "cancelledAt"
  | "disputed"
>;

/** How a dispute ended for the invoice (core/src/dispute settle-dispute's plan, ADR 0018). */
export type DisputeResolution =
  /** Paid (or payable) as invoiced, or the dispute was withdrawn: only the dispute ends. */
  | { readonly kind: "released" }
  /** The unpaid invoice's total, GST, subtotal and fee drop by the credit note's split. */
  | { readonly kind: "reduced"; readonly split: RefundSplit }
  /** The unpaid invoice is cancelled: never payable, never overdue. */
  | { readonly kind: "cancelled" }
  /** The paid invoice is refunded by `refundCents` (part or all of what is left). */
  | { readonly kind: "refunded"; readonly refundCents: Cents };

export type InvoiceEvent =
  | {
      readonly type: "PaymentCompleted";
      /** The completed payment's amount, integer cents. */
      readonly amountCents: Cents;
      readonly at: Date;
    }
  | {
      /** A refund (staff, Stripe Dashboard, dispute) of `refundCents` on the paid invoice. */
      readonly type: "RefundRecorded";
      readonly refundCents: Cents;
      readonly at: Date;
    }
  | {
      /**
       * A recorded refund the gateway later reported failed or canceled (ADR 0041): `refundCents`
       * are no longer refunded. Allowed on any paid invoice (also while disputed), within what was refunded.
       */
      readonly type: "RefundReversed";
      readonly refundCents: Cents;
      readonly at: Date;
    }
  | { readonly type: "DisputeOpened"; readonly at: Date }
  | { readonly type: "DisputeResolved"; readonly resolution: DisputeResolution; readonly at: Date };

export type InvoiceTransitionError = InvoiceAlreadyPaid | PaymentAmountMismatch | InvoiceTransitionRefused;

/** The machine state of an invoice's facts (cancelled and disputed win over the money states). */
export const invoiceState = (
  invoice: Pick<InvoiceLedger, "isPaid" | "amountCents" | "refundedCents" | "cancelledAt" | "disputed">,
): InvoiceState =>
  invoice.cancelledAt !== null
    ? "cancelled"
    : invoice.disputed
      ? "disputed"
      : !invoice.isPaid
        ? "issued"
        : invoice.refundedCents >= invoice.amountCents
          ? "refunded"
          : invoice.refundedCents > 0
            ? "partially_refunded"
            : "paid";

/** Cents received for the invoice: its total once paid, else 0. */
export const receivedCents = (invoice: Pick<InvoiceLedger, "isPaid" | "amountCents">): number =>
  invoice.isPaid ? invoice.amountCents : 0;

/** What the invoice brought in net of refunds, cents: received − refunded (never below 0). */
export const netCents = (invoice: Pick<InvoiceLedger, "isPaid" | "amountCents" | "refundedCents">): number =>
  receivedCents(invoice) - invoice.refundedCents;

const refuse = (invoice: InvoiceLedger, event: InvoiceEvent, reason: string) =>
  Either.left(
    new InvoiceTransitionRefused({ id: invoice.id, from: invoiceState(invoice), event: event.type, reason }),
  );

/**
 * Applies one event. Refusals (typed errors) leave the invoice unchanged:
 * - PaymentCompleted: only an issued invoice, only for its full amount (InvoiceAlreadyPaid once
 *   paid, PaymentAmountMismatch otherwise; refused while disputed or once cancelled);
 * - RefundRecorded: only a paid, undisputed invoice, 1 ≤ refund ≤ what is left to refund;
 * - RefundReversed: only a paid, uncancelled invoice, 1 ≤ reversal ≤ what was refunded;
 * - DisputeOpened: not on a cancelled, fully refunded or already disputed invoice;
 * - DisputeResolved: only while disputed; `reduced` and `cancelled` only when unpaid (a reduction
 *   keeps at least 1 cent and never takes more GST, subtotal or fee than the invoice has);
 *   `refunded` only when paid and within what is left.
 */
export const transitionInvoice = <I extends InvoiceLedger>(
  invoice: I,
  event: InvoiceEvent,
): Either.Either<I, InvoiceTransitionError> => {
  const state = invoiceState(invoice);
  switch (event.type) {
    case "PaymentCompleted":
      if (invoice.isPaid) return Either.left(new InvoiceAlreadyPaid({ id: invoice.id }));
      if (state === "cancelled") return refuse(invoice, event, "a cancelled invoice is not payable");
      if (state === "disputed") return refuse(invoice, event, "a disputed invoice is not payable");
      if (event.amountCents !== invoice.amountCents)
        return Either.left(
          new PaymentAmountMismatch({
            invoiceId: invoice.id,
            expectedCents: invoice.amountCents,
            paidCents: event.amountCents,
          }),
        );
      return Either.right({ ...invoice, isPaid: true, paidAt: event.at });
    case "RefundRecorded": {
      if (state !== "paid" && state !== "partially_refunded")
        return refuse(invoice, event, `a ${state} invoice cannot be refunded`);
      return refund(invoice, event, event.refundCents);
    }
    case "RefundReversed": {
      if (!invoice.isPaid || state === "cancelled")
        return refuse(invoice, event, `a ${state} invoice has no refund to reverse`);
      if (!Number.isInteger(event.refundCents) || event.refundCents < 1)
        return refuse(invoice, event, "a reversal is at least 1 cent");
      if (event.refundCents > invoice.refundedCents)
        return refuse(invoice, event, "a reversal cannot exceed what was refunded");
      return Either.right({
        ...invoice,
        refundedCents: (invoice.refundedCents - event.refundCents) as Cents,
      });
    }
    case "DisputeOpened":
      if (state === "cancelled" || state === "refunded" || state === "disputed")
        return refuse(invoice, event, `a ${state} invoice cannot be disputed`);
      return Either.right({ ...invoice, disputed: true });
    case "DisputeResolved": {
      if (state !== "disputed") return refuse(invoice, event, "no active dispute");
      const ended = { ...invoice, disputed: false };
      const resolution = event.resolution;
      switch (resolution.kind) {
        case "released":
          return Either.right(ended);
        case "cancelled":
          if (invoice.isPaid) return refuse(invoice, event, "a paid invoice is refunded, not cancelled");
          return Either.right({ ...ended, cancelledAt: event.at });
        case "reduced": {
          if (invoice.isPaid) return refuse(invoice, event, "a paid invoice is refunded, not reduced");
          const s = resolution.split;
          const subtotalPart = s.refundCents - s.gstRefundCents;
          if (
            !Number.isInteger(s.refundCents) ||
            s.refundCents < 1 ||
            s.refundCents >= invoice.amountCents ||
            s.gstRefundCents < 0 ||
            s.gstRefundCents > invoice.gstCents ||
            s.feeRefundCents < 0 ||
            s.feeRefundCents > invoice.platformFeeCents ||
            subtotalPart < 0 ||
            subtotalPart > invoice.subtotalCents
          )
            return refuse(invoice, event, "the credit note does not fit the invoice");
          return Either.right({
            ...ended,
            amountCents: (invoice.amountCents - s.refundCents) as Cents,
            gstCents: (invoice.gstCents - s.gstRefundCents) as Cents,
            subtotalCents: (invoice.subtotalCents - subtotalPart) as Cents,
            platformFeeCents: (invoice.platformFeeCents - s.feeRefundCents) as Cents,
          });
        }
        case "refunded":
          if (!invoice.isPaid) return refuse(invoice, event, "an unpaid invoice has nothing to refund");
          return refund(ended, event, resolution.refundCents);
      }
    }
  }
};

/** The name the task and ADR 0040 use for the machine. */
export const transition = transitionInvoice;

const refund = <I extends InvoiceLedger>(
  invoice: I,
  event: InvoiceEvent,
  refundCents: number,
): Either.Either<I, InvoiceTransitionRefused> => {
  if (!Number.isInteger(refundCents) || refundCents < 1)
    return refuse(invoice, event, "a refund is at least 1 cent");
  if (invoice.refundedCents + refundCents > invoice.amountCents)
    return refuse(invoice, event, "a refund cannot exceed what is left to refund");
  return Either.right({ ...invoice, refundedCents: (invoice.refundedCents + refundCents) as Cents });
};

/** Applies events in order; the first refusal stops it. */
export const transitionInvoiceAll = <I extends InvoiceLedger>(
  invoice: I,
  events: readonly InvoiceEvent[],
): Either.Either<I, InvoiceTransitionError> => {
  let current: Either.Either<I, InvoiceTransitionError> = Either.right(invoice);
  for (const event of events) {
    if (Either.isLeft(current)) return current;
    current = transitionInvoice(current.right, event);
  }
  return current;
};

/** The machine's facts of an invoice, nothing else (what a decision carries to its persistence). */
export const invoiceLedgerOf = (invoice: InvoiceLedger): InvoiceLedger => ({
  id: invoice.id,
  amountCents: invoice.amountCents,
  subtotalCents: invoice.subtotalCents,
  gstCents: invoice.gstCents,
  platformFeeCents: invoice.platformFeeCents,
  isPaid: invoice.isPaid,
  paidAt: invoice.paidAt,
  refundedCents: invoice.refundedCents,
  cancelledAt: invoice.cancelledAt,
  disputed: invoice.disputed,
});

/**
 * A machine decision to persist (ADR 0049): `before`, the invoice the machine read (the repository
 * refuses to store when the stored invoice no longer equals it), and `invoice`, its result.
 */
export interface InvoiceTransition {
  readonly before: InvoiceLedger;
  readonly invoice: InvoiceLedger;
}

/** Runs `events` in order on `invoice` (the first refusal stops it) → the decision to persist. */
export const decideInvoiceTransition = (
  invoice: InvoiceLedger,
  events: readonly InvoiceEvent[],
): Either.Either<InvoiceTransition, InvoiceTransitionError> =>
  Either.map(transitionInvoiceAll(invoiceLedgerOf(invoice), events), (next) => ({
    before: invoiceLedgerOf(invoice),
    invoice: invoiceLedgerOf(next),
  }));

/**
 * Whether a stored invoice still has the facts the machine decided from (`before`): paid, the
 * money columns, refunded cents, cancelled and disputed. Money in cents.
 */
export const sameInvoiceFacts = (stored: InvoiceLedger, before: InvoiceLedger): boolean =>
  stored.isPaid === before.isPaid &&
  stored.amountCents === before.amountCents &&
  stored.subtotalCents === before.subtotalCents &&
  stored.gstCents === before.gstCents &&
  stored.platformFeeCents === before.platformFeeCents &&
  stored.refundedCents === before.refundedCents &&
  (stored.cancelledAt === null) === (before.cancelledAt === null) &&
  stored.disputed === before.disputed;
