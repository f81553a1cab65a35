/** Refunds of paid invoices (ADR 0011): the business refunds, the fee and GST split back. */
import { Effect, Either, Option } from "effect";
import type { User } from "../identity/index.ts";
import { decideInvoiceTransition, displayState, getInvoice } from "../invoice/index.ts";
import { PaymentGateway } from "../payment/index.ts";
import { AuditLog, type Cents, Clock, type InvoiceId, type PaymentId, refundSplit } from "../shared/index.ts";
import type { Paging } from "../shared/paging.ts";
import { RefundNotAllowed, RefundPaymentNotFound, StaffOnly } from "./errors.ts";
import { PayoutRefundRepository } from "./ports.ts";

/**
 * Staff refund of `amountCents` of a completed payment (issue 14): the invoice machine decides
 * first (`RefundRecorded`, ADR 0049: a disputed, cancelled or fully refunded invoice refuses with
 * InvoiceTransitionRefused, and no money moves); then the gateway refunds the charge, reversing
 * the transfer and the platform fee in proportion (idempotency key per payment and running total,
 * so a double click refunds once); the refund is recorded with its split and the machine's result
 * in one transaction (refused when the invoice moved on meanwhile), the payment becomes refunded
 * when fully refunded, and the action is audit-logged.
 */
export const refundPayment = Effect.fn("payout.refundPayment")(function* (
  staff: User,
  paymentId: PaymentId,
  input: { readonly amountCents: Cents; readonly reason: string },
) {
  if (staff.role !== "admin") return yield* new StaffOnly({ action: "refund payments" });
  const refunds = yield* PayoutRefundRepository;
  const found = yield* refunds.findPayment(paymentId);
  if (Option.isNone(found)) return yield* new RefundPaymentNotFound({ id: paymentId });
  const { payment, invoice } = found.value;
  if (payment.status !== "completed" || payment.paymentIntentId === null)
    return yield* new RefundNotAllowed({
      reason: "not-completed",
      message: `Only a completed payment can be refunded (this one is ${payment.status}).`,
    });
  const left = payment.amountCents - payment.refundedCents;
  if (!Number.isInteger(input.amountCents) || input.amountCents < 1)
    return yield* new RefundNotAllowed({
      reason: "not-positive",
      message: "Amount must be a positive number",
    });
  if (input.amountCents > left)
    return yield* new RefundNotAllowed({
      reason: "too-much",
      message: `At most ${(left / 100).toFixed(2)} AUD is left to refund on this payment.`,
    });
  const split = refundSplit({
    amountCents: payment.amountCents,
    feeCents: payment.applicationFeeCents,
    gstCents: invoice.gstCents,
    refundedSoFarCents: payment.refundedCents,
    refundCents: input.amountCents,
  });
  const now = yield* (yield* Clock).now;
  const decided = decideInvoiceTransition(invoice, [
    { type: "RefundRecorded", refundCents: split.refundCents, at: now },
  ]);
  if (Either.isLeft(decided)) return yield* decided.left;
  const refunded = yield* (yield* PaymentGateway).refundPaymentIntent(
    payment.paymentIntentId,
    `closr-refund-${payment.id}-${payment.refundedCents}-${input.amountCents}`,
    { amountCents: split.refundCents, reverseTransfer: true, refundApplicationFee: true },
  );
  const recorded = yield* refunds.record({
    paymentId: payment.id,
    refundedBefore: payment.refundedCents,
    split,
    gatewayRefundId: refunded.refundId,
    reason: input.reason.trim() || "Refund",
    actorUserId: staff.id,
    transition: decided.right,
  });
  if (Option.isNone(recorded))
    return yield* new RefundNotAllowed({
      reason: "too-much",
      message: "This payment changed while you were refunding it. Reload and try again.",
    });
  yield* (yield* AuditLog).record({
    actorUserId: staff.id,
    action: "payment.refunded",
    subjectType: "payment",
    subjectId: String(payment.id),
    before: { status: payment.status, refundedCents: payment.refundedCents },
    after: {
      refundedCents: payment.refundedCents + split.refundCents,
      refundId: recorded.value.id,
      feeRefundCents: split.feeRefundCents,
      transferReversalCents: split.transferReversalCents,
      reason: recorded.value.reason,
    },
  });
  return recorded.value;
});

/** Payments for the staff refund page, newest first. */
export const listRefundablePayments = Effect.fn("payout.listRefundablePayments")(function* (
  staff: User,
  page: Paging,
) {
  if (staff.role !== "admin") return yield* new StaffOnly({ action: "see payments" });
  const { items, total } = yield* (yield* PayoutRefundRepository).listPayments(page);
  const now = yield* (yield* Clock).now;
  return {
    items: items.map((row) => ({
      payment: row.payment,
      invoice: { ...row.invoice, state: displayState(row.invoice, now) },
    })),
    total,
  };
});

/** Refunds of an invoice the caller is a party to (for the credit note links). */
export const listInvoiceRefunds = Effect.fn("payout.listInvoiceRefunds")(function* (
  user: User,
  invoiceId: InvoiceId,
) {
  const invoice = yield* getInvoice(user, invoiceId);
  return yield* (yield* PayoutRefundRepository).listForInvoice(invoice.id);
});
