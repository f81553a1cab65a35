/**
 * Gateway refunds and card disputes applied exactly once (ADR 0041): the ports and the use case
 * behind POST /api/stripe/webhook for `charge.refunded`, `refund.updated` and `charge.dispute.*`.
 * The decision is `decideChargeEvent` (pure); the repository records the event id, locks the
 * payment and its invoice, and writes the decision in one transaction (refund rows through the
 * same write as staff refunds, so the invoice's refunded amount and credit notes follow).
 */
import { Context, Effect, Option } from "effect";
import type { InvalidWebhook, PaymentGatewayUnavailable } from "../payment/index.ts";
import { atomically } from "../shared/index.ts";
import {
  type ChargeAction,
  type ChargeEvent,
  type ChargeLedger,
  decideChargeEvent,
} from "./charge-events.ts";

/** What applying one charge event did. */
export type AppliedChargeEvent =
  | { readonly type: "duplicate" }
  | { readonly type: "unknown-payment" }
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
     * its ledger, runs `decide` and writes the actions in order.
     */
    readonly applyChargeEvent: (
      event: ChargeEvent,
      decide: (ledger: ChargeLedger) => readonly ChargeAction[],
    ) => Effect.Effect<AppliedChargeEvent>;
  }
>() {}

/** Applies one verified refund or dispute event exactly once. */
export const applyChargeEvent = Effect.fn("payout.applyChargeEvent")(function* (event: ChargeEvent) {
  return yield* (yield* ChargeLedgerRepository).applyChargeEvent(event, (ledger) =>
    decideChargeEvent(ledger, event),
  );
}, atomically);

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
  return {
    outcome: applied.type === "decided" ? (applied.actions.length > 0 ? "applied" : "ignored") : applied.type,
  };
});
