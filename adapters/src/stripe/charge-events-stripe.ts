/**
 * ChargeEventGatewayStripe (ADR 0041): reads refund and card dispute webhooks with the `stripe`
 * SDK. The signature is verified on the raw body (stripe.webhooks.constructEvent, default
 * tolerance 300 s). For `charge.refunded` the charge's refunds are listed from the API
 * (`refunds.list({ charge })`): since API version 2022-11-15 a Charge no longer embeds its
 * refunds, and the list gives each refund's id, amount, status and metadata as of now.
 * `refund.updated` carries its refund; `charge.dispute.*` its dispute.
 * Sources: https://docs.stripe.com/api/events/types, https://docs.stripe.com/api/refunds/list,
 * https://docs.stripe.com/api/disputes/object.
 */
import { InvalidWebhook, PaymentGatewayUnavailable } from "@closr/core/payment";
import {
  type ChargeEvent,
  ChargeEventGateway,
  type GatewayDisputeStatus,
  type GatewayRefund,
  type GatewayRefundStatus,
} from "@closr/core/payout";
import { cents } from "@closr/core/shared";
import { Effect, Layer } from "effect";
import type Stripe from "stripe";
import { appRefundMetadata, makeStripeClient, type StripeGatewayConfig } from "./payment-gateway-stripe.ts";

const idOf = (value: string | { readonly id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** A Stripe Refund → the core's view. */
export const fromStripeRefund = (refund: Stripe.Refund): GatewayRefund => ({
  refundId: refund.id,
  amountCents: cents(refund.amount),
  status: (refund.status ?? "pending") as GatewayRefundStatus,
  createdInApp: refund.metadata?.closr_source === appRefundMetadata.closr_source,
});

const chargeEventTypes = [
  "charge.refunded",
  "refund.updated",
  "charge.dispute.created",
  "charge.dispute.updated",
  "charge.dispute.closed",
] as const;

/** The port over a Stripe client. */
export function makeStripeChargeEvents(
  stripe: Stripe,
  config: StripeGatewayConfig,
): ChargeEventGateway["Type"] {
  const verify = (rawBody: string, signature: string | undefined) =>
    Effect.try({
      try: () => {
        if (!config.webhookSecret) throw new Error("No webhook signing secret is configured.");
        if (!signature) throw new Error("No Stripe-Signature header.");
        return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      },
      catch: (error) =>
        new InvalidWebhook({ message: error instanceof Error ? error.message : String(error) }),
    });
  return {
    parseChargeWebhook: (rawBody, signature) =>
      Effect.gen(function* () {
        const event = yield* verify(rawBody, signature);
        if (!(chargeEventTypes as readonly string[]).includes(event.type)) return undefined;
        if (event.type === "charge.refunded") {
          const charge = event.data.object as Stripe.Charge;
          const paymentIntentId = idOf(charge.payment_intent);
          if (!paymentIntentId) return undefined;
          const listed = yield* Effect.tryPromise({
            try: () => stripe.refunds.list({ charge: charge.id, limit: 100 }),
            catch: (error) =>
              new PaymentGatewayUnavailable({
                message: error instanceof Error ? error.message : String(error),
              }),
          });
          // Oldest first, so the refund rows (and their splits) follow the order they were made.
          const refunds = [...listed.data].sort((a, b) => a.created - b.created).map(fromStripeRefund);
          return { id: event.id, type: "charge.refunded", paymentIntentId, refunds } satisfies ChargeEvent;
        }
        if (event.type === "refund.updated") {
          const refund = event.data.object as Stripe.Refund;
          const paymentIntentId = idOf(refund.payment_intent);
          if (!paymentIntentId) return undefined;
          return {
            id: event.id,
            type: "refund.updated",
            paymentIntentId,
            refunds: [fromStripeRefund(refund)],
          } satisfies ChargeEvent;
        }
        const dispute = event.data.object as Stripe.Dispute;
        const paymentIntentId = idOf(dispute.payment_intent);
        if (!paymentIntentId) return undefined;
        return {
          id: event.id,
          type: event.type as "charge.dispute.created" | "charge.dispute.updated" | "charge.dispute.closed",
          paymentIntentId,
          dispute: {
            disputeId: dispute.id,
            amountCents: cents(dispute.amount),
            status: dispute.status as GatewayDisputeStatus,
          },
        } satisfies ChargeEvent;
      }),
  };
}

/** The Stripe charge-events Layer (same client settings as the payment gateway). */
export const ChargeEventGatewayStripe = (config: StripeGatewayConfig) =>
  Layer.sync(ChargeEventGateway, () => makeStripeChargeEvents(makeStripeClient(config), config));
