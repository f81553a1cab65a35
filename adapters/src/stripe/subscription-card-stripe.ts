/**
 * SubscriptionCardGatewayStripe: card updates of a Stripe subscription through a SetupIntent
 * (ADR 0042). startSetup creates `setup_intents` for the subscription's customer with
 * `usage: 'off_session'` and `metadata.subscriptionId` (the owner check of completeSetup);
 * completeSetup retrieves it and, once `succeeded`, sets its payment method as the customer's
 * `invoice_settings.default_payment_method` and the subscription's `default_payment_method`
 * (idempotency keys per SetupIntent), then reads the card (brand, last4, expiry).
 * Sources: https://docs.stripe.com/api/setup_intents/create,
 * https://docs.stripe.com/billing/subscriptions/payment-methods-setting.
 */
import {
  type PaymentCard,
  SubscriptionCardGateway,
  SubscriptionGatewayUnavailable,
} from "@closr/core/subscription";
import { Effect, Layer, Option } from "effect";
import type Stripe from "stripe";
import { makeStripeClient, type StripeGatewayConfig } from "./payment-gateway-stripe.ts";

const unavailable = (error: unknown) =>
  new SubscriptionGatewayUnavailable({ message: error instanceof Error ? error.message : String(error) });

// biome-ignore lint/suspicious/noExplicitAny: Stripe objects read defensively across API versions
type Json = any;

/** A PaymentMethod (or its id) → the card we show; null when it is not a card. */
const cardOf = (pm: Json): PaymentCard | null =>
  pm && typeof pm === "object" && pm.card
    ? {
        brand: String(pm.card.brand ?? "card"),
        last4: String(pm.card.last4 ?? ""),
        expMonth: pm.card.exp_month ?? null,
        expYear: pm.card.exp_year ?? null,
      }
    : null;

export function makeStripeSubscriptionCardGateway(stripe: Stripe): SubscriptionCardGateway["Type"] {
  const customerOf = async (subscriptionId: string) => {
    const s = await stripe.subscriptions.retrieve(subscriptionId);
    return typeof s.customer === "string" ? s.customer : s.customer.id;
  };
  return {
    supported: true,
    startSetup: (subscriptionId, idempotencyKey) =>
      Effect.tryPromise({
        try: async () => {
          const setup = await stripe.setupIntents.create(
            {
              customer: await customerOf(subscriptionId),
              usage: "off_session",
              automatic_payment_methods: { enabled: true },
              metadata: { subscriptionId },
            },
            { idempotencyKey },
          );
          return { id: setup.id, clientSecret: setup.client_secret ?? "" };
        },
        catch: unavailable,
      }),
    completeSetup: (subscriptionId, setupIntentId) =>
      Effect.tryPromise({
        try: async () => {
          let setup: Json;
          try {
            setup = await stripe.setupIntents.retrieve(setupIntentId);
          } catch (error) {
            if ((error as { code?: string }).code === "resource_missing") return Option.none();
            throw error;
          }
          if (setup.metadata?.subscriptionId !== subscriptionId) return Option.none();
          if (setup.status !== "succeeded" || !setup.payment_method)
            return Option.some({ status: String(setup.status), card: null });
          const pm =
            typeof setup.payment_method === "string" ? setup.payment_method : setup.payment_method.id;
          const customer = typeof setup.customer === "string" ? setup.customer : setup.customer?.id;
          if (customer)
            await stripe.customers.update(
              customer,
              { invoice_settings: { default_payment_method: pm } },
              { idempotencyKey: `${setupIntentId}-customer-default` },
            );
          await stripe.subscriptions.update(
            subscriptionId,
            { default_payment_method: pm },
            { idempotencyKey: `${setupIntentId}-subscription-default` },
          );
          const card = cardOf(await stripe.paymentMethods.retrieve(pm));
          return Option.some({ status: "succeeded", card });
        },
        catch: unavailable,
      }),
    defaultCard: (subscriptionId) =>
      Effect.tryPromise({
        try: async () => {
          const s: Json = await stripe.subscriptions.retrieve(subscriptionId, {
            expand: ["default_payment_method"],
          });
          return Option.fromNullable(cardOf(s.default_payment_method));
        },
        catch: unavailable,
      }),
  };
}

/** The Stripe card-update gateway Layer (Stripe mode). */
export const SubscriptionCardGatewayStripe = (config: StripeGatewayConfig) =>
  Layer.sync(SubscriptionCardGateway, () => makeStripeSubscriptionCardGateway(makeStripeClient(config)));

/** No card updates (the local gateway): `supported` false, every call fails as unavailable. */
export const SubscriptionCardGatewayNone = Layer.succeed(SubscriptionCardGateway, {
  supported: false,
  startSetup: () => Effect.fail(new SubscriptionGatewayUnavailable({ message: "Card updates need Stripe." })),
  completeSetup: () =>
    Effect.fail(new SubscriptionGatewayUnavailable({ message: "Card updates need Stripe." })),
  defaultCard: () => Effect.succeed(Option.none()),
});
