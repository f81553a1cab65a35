/**
 * Card update of a subscription through a SetupIntent (issue "Money that adds up", item 3; ADR 0042):
 * Settings → Billing → "Update card" starts a SetupIntent for the subscription's customer, the
 * browser confirms it with Stripe.js's Payment Element (setup mode), and completing it makes the
 * new payment method the customer's and the subscription's default. Only the Stripe gateway
 * supports it (the local gateway's cards are test numbers typed at each payment).
 * Source: https://docs.stripe.com/payments/save-and-reuse (SetupIntent),
 * https://docs.stripe.com/billing/subscriptions/payment-methods-setting (default_payment_method).
 */
import { Context, type Effect as E, Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { Clock } from "../shared/index.ts";
import {
  SubscriptionGatewayUnavailable,
  SubscriptionNotChangeable,
  SubscriptionNotFound,
  SubscriptionPaymentNotFound,
  SubscriptionPaymentUnexpectedState,
} from "./errors.ts";
import { SubscriptionRepository } from "./ports.ts";

/** A saved card as the billing page shows it ("Visa •••• 4242", expiry month 1–12, 4-digit year). */
export interface PaymentCard {
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number | null;
  readonly expYear: number | null;
}

/** A started card setup: the SetupIntent's id (seti_…) and the client secret Stripe.js confirms. */
export interface CardSetup {
  readonly id: string;
  readonly clientSecret: string;
}

/**
 * The gateway side of a card update (Stripe SetupIntents). Adapters: SubscriptionCardGatewayStripe
 * and SubscriptionCardGatewayNone (local gateway: every call fails with SubscriptionGatewayUnavailable).
 */
export class SubscriptionCardGateway extends Context.Tag("subscription/SubscriptionCardGateway")<
  SubscriptionCardGateway,
  {
    /** True when card updates are possible (Stripe mode). */
    readonly supported: boolean;
    /** A SetupIntent for the customer of gateway subscription `subscriptionId` (tagged with it). */
    readonly startSetup: (
      subscriptionId: string,
      idempotencyKey: string,
    ) => E.Effect<CardSetup, SubscriptionGatewayUnavailable>;
    /**
     * Reads SetupIntent `setupIntentId`: none when it is not for `subscriptionId`; otherwise its
     * status and, once succeeded, makes its payment method the customer's and the subscription's
     * default and answers the card.
     */
    readonly completeSetup: (
      subscriptionId: string,
      setupIntentId: string,
    ) => E.Effect<
      Option.Option<{ readonly status: string; readonly card: PaymentCard | null }>,
      SubscriptionGatewayUnavailable
    >;
    /** The subscription's default card (none without one). */
    readonly defaultCard: (
      subscriptionId: string,
    ) => E.Effect<Option.Option<PaymentCard>, SubscriptionGatewayUnavailable>;
  }
>() {}

/** The caller's active or past_due subscription with its gateway id (404 / 409 otherwise). */
const updatable = Effect.fn("subscription.cardUpdatable")(function* (user: User) {
  const found = yield* (yield* SubscriptionRepository).current(user.id);
  if (Option.isNone(found) || !found.value.gatewaySubscriptionId) return yield* new SubscriptionNotFound({});
  const s = found.value;
  if (s.status !== "active" && s.status !== "past_due")
    return yield* new SubscriptionNotChangeable({
      status: s.status,
      reason: `The subscription is ${s.status}.`,
    });
  return { id: s.id, gatewaySubscriptionId: s.gatewaySubscriptionId as string };
});

const requireSupport = Effect.fn("subscription.cardSupport")(function* () {
  const cards = yield* SubscriptionCardGateway;
  if (!cards.supported)
    return yield* new SubscriptionGatewayUnavailable({
      message: "Card updates need the Stripe gateway.",
    });
  return cards;
});

/** "Update card": a SetupIntent for the caller's subscription (404 without one, 409 unless active/past_due). */
export const startCardUpdate = Effect.fn("subscription.startCardUpdate")(function* (user: User) {
  const cards = yield* requireSupport();
  const s = yield* updatable(user);
  const now = yield* (yield* Clock).now;
  return yield* cards.startSetup(s.gatewaySubscriptionId, `closr-subscription-${s.id}-card-${now.getTime()}`);
});

/**
 * After Stripe.js confirmed the SetupIntent: the new card becomes the default. Another
 * subscription's SetupIntent → SubscriptionPaymentNotFound (404); not succeeded yet →
 * SubscriptionPaymentUnexpectedState (409).
 */
export const completeCardUpdate = Effect.fn("subscription.completeCardUpdate")(function* (
  user: User,
  setupIntentId: string,
) {
  const cards = yield* requireSupport();
  const s = yield* updatable(user);
  const result = yield* cards.completeSetup(s.gatewaySubscriptionId, setupIntentId);
  if (Option.isNone(result)) return yield* new SubscriptionPaymentNotFound({ id: setupIntentId });
  if (result.value.status !== "succeeded" || !result.value.card)
    return yield* new SubscriptionPaymentUnexpectedState({
      id: setupIntentId,
      message: `The card setup is ${result.value.status}.`,
    });
  return result.value.card;
});

/** The card the caller's subscription is charged to; null without one or on the local gateway. Never fails. */
export const subscriptionCard = Effect.fn("subscription.card")(function* (user: User) {
  const cards = yield* SubscriptionCardGateway;
  if (!cards.supported) return null;
  const found = yield* (yield* SubscriptionRepository).current(user.id);
  const id = Option.isSome(found) ? found.value.gatewaySubscriptionId : null;
  if (
    !id ||
    found.pipe(
      Option.map((s) => s.status === "canceled"),
      Option.getOrElse(() => true),
    )
  )
    return null;
  const card = yield* cards.defaultCard(id).pipe(Effect.orElseSucceed(() => Option.none<PaymentCard>()));
  return Option.getOrNull(card);
});
