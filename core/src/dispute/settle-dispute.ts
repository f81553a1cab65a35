/** The one-time money settlement of an ended dispute (ADR 0018). */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { InvoiceRepository } from "../invoice/index.ts";
import { PaymentGateway, PaymentRepository } from "../payment/index.ts";
import { atomically, Clock, cents, refundSplit } from "../shared/index.ts";
import type { Dispute, DisputeId } from "./model.ts";
import { DisputeRepository, type SettlementPlan } from "./ports.ts";

/**
 * Executes a terminal dispute's money outcome exactly once (ADR 0018). Safe to replay and to run
 * concurrently: the gateway refund carries one idempotency key per dispute, and the database
 * part (`settle`) runs once under the dispute's lock, guarded by `executed_at`.
 */
export const settleDispute = Effect.fn("dispute.settle")(function* (id: DisputeId, actorUserId: User["id"]) {
  const repository = yield* DisputeRepository;
  const found = yield* repository.findById(id);
  if (Option.isNone(found)) return false;
  const dispute = found.value;
  if (dispute.executedAt || (dispute.state !== "resolved" && dispute.state !== "withdrawn")) return false;
  const now = yield* (yield* Clock).now;
  const outcome = dispute.outcome;
  const settled = dispute.settledAmountCents ?? dispute.invoiceAmountCents;
  const difference = dispute.invoiceAmountCents - settled;
  let plan: SettlementPlan = { kind: "release" };
  if (outcome === "invoice_cancelled") plan = { kind: "cancel" };
  if (outcome === "amount_reduced") {
    const terms = yield* invoiceTerms(dispute);
    plan = {
      kind: "reduce",
      split: refundSplit({
        amountCents: terms.amountCents,
        feeCents: terms.platformFeeCents,
        gstCents: terms.gstCents,
        refundedSoFarCents: 0,
        refundCents: difference,
      }),
    };
  }
  if (outcome === "full_refund" || outcome === "partial_refund") {
    const payments = yield* (yield* PaymentRepository).listForInvoice(dispute.invoiceId);
    const payment = payments.find((p) => p.status === "completed" || p.status === "refunded");
    if (!payment?.paymentIntentId)
      return yield* Effect.die(new Error(`Dispute ${id}: no completed payment to refund`));
    const refunded = yield* (yield* PaymentGateway)
      .refundPaymentIntent(payment.paymentIntentId, `closr-dispute-${id}-refund`, {
        amountCents: cents(difference),
        reverseTransfer: true,
        refundApplicationFee: true,
      })
      .pipe(Effect.orDie);
    plan = {
      kind: "refund",
      paymentId: payment.id,
      refundedBefore: payment.refundedCents,
      split: refundSplit({
        amountCents: payment.amountCents,
        feeCents: payment.applicationFeeCents,
        gstCents: (yield* invoiceTerms(dispute)).gstCents,
        refundedSoFarCents: payment.refundedCents,
        refundCents: difference,
      }),
      gatewayRefundId: refunded.refundId,
      actorUserId,
    };
  }
  return yield* repository.settle(id, plan, now);
}, atomically);

/** The invoice's money terms for a dispute (read without the caller check: the dispute was checked). */
export const invoiceTerms = Effect.fn("dispute.invoiceTerms")(function* (dispute: Dispute) {
  const found = yield* (yield* InvoiceRepository).findById(dispute.invoiceId);
  if (Option.isNone(found)) return yield* Effect.die(new Error(`Dispute ${dispute.id}: invoice gone`));
  return found.value;
});
