/**
 * Gateway refunds and card disputes applied exactly once (ADR 0041): the ports and the use case
 * behind POST /api/stripe/webhook for `charge.refunded`, `refund.updated` and `charge.dispute.*`.
 * The decision is `decideChargeEvent` (pure); the repository records the event id, locks the
 * payment and its invoice, and writes the decision in one transaction (refund rows through the
 * same write as staff refunds, so the invoice's refunded amount and credit notes follow).
 */
import { Context, Effect, type Either, Option } from "effect";
import type { InvoiceTransitionError } from "../invoice/index.ts";
import { type InvalidWebhook, PaymentGateway, type PaymentGatewayUnavailable } from "../payment/index.ts";
import { atomically, Clock } from "../shared/index.ts";
import {
  type ChargeAction,
  type ChargeDecision,
  type ChargeEvent,
  type ChargeLedger,
  decideChargeWithInvoice,
  type HoldTransfer,
  holdTransferStep,
} from "./charge-events.ts";

/** What applying one charge event did. */
export type AppliedChargeEvent =
  | { readonly type: "duplicate" }
  | { readonly type: "unknown-payment" }
  /** The invoice machine refused it (ADR 0049): acknowledged, nothing written but the event id. */
  | { readonly type: "refused"; readonly error: InvoiceTransitionError }
  | { readonly type: "decided"; readonly actions: readonly ChargeAction[] };

/** Reads refund and dispute events from the gateway's webhooks (Stripe only; absent locally). */
export class ChargeEventGateway extends Context.Tag("payout/ChargeEventGateway")<
  ChargeEventGateway,
  {
    /**
     * Verifies the signature on the raw body and reads a refund or dispute event; undefined for
     * any other type (the payment and subscription paths handle those). A `charge.refunded` lists
     * the charge's refunds as the gateway reports them when the event is read.
     */
    readonly parseChargeWebhook: (
      rawBody: string,
      signature: string | undefined,
    ) => Effect.Effect<ChargeEvent | undefined, InvalidWebhook | PaymentGatewayUnavailable>;
  }
>() {}

/** The ledger of gateway refunds, their failures and payout holds, per payment. */
export class ChargeLedgerRepository extends Context.Tag("payout/ChargeLedgerRepository")<
  ChargeLedgerRepository,
  {
    /**
     * In one transaction: records `event.id` (a duplicate stops here), finds the payment of
     * `event.paymentIntentId` (none: unknown-payment), locks its invoice then the payment, reads
     * its ledger (with the invoice), runs `decide`; a refusal writes nothing more (refused), else
     * the actions are written in order and the invoice machine's result persisted with them.
     */
    readonly applyChargeEvent: (
      event: ChargeEvent,
      decide: (ledger: ChargeLedger) => Either.Either<ChargeDecision, InvoiceTransitionError>,
    ) => Effect.Effect<AppliedChargeEvent>;
    /** The payout hold of a card dispute with its gateway transfer state; none when unknown. */
    readonly holdTransfer: (disputeId: string) => Effect.Effect<Option.Option<HoldTransfer>>;
    /** Records what the gateway did for a hold (the reversal's or new transfer's id, or "none"). */
    readonly markHoldTransfer: (
      disputeId: string,
      done: { readonly reversal: string } | { readonly retransfer: string },
    ) => Effect.Effect<void>;
  }
>() {}

/**
 * Applies one verified refund or dispute event exactly once: the ledger's decision and the
 * invoice machine's (ADR 0049) in one transaction; a refusal is logged and recorded nowhere.
 */
export const applyChargeEvent = Effect.fn("payout.applyChargeEvent")(function* (event: ChargeEvent) {
  const now = yield* (yield* Clock).now;
  const applied = yield* (yield* ChargeLedgerRepository).applyChargeEvent(event, (ledger) =>
    decideChargeWithInvoice(ledger, event, now),
  );
  if (applied.type === "refused")
    yield* Effect.logWarning("gateway charge event refused by the invoice machine").pipe(
      Effect.annotateLogs({
        eventId: event.id,
        eventType: event.type,
        invoiceId: applied.error._tag === "InvoiceTransitionRefused" ? applied.error.id : undefined,
        reason: applied.error._tag === "InvoiceTransitionRefused" ? applied.error.reason : applied.error._tag,
      }),
    );
  return applied;
}, atomically);

/**
 * The gateway side of a card dispute's payout hold (ADR 0049), run after every dispute event
 * (replays too, so a failed call is retried by the gateway's redelivery): while held, the agent's
 * share is taken back from the connected account (transfer reversal, idempotency key from the
 * dispute id); a won dispute pays it out again once. The local gateway has no transfers (no-op).
 */
export const settleHoldAtGateway = Effect.fn("payout.settleHoldAtGateway")(function* (disputeId: string) {
  const ledger = yield* ChargeLedgerRepository;
  const found = yield* ledger.holdTransfer(disputeId);
  if (Option.isNone(found)) return;
  const hold = found.value;
  const step = holdTransferStep(hold);
  if (!step) return;
  const gateway = yield* PaymentGateway;
  if (step.type === "reverse") {
    const { reversalId } = yield* gateway.reverseChargeTransfer(
      hold.paymentIntentId,
      step.amountCents,
      `closr-hold-${disputeId}-reverse`,
    );
    yield* ledger.markHoldTransfer(disputeId, { reversal: reversalId ?? "none" });
  } else {
    const { transferId } = yield* gateway.transferToDestination(
      hold.paymentIntentId,
      step.amountCents,
      `closr-hold-${disputeId}-retransfer`,
    );
    yield* ledger.markHoldTransfer(disputeId, { retransfer: transferId ?? "none" });
  }
});

/**
 * A Stripe webhook, if it is a refund or dispute event: verified, then applied once. None when
 * the gateway has no such events (local) or the event is of another type.
 */
export const handleChargeWebhook = Effect.fn("payout.handleChargeWebhook")(function* (
  rawBody: string,
  signature: string | undefined,
) {
  const gateway = yield* Effect.serviceOption(ChargeEventGateway);
  if (Option.isNone(gateway)) return undefined;
  const event = yield* gateway.value.parseChargeWebhook(rawBody, signature);
  if (!event) return undefined;
  const applied = yield* applyChargeEvent(event);
  if ("dispute" in event && applied.type !== "refused" && applied.type !== "unknown-payment")
    yield* settleHoldAtGateway(event.dispute.disputeId);
  return {
    outcome: applied.type === "decided" ? (applied.actions.length > 0 ? "applied" : "ignored") : applied.type,
  };
});
