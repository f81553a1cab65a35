/**
 * The local gateway's card network: what Stripe.js and Stripe's servers do for a real gateway
 * (take a card, run the extra authentication step). It belongs to the local gateway, not to core:
 * core only sees the gateway (PaymentGateway) and its recorded events (GatewayEventOutbox).
 * Present only with PaymentGatewayLocal; with Stripe the two programs below answer 404.
 */

import type { User } from "@closr/core/identity";
import {
  deliverLocalGatewayEvents,
  type GatewayIntent,
  ownIntentPayment,
  PaymentIntentNotFound,
  type PaymentIntentUnexpectedState,
} from "@closr/core/payment";
import { Context, Effect, Option } from "effect";

/** A card as typed into the local gateway's form (never stored). */
export interface CardDetails {
  readonly number: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvc: string;
}

export class LocalCardNetwork extends Context.Tag("adapters/LocalCardNetwork")<
  LocalCardNetwork,
  {
    /** Confirms with a card: Stripe's test cards decide (4242… succeeds, …0002 declines, …3155 needs authentication). */
    readonly confirm: (
      id: string,
      clientSecret: string,
      card: CardDetails,
    ) => Effect.Effect<GatewayIntent, PaymentIntentNotFound | PaymentIntentUnexpectedState>;
    /** Completes or fails the extra authentication step of a requires_action intent. */
    readonly authenticate: (
      id: string,
      clientSecret: string,
      outcome: "complete" | "fail",
    ) => Effect.Effect<GatewayIntent, PaymentIntentNotFound | PaymentIntentUnexpectedState>;
  }
>() {}

const localNetwork = (intentId: string) =>
  Effect.flatMap(Effect.serviceOption(LocalCardNetwork), (network) =>
    Option.isSome(network)
      ? Effect.succeed(network.value)
      : Effect.fail(new PaymentIntentNotFound({ id: intentId })),
  );

/**
 * The local gateway's card form submits here (the role Stripe.js plays for Stripe): the caller
 * must be the business paying the intent; the recorded events are then applied at once.
 */
export const confirmLocalCardPayment = Effect.fn("payment.confirmLocalCardPayment")(function* (
  user: User,
  intentId: string,
  clientSecret: string,
  card: CardDetails,
) {
  const network = yield* localNetwork(intentId);
  yield* ownIntentPayment(user, intentId);
  const intent = yield* network.confirm(intentId, clientSecret, card);
  yield* deliverLocalGatewayEvents();
  return intent;
});

/** Completes or fails the local gateway's extra authentication step (test card …3155). */
export const authenticateLocalCardPayment = Effect.fn("payment.authenticateLocalCardPayment")(function* (
  user: User,
  intentId: string,
  clientSecret: string,
  outcome: "complete" | "fail",
) {
  const network = yield* localNetwork(intentId);
  yield* ownIntentPayment(user, intentId);
  const intent = yield* network.authenticate(intentId, clientSecret, outcome);
  yield* deliverLocalGatewayEvents();
  return intent;
});
