/**
 * SubscriptionGatewayStripe: the SubscriptionGateway port on Stripe Billing (issue 13), used when
 * STRIPE_SECRET_KEY is set. Pinned SDK stripe@23.1 speaks API 2026-10-28, where:
 * - a subscription is created `payment_behavior: 'default_incomplete'` and its first invoice's
 *   client secret is `latest_invoice.confirmation_secret.client_secret` (the Basil API removed
 *   `latest_invoice.payment_intent`), so we expand `latest_invoice.confirmation_secret`;
 * - billing periods live on the subscription ITEM (`items.data[0].current_period_start/end`);
 * - an invoice's subscription is `parent.subscription_details.subscription`, its period and
 *   price are on its line (`lines.data[0].period`, `lines.data[0].pricing.price_details.price`).
 * Every write carries an idempotency key; webhooks are verified like payments' (constructEvent).
 * A plan change swaps the item's price with `proration_behavior: 'none'` (the new price is billed
 * from the next invoice) and records `scheduledPlanId` in metadata; our entitlements follow the
 * plan of the next PAID invoice. Prices: `prices` maps plan and interval to Stripe price ids
 * (default the §9 identifiers, `<id>_annual` for a year).
 * Sources: https://docs.stripe.com/billing/subscriptions/build-subscriptions,
 * https://docs.stripe.com/changelog/basil (invoice payment_intent → confirmation_secret).
 */
import { InvalidWebhook } from "@closr/core/payment";
import {
  type BillingInterval,
  type GatewaySubscription,
  type PaidPlanId,
  plans,
  SubscriptionGateway,
  type SubscriptionGatewayEvent,
  SubscriptionGatewayUnavailable,
  type SubscriptionStatus,
} from "@closr/core/subscription";
import { Effect, Layer, Option } from "effect";
import type Stripe from "stripe";
import { makeStripeClient, type StripeGatewayConfig } from "./payment-gateway-stripe.ts";

const paid: readonly PaidPlanId[] = ["professional", "enterprise", "agent_pro"];

/** Stripe price id of a plan and interval (override per deployment). */
export const defaultStripePrice = (planId: PaidPlanId, interval: BillingInterval): string =>
  `${plans[planId].priceId}${interval === "year" ? "_annual" : ""}`;

const unavailable = (error: unknown) =>
  new SubscriptionGatewayUnavailable({ message: error instanceof Error ? error.message : String(error) });

const date = (seconds: number | null | undefined) => new Date((seconds ?? 0) * 1000);
const isPaid = (v: unknown): v is PaidPlanId => paid.includes(v as PaidPlanId);

// biome-ignore lint/suspicious/noExplicitAny: Stripe objects read defensively across API versions
type Json = any;

export function makeStripeSubscriptionGateway(
  stripe: Stripe,
  config: StripeGatewayConfig,
  priceOf: (planId: PaidPlanId, interval: BillingInterval) => string = defaultStripePrice,
): SubscriptionGateway["Type"] {
  const planOfPrice = (
    price: string | undefined,
  ): { planId: PaidPlanId; interval: BillingInterval } | undefined => {
    for (const planId of paid)
      for (const interval of ["month", "year"] as const)
        if (priceOf(planId, interval) === price) return { planId, interval };
    return undefined;
  };

  /** A Stripe Subscription (latest_invoice expanded with confirmation_secret, or not) → the port's view. */
  const fromSubscription = (s: Json): GatewaySubscription => {
    const item = s.items?.data?.[0];
    const byPrice = planOfPrice(item?.price?.id);
    const planId: PaidPlanId = isPaid(s.metadata?.planId)
      ? s.metadata.planId
      : (byPrice?.planId ?? "professional");
    const invoice = typeof s.latest_invoice === "object" ? s.latest_invoice : null;
    const secret = invoice?.confirmation_secret?.client_secret as string | undefined;
    const waiting = invoice && invoice.status === "open" && secret;
    return {
      id: s.id,
      customerId: typeof s.customer === "string" ? s.customer : s.customer?.id,
      status: s.status as SubscriptionStatus,
      planId,
      interval: s.metadata?.interval === "year" || byPrice?.interval === "year" ? "year" : "month",
      currentPeriodStart: date(item?.current_period_start ?? s.current_period_start),
      currentPeriodEnd: date(item?.current_period_end ?? s.current_period_end),
      cancelAtPeriodEnd: Boolean(s.cancel_at_period_end),
      scheduledPlanId: isPaid(s.metadata?.scheduledPlanId) ? s.metadata.scheduledPlanId : null,
      payment: waiting
        ? {
            id: secret.split("_secret_")[0] ?? invoice.id,
            clientSecret: secret,
            amountCents: invoice.amount_due ?? 0,
          }
        : null,
    };
  };

  const retrieve = (id: string) =>
    stripe.subscriptions.retrieve(id, { expand: ["latest_invoice.confirmation_secret"] });

  const update = (id: string, params: Stripe.SubscriptionUpdateParams, idempotencyKey: string) =>
    Effect.tryPromise({
      try: async () =>
        fromSubscription(
          await stripe.subscriptions.update(
            id,
            { ...params, expand: ["latest_invoice.confirmation_secret"] },
            { idempotencyKey },
          ),
        ),
      catch: unavailable,
    });

  return {
    kind: "stripe",
    publishableKey: config.publishableKey ?? null,
    createSubscription: (request) =>
      Effect.tryPromise({
        try: async () => {
          const customer =
            request.customerId ??
            (
              await stripe.customers.create(
                { email: request.email, metadata: { userId: String(request.userId) } },
                { idempotencyKey: `${request.idempotencyKey}-customer` },
              )
            ).id;
          const created = await stripe.subscriptions.create(
            {
              customer,
              items: [{ price: priceOf(request.planId, request.interval) }],
              payment_behavior: "default_incomplete",
              payment_settings: { save_default_payment_method: "on_subscription" },
              expand: ["latest_invoice.confirmation_secret"],
              metadata: {
                userId: String(request.userId),
                subscriptionRowId: String(request.subscriptionRowId),
                planId: request.planId,
                interval: request.interval,
              },
            },
            { idempotencyKey: request.idempotencyKey },
          );
          return fromSubscription(created);
        },
        catch: unavailable,
      }),
    retrieveSubscription: (id) =>
      Effect.tryPromise({
        try: async () => {
          try {
            return Option.some(fromSubscription(await retrieve(id)));
          } catch (error) {
            if ((error as { code?: string }).code === "resource_missing") return Option.none();
            throw error;
          }
        },
        catch: unavailable,
      }),
    setCancelAtPeriodEnd: (id, cancel, idempotencyKey) =>
      update(id, { cancel_at_period_end: cancel }, idempotencyKey),
    schedulePlanChange: (id, planId, idempotencyKey) =>
      Effect.flatMap(Effect.tryPromise({ try: () => retrieve(id), catch: unavailable }), (current: Json) => {
        const item = current.items?.data?.[0];
        const target =
          planId ?? (isPaid(current.metadata?.planId) ? current.metadata.planId : "professional");
        const interval: BillingInterval = current.metadata?.interval === "year" ? "year" : "month";
        return update(
          id,
          {
            items: [{ id: item?.id, price: priceOf(target, interval) }],
            proration_behavior: "none",
            metadata: { scheduledPlanId: planId ?? "" },
          },
          idempotencyKey,
        );
      }),
    parseWebhook: (rawBody, signature) =>
      Effect.flatMap(
        Effect.try({
          try: () => {
            if (!config.webhookSecret) throw new Error("No webhook signing secret is configured.");
            if (!signature) throw new Error("No Stripe-Signature header.");
            return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret) as Json;
          },
          catch: (error) =>
            new InvalidWebhook({ message: error instanceof Error ? error.message : String(error) }),
        }),
        (event): Effect.Effect<SubscriptionGatewayEvent | undefined, InvalidWebhook> => {
          const created = date(event.created);
          if (
            event.type === "customer.subscription.updated" ||
            event.type === "customer.subscription.deleted"
          )
            return Effect.succeed({
              id: event.id,
              type: event.type,
              created,
              subscription: fromSubscription(event.data.object),
            });
          if (event.type !== "invoice.paid" && event.type !== "invoice.payment_failed")
            return Effect.succeed(undefined);
          const invoice = event.data.object;
          const subscriptionId =
            invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? undefined;
          if (!subscriptionId) return Effect.succeed(undefined);
          const line = invoice.lines?.data?.[0];
          // The subscription's snapshot now (a retryable 500 if Stripe is unreachable: Stripe redelivers).
          return Effect.map(
            Effect.orDie(
              Effect.tryPromise({ try: () => retrieve(String(subscriptionId)), catch: unavailable }),
            ),
            (s) => {
              const subscription = fromSubscription(s);
              const price = planOfPrice(line?.pricing?.price_details?.price ?? line?.price?.id);
              return {
                id: event.id as string,
                type: event.type as "invoice.paid" | "invoice.payment_failed",
                created,
                subscription,
                invoice: {
                  id: invoice.id,
                  subscriptionId: subscription.id,
                  planId: price?.planId ?? subscription.planId,
                  interval: price?.interval ?? subscription.interval,
                  amountCents:
                    event.type === "invoice.paid"
                      ? (invoice.amount_paid ?? invoice.total)
                      : (invoice.amount_due ?? invoice.total),
                  periodStart: date(line?.period?.start ?? invoice.period_start),
                  periodEnd: date(line?.period?.end ?? invoice.period_end),
                  failureMessage: invoice.last_finalization_error?.message ?? null,
                },
              };
            },
          );
        },
      ),
  };
}

/** The Stripe subscription gateway Layer. */
export const SubscriptionGatewayStripe = (config: StripeGatewayConfig) =>
  Layer.sync(SubscriptionGateway, () => makeStripeSubscriptionGateway(makeStripeClient(config), config));
