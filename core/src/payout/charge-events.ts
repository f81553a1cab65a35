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
import { Either } from "effect";
import {
  decideInvoiceTransition,
  type InvoiceEvent,
  type InvoiceLedger,
  type InvoiceTransition,
  type InvoiceTransitionError,
} from "../invoice/index.ts";
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
  /** The payment's invoice, read under its lock (the machine decides on it, ADR 0049). */
  readonly invoice: InvoiceLedger;
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
  | {
      readonly type: "open-hold";
      readonly disputeId: string;
      readonly amountCents: Cents;
      /**
       * The agent's share of the disputed amount (refundSplit's transfer reversal): what is taken
       * back from the connected account while the dispute is open (ADR 0049).
       */
      readonly transferReversalCents: Cents;
    }
  | {
      readonly type: "close-hold";
      readonly disputeId: string;
      readonly amountCents: Cents;
      readonly status: "released" | "reversed";
      /** Whether the hold row exists yet (a `closed` event may overtake `created`). */
      readonly existed: boolean;
      /**
       * For a hold written closed (`existed` false): the agent's share to take back at the
       * gateway (a lost dispute's transfer reversal; 0 when won). Ignored when the hold existed.
       */
      readonly transferReversalCents: Cents;
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
    const amount = Math.min(dispute.amountCents, ledger.amountCents - refunded);
    if (!hold)
      actions.push({
        type: "open-hold",
        disputeId: dispute.disputeId,
        amountCents: dispute.amountCents,
        transferReversalCents: cents(
          amount >= 1 ? splitOf(ledger, refunded, amount).transferReversalCents : 0,
        ),
      });
    return actions;
  }
  if (hold && hold.status !== "held") return actions;
  if (dispute.status === "lost") {
    const amount = Math.min(dispute.amountCents, ledger.amountCents - refunded);
    const split = amount >= 1 ? splitOf(ledger, refunded, amount) : undefined;
    actions.push({
      type: "close-hold",
      disputeId: dispute.disputeId,
      amountCents: dispute.amountCents,
      status: "reversed",
      existed: hold !== undefined,
      transferReversalCents: cents(split?.transferReversalCents ?? 0),
    });
    if (split)
      actions.push({
        type: "record-refund",
        refundId: dispute.disputeId,
        refundedBefore: cents(refunded),
        split,
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
    transferReversalCents: cents(0),
  });
  return actions;
};

/**
 * The invoice machine's events that a charge decision means (ADR 0049), in order: a Dashboard
 * refund is `RefundRecorded`, a failed one `RefundReversed`; a card dispute opening is
 * `DisputeOpened`; its closing is `DisputeResolved` (won: released; lost: refunded by the lost
 * refund's cents, or released when nothing was left to refund), preceded by `DisputeOpened` when
 * the closing event overtook the opening one (the hold did not exist yet).
 */
export const invoiceEventsOf = (actions: readonly ChargeAction[], at: Date): readonly InvoiceEvent[] => {
  const events: InvoiceEvent[] = [];
  for (let i = 0; i < actions.length; i++) {
    const action = actions[i] as ChargeAction;
    switch (action.type) {
      case "record-refund":
        events.push({ type: "RefundRecorded", refundCents: action.split.refundCents, at });
        break;
      case "reverse-refund":
        events.push({ type: "RefundReversed", refundCents: action.split.refundCents, at });
        break;
      case "remember-terminal":
        break;
      case "open-hold":
        events.push({ type: "DisputeOpened", at });
        break;
      case "close-hold": {
        if (!action.existed) events.push({ type: "DisputeOpened", at });
        const next = actions[i + 1];
        if (
          action.status === "reversed" &&
          next?.type === "record-refund" &&
          next.refundId === action.disputeId
        ) {
          events.push({
            type: "DisputeResolved",
            resolution: { kind: "refunded", refundCents: next.split.refundCents },
            at,
          });
          i++;
        } else events.push({ type: "DisputeResolved", resolution: { kind: "released" }, at });
        break;
      }
    }
  }
  return events;
};

/** A charge event's decision: the ledger's actions and the invoice machine's result (null: no invoice event). */
export interface ChargeDecision {
  readonly actions: readonly ChargeAction[];
  readonly transition: InvoiceTransition | null;
}

/**
 * `decideChargeEvent`, then the invoice machine on what it means (`invoiceEventsOf`, time `at`):
 * the whole event is refused (nothing written) when the machine refuses any of its events, e.g. a
 * Dashboard refund or a card dispute on an invoice under an in-app dispute (ADR 0049).
 */
export const decideChargeWithInvoice = (
  ledger: ChargeLedger,
  event: ChargeEvent,
  at: Date,
): Either.Either<ChargeDecision, InvoiceTransitionError> => {
  const actions = decideChargeEvent(ledger, event);
  const events = invoiceEventsOf(actions, at);
  if (events.length === 0) return Either.right({ actions, transition: null });
  return Either.map(decideInvoiceTransition(ledger.invoice, events), (transition) => ({
    actions,
    transition,
  }));
};

/** A payout hold as the gateway step reads it (ADR 0049). Money in cents. */
export interface HoldTransfer {
  readonly disputeId: string;
  readonly paymentIntentId: string;
  readonly status: PayoutHoldStatus;
  /** The agent's share taken back from the connected account while the dispute is open. */
  readonly transferReversalCents: Cents;
  /** The gateway's transfer reversal (`trr_…`), "none" when the charge made no transfer, null: not yet done. */
  readonly reversal: string | null;
  /** The new transfer paying a released hold out again (`tr_…`), "none", or null: not yet done. */
  readonly retransfer: string | null;
}

/**
 * What the gateway still has to do for a hold (ADR 0049): take the agent's share back once while
 * the hold is held, or when a lost dispute closed it without an earlier reversal; pay it out again
 * once when a won dispute released a hold whose share was taken back. Null: nothing (done already,
 * nothing to move, or no transfer existed).
 */
export const holdTransferStep = (
  hold: HoldTransfer,
): { readonly type: "reverse" | "retransfer"; readonly amountCents: Cents } | null => {
  if (hold.transferReversalCents < 1) return null;
  if (hold.reversal === null && (hold.status === "held" || hold.status === "reversed"))
    return { type: "reverse", amountCents: hold.transferReversalCents };
  if (
    hold.status === "released" &&
    hold.reversal !== null &&
    hold.reversal !== "none" &&
    hold.retransfer === null
  )
    return { type: "retransfer", amountCents: hold.transferReversalCents };
  return null;
};
