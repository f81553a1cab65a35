/** The one-time money settlement of an ended dispute (ADR 0018). */
import { Effect, Either, Option } from "effect";
import type { User } from "../identity/index.ts";
import {
  type DisputeResolution,
  type InvoiceLedger,
  InvoiceRepository,
  invoiceLedgerOf,
  transitionInvoice,
} from "../invoice/index.ts";
import { PaymentGateway, PaymentRepository } from "../payment/index.ts";
import { atomically, Clock, cents, refundSplit } from "../shared/index.ts";
import type { Dispute, DisputeId } from "./model.ts";
import { DisputeRepository, type SettlementPlan } from "./ports.ts";

/**
 * Executes a terminal dispute's money outcome exactly once (ADR 0018); what happens to the invoice
 * is the invoice machine's `DisputeResolved` decision (ADR 0040), which the repository persists. Safe to replay and to run
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
  // The invoice as it stood under this dispute (the dispute is terminal now, so the stored
  // invoice no longer reads as disputed): the machine resolves that dispute (ADR 0040).
  const before: InvoiceLedger = invoiceLedgerOf({ ...(yield* invoiceTerms(dispute)), disputed: true });
  let plan: PlanBody = { kind: "release" };
  let resolution: DisputeResolution = { kind: "released" };
  if (outcome === "invoice_cancelled") {
    plan = { kind: "cancel" };
    resolution = { kind: "cancelled" };
  }
  if (outcome === "amount_reduced") {
    const split = refundSplit({
      amountCents: before.amountCents,
      feeCents: before.platformFeeCents,
      gstCents: before.gstCents,
      refundedSoFarCents: 0,
      refundCents: difference,
    });
    plan = { kind: "reduce", split };
    resolution = { kind: "reduced", split };
  }
  if (outcome === "full_refund" || outcome === "partial_refund") {
    const payments = yield* (yield* PaymentRepository).listForInvoice(dispute.invoiceId);
    const payment = payments.find((p) => p.status === "completed" || p.status === "refunded");
    if (!payment?.paymentIntentId)
      return yield* Effect.die(new Error(`Dispute ${id}: no completed payment to refund`));
    resolution = { kind: "refunded", refundCents: cents(difference) };
    // Decide before the gateway moves money: a refund the invoice cannot take is refused here.
    const decided = transitionInvoice(before, { type: "DisputeResolved", resolution, at: now });
    if (Either.isLeft(decided)) return yield* Effect.die(decided.left);
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
        gstCents: before.gstCents,
        refundedSoFarCents: payment.refundedCents,
        refundCents: difference,
      }),
      gatewayRefundId: refunded.refundId,
      actorUserId,
    };
  }
  const next = transitionInvoice(before, { type: "DisputeResolved", resolution, at: now });
  if (Either.isLeft(next)) return yield* Effect.die(next.left);
  return yield* repository.settle(id, { ...plan, before, invoice: invoiceLedgerOf(next.right) }, now);
}, atomically);

type PlanBody = SettlementPlan extends infer P
  ? P extends unknown
    ? Omit<P, "before" | "invoice">
    : never
  : never;

/** The invoice's money terms for a dispute (read without the caller check: the dispute was checked). */
export const invoiceTerms = Effect.fn("dispute.invoiceTerms")(function* (dispute: Dispute) {
  const found = yield* (yield* InvoiceRepository).findById(dispute.invoiceId);
  if (Option.isNone(found)) return yield* Effect.die(new Error(`Dispute ${dispute.id}: invoice gone`));
  return found.value;
});
