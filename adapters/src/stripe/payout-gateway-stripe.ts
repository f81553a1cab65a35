/**
 * PayoutGatewayStripe (issue 14): the PayoutGateway port on Stripe Connect with Express accounts.
 * - createAccount: `accounts.create` (type express, country AU, card_payments and transfers),
 *   one per agent by idempotency key.
 * - onboardingLink: an `account_onboarding` Account Link (single use, expires in minutes; the
 *   refresh URL asks for a new one).
 * - parseWebhook: a Connect endpoint's `account.updated` event, verified with its signing secret
 *   on the raw body; charges_enabled, payouts_enabled, details_submitted and the requirements due.
 * Source: https://docs.stripe.com/connect/express-accounts, https://docs.stripe.com/api/account_links,
 * https://docs.stripe.com/connect/webhooks.
 */
import { InvalidWebhook } from "@closr/core/payment";
import { type AccountEvent, PayoutGateway, PayoutGatewayUnavailable } from "@closr/core/payout";
import { Effect, Layer } from "effect";
import type Stripe from "stripe";
import { makeStripeClient, type StripeGatewayConfig } from "./payment-gateway-stripe.ts";

const unavailable = (error: unknown) =>
  new PayoutGatewayUnavailable({ message: error instanceof Error ? error.message : String(error) });

/** A Stripe account → the port's account state. */
export const fromStripeAccount = (account: Stripe.Account): AccountEvent["account"] => {
  const due = [...(account.requirements?.past_due ?? []), ...(account.requirements?.currently_due ?? [])];
  const bank = account.external_accounts?.data?.[0] as { last4?: string } | undefined;
  return {
    accountId: account.id,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    detailsSubmitted: account.details_submitted ?? false,
    requirements: [...new Set(due)],
    disabledReason: account.requirements?.disabled_reason ?? null,
    bankLastFour: bank?.last4 ?? null,
  };
};

/** The port over a Stripe client; `connectWebhookSecret` verifies the Connect endpoint's events. */
export function makeStripePayoutGateway(
  stripe: Stripe,
  connectWebhookSecret: string | undefined,
): PayoutGateway["Type"] {
  return {
    kind: "stripe",
    createAccount: (request) =>
      Effect.tryPromise({
        try: () =>
          stripe.accounts.create(
            {
              type: "express",
              country: "AU",
              email: request.email,
              capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
              metadata: { agentId: String(request.agentId) },
            },
            { idempotencyKey: request.idempotencyKey },
          ),
        catch: unavailable,
      }).pipe(Effect.map((account) => ({ accountId: account.id }))),
    onboardingLink: (request) =>
      Effect.tryPromise({
        try: () =>
          stripe.accountLinks.create({
            account: request.accountId,
            refresh_url: request.refreshUrl,
            return_url: request.returnUrl,
            type: "account_onboarding",
          }),
        catch: unavailable,
      }).pipe(Effect.map((link) => ({ url: link.url }))),
    parseWebhook: (rawBody, signature) =>
      Effect.try({
        try: (): AccountEvent | undefined => {
          if (!connectWebhookSecret) throw new Error("No Connect webhook signing secret is configured.");
          if (!signature) throw new Error("No Stripe-Signature header.");
          const event = stripe.webhooks.constructEvent(rawBody, signature, connectWebhookSecret);
          if (event.type !== "account.updated") return undefined;
          return {
            id: event.id,
            createdAt: new Date(event.created * 1000),
            account: fromStripeAccount(event.data.object as Stripe.Account),
          };
        },
        catch: (error) =>
          new InvalidWebhook({ message: error instanceof Error ? error.message : String(error) }),
      }),
  };
}

/** The Stripe payout gateway Layer (STRIPE_CONNECT_WEBHOOK_SECRET, else the payments webhook secret). */
export const PayoutGatewayStripe = (
  config: StripeGatewayConfig & { readonly connectWebhookSecret?: string | undefined },
) =>
  Layer.sync(PayoutGateway, () =>
    makeStripePayoutGateway(makeStripeClient(config), config.connectWebhookSecret ?? config.webhookSecret),
  );
