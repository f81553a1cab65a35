/**
 * Refunds and card disputes that happen at the gateway, outside the app (ADR 0041): a refund made
 * in the Stripe Dashboard (`charge.refunded`, `refund.updated`) and a cardholder's dispute
 * (`charge.dispute.created`, `charge.dispute.closed`). Pure decisions: given what we recorded for
 * one payment (its ledger) and what the gateway says now, which refund rows to write, which to
 * reverse, and which payout hold to open, release or reverse. Money is integer cents, AUD.
 *
 * Rules (Stripe: https://docs.stripe.com/refunds#refund-events, https://docs.stripe.com/disputes/how-disputes-work):
 * - A refund is recorded once, keyed by the gateway's refund id, when it is `pending` or
 *   `succeeded`; `failed` and `canceled` are terminal: a recorded refund is reversed, and the id is
 *   remembered so a late (out-of-order) `pending`/`succeeded` for it changes nothing.
 * - A refund the app created itself (staff refund, dispute settlement, second-charge refund) is
 *   recorded by that path; the webhook never records it a second time (it may reverse it on failure).
 * - The split (fee refunded, transfer reversed, GST) is `refundSplit`, as for in-app refunds (ADR 0011).
 * - A card dispute holds the agent's payout of that payment while open; won (or a closed warning)
 *   releases it; lost reverses it: the disputed amount went back to the cardholder, so it is
 *   recorded as a refund (credit note, transfer reversal) keyed by the dispute id.
 */
import { type Cents, cents, type RefundSplit, refundSplit } from "../shared/index.ts";

/** Stripe's refund statuses (https://docs.stripe.com/api/refunds/object#refund_object-status). */
export type GatewayRefundStatus = "pending" | "requires_action" | "succeeded" | "failed" | "canceled";

/** One refund as the gateway reports it. */
export interface GatewayRefund {
  /** `re_…` (or `pyr_…`). */
  readonly refundId: string;
  /** Integer cents. */
  readonly amountCents: Cents;
  readonly status: GatewayRefundStatus;
  /** Created by the app itself (metadata `closr_source: app`): its own path records it. */
  readonly createdInApp: boolean;
}

/**
 * Stripe's dispute statuses (https://docs.stripe.com/api/disputes/object#dispute_object-status).
 * `won` and `warning_closed` end in the business's favour; `lost` returns the money to the cardholder.
 */
export type GatewayDisputeStatus =
  | "appeal_needs_response"
  | "appeal_under_review"
  | "warning_needs_response"
  | "warning_under_review"
  | "warning_closed"
  | "needs_response"
  | "under_review"
  | "won"
  | "lost"
  | "prevented";

/** One card dispute as the gateway reports it. */
export interface GatewayDispute {
  /** `dp_…`. */
  readonly disputeId: string;
  /** Disputed amount, integer cents. */
  readonly amountCents: Cents;
  readonly status: GatewayDisputeStatus;
}

/** One verified gateway event about a charge's refunds or disputes. */
export type ChargeEvent =
  | {
      /** `evt_…`: applied at most once. */
      readonly id: string;
      readonly type: "charge.refunded" | "refund.updated";
      readonly paymentIntentId: string;
      /** The charge's refunds as the gateway reports them now (one for `refund.updated`). */
      readonly refunds: readonly GatewayRefund[];
    }
  | {
      readonly id: string;
      readonly type: "charge.dispute.created" | "charge.dispute.updated" | "charge.dispute.closed";
      readonly paymentIntentId: string;
      readonly dispute: GatewayDispute;
    };

/** A refund row we hold for the payment with a gateway id (Dashboard, staff or dispute refund). */
export interface RecordedGatewayRefund {
  readonly refundId: string;
  readonly payoutRefundId: number;
  readonly split: RefundSplit;
  /** Reversed after the gateway reported it failed or canceled. */
  readonly reversed: boolean;
}

export type PayoutHoldStatus = "held" | "released" | "reversed";

/** A payout hold for a card dispute on the payment. */
export interface PayoutHold {
  readonly disputeId: string;
  readonly amountCents: Cents;
  readonly status: PayoutHoldStatus;
}

/** What we recorded for one payment, read under its lock. */
export interface ChargeLedger {
  /** The payment's amount, integer cents. */
  readonly amountCents: Cents;
  /** Refunded so far (sum of its live refund rows). */
  readonly refundedCents: Cents;
  /** The platform fee of the payment (Stripe application_fee_amount). */
  readonly applicationFeeCents: Cents;
  /** The invoice's GST. */
  readonly gstCents: Cents;
  readonly recorded: readonly RecordedGatewayRefund[];
  /** Refund ids the gateway reported failed or canceled (terminal). */
  readonly terminal: ReadonlySet<string>;
  readonly holds: readonly PayoutHold[];
}

/** One change to write, in order. */
export type ChargeAction =
  | {
      readonly type: "record-refund";
      /** The gateway's refund id (or the dispute id of a lost dispute). */
      readonly refundId: string;
      readonly refundedBefore: Cents;
      readonly split: RefundSplit;
      readonly reason: string;
    }
  | {
      readonly type: "reverse-refund";
      readonly refundId: string;
      readonly payoutRefundId: number;
      readonly refundedBefore: Cents;
      readonly split: RefundSplit;
    }
  | { readonly type: "remember-terminal"; readonly refundId: string; readonly status: "failed" | "canceled" }
  | { readonly type: "open-hold"; readonly disputeId: string; readonly amountCents: Cents }
  | {
      readonly type: "close-hold";
      readonly disputeId: string;
      readonly amountCents: Cents;
      readonly status: "released" | "reversed";
      /** Whether the hold row exists yet (a `closed` event may overtake `created`). */
      readonly existed: boolean;
    };

/** Why a refund made at the gateway is on its credit note. */
export const dashboardRefundReason = "Refunded in the Stripe Dashboard";
/** Why a lost card dispute is on its credit note. */
export const lostDisputeReason = "Card dispute lost: the cardholder's bank returned the payment";

const openDisputeStatuses: ReadonlySet<GatewayDisputeStatus> = new Set([
  "appeal_needs_response",
  "appeal_under_review",
  "warning_needs_response",
  "warning_under_review",
  "needs_response",
  "under_review",
]);

/** The split of `refundCents` after `refundedBefore` of a payment (ADR 0011's proportional rule). */
const splitOf = (ledger: ChargeLedger, refundedBefore: number, refundCents: number): RefundSplit =>
  refundSplit({
    amountCents: ledger.amountCents,
    feeCents: ledger.applicationFeeCents,
    gstCents: ledger.gstCents,
    refundedSoFarCents: refundedBefore,
    refundCents,
  });

/**
 * The changes one refund or dispute event makes to a payment's ledger, in order; [] when it
 * changes nothing (a replay, an out-of-order status, an app-made refund, an amount above what is
 * left). Refund rows are written in the order the gateway lists them, each split after the last.
 */
export const decideChargeEvent = (ledger: ChargeLedger, event: ChargeEvent): readonly ChargeAction[] => {
  const actions: ChargeAction[] = [];
  let refunded: number = ledger.refundedCents;
  if ("refunds" in event) {
    const recorded = new Map(ledger.recorded.map((r) => [r.refundId, r]));
    const terminal = new Set(ledger.terminal);
    for (const refund of event.refunds) {
      const known = recorded.get(refund.refundId);
      if (refund.status === "failed" || refund.status === "canceled") {
        if (terminal.has(refund.refundId)) continue;
        terminal.add(refund.refundId);
        actions.push({ type: "remember-terminal", refundId: refund.refundId, status: refund.status });
        if (known && !known.reversed) {
          actions.push({
            type: "reverse-refund",
            refundId: refund.refundId,
            payoutRefundId: known.payoutRefundId,
            refundedBefore: cents(refunded),
            split: known.split,
          });
          refunded -= known.split.refundCents;
        }
        continue;
      }
      if (refund.status !== "pending" && refund.status !== "succeeded") continue;
      if (known || terminal.has(refund.refundId) || refund.createdInApp) continue;
      if (refund.amountCents < 1 || refunded + refund.amountCents > ledger.amountCents) continue;
      const split = splitOf(ledger, refunded, refund.amountCents);
      actions.push({
        type: "record-refund",
        refundId: refund.refundId,
        refundedBefore: cents(refunded),
        split,
        reason: dashboardRefundReason,
      });
      recorded.set(refund.refundId, { refundId: refund.refundId, payoutRefundId: 0, split, reversed: false });
      refunded += refund.amountCents;
    }
    return actions;
  }
  const { dispute } = event;
  const hold = ledger.holds.find((h) => h.disputeId === dispute.disputeId);
  if (openDisputeStatuses.has(dispute.status)) {
    if (!hold)
      actions.push({ type: "open-hold", disputeId: dispute.disputeId, amountCents: dispute.amountCents });
    return actions;
  }
  if (hold && hold.status !== "held") return actions;
  if (dispute.status === "lost") {
    const amount = Math.min(dispute.amountCents, ledger.amountCents - refunded);
    actions.push({
      type: "close-hold",
      disputeId: dispute.disputeId,
      amountCents: dispute.amountCents,
      status: "reversed",
      existed: hold !== undefined,
    });
    if (amount >= 1)
      actions.push({
        type: "record-refund",
        refundId: dispute.disputeId,
        refundedBefore: cents(refunded),
        split: splitOf(ledger, refunded, amount),
        reason: lostDisputeReason,
      });
    return actions;
  }
  // won, warning_closed, prevented: the money stays with the business; the payout is released.
  actions.push({
    type: "close-hold",
    disputeId: dispute.disputeId,
    amountCents: dispute.amountCents,
    status: "released",
    existed: hold !== undefined,
  });
  return actions;
};
