/**
 * MandateGatewayStripe (issue 45, ADR 0064): the MandateGateway port on the `stripe` SDK.
 * - setUp: a Customer for the payer, then a SetupIntent with `usage: "off_session"`.
 *   BECS (`allowed_payment_method_types: ["au_becs_debit"]`, what the SDK's API version calls
 *   `payment_method_types`): confirmed here with the BSB and account
 *   number (`payment_method_data`) and `mandate_data.customer_acceptance` online (the payer's IP and
 *   user agent); the mandate becomes active on `setup_intent.succeeded`. Card: not confirmed here
 *   (card numbers never reach Closr): its client secret goes to Stripe.js.
 * - charge: an off-session PaymentIntent (`confirm: true`, the mandate's PaymentMethod and its
 *   customer, `mandate` for BECS, `off_session` for a card, the destination charge of issue 14),
 *   with the idempotency key `closr-collection-<invoice>-attempt-<n>`, so a resumed attempt gets
 *   the first intent back. A declined card answers the failed intent Stripe returns with the error.
 * - parseWebhook: `setup_intent.succeeded`, `setup_intent.setup_failed` and `mandate.updated`,
 *   verified with the endpoint's signing secret like every other event.
 * Sources: https://docs.stripe.com/payments/au-becs-debit/set-up-payment,
 * https://docs.stripe.com/api/setup_intents/create, https://docs.stripe.com/api/mandates/object,
 * https://docs.stripe.com/payments/save-and-reuse (off-session).
 */
import { MandateGateway, type MandateGatewayEvent } from "@closr/core/collection";
import { InvalidWebhook } from "@closr/core/payment";
import { Effect, Layer } from "effect";
import type Stripe from "stripe";
import { fromPaymentIntent, makeStripeClient, type StripeGatewayConfig } from "./payment-gateway-stripe.ts";

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));

/** The mandate events this gateway reads from Stripe's webhooks. */
export const mandateWebhookTypes = [
  "setup_intent.succeeded",
  "setup_intent.setup_failed",
  "mandate.updated",
] as const;

/** A verified Stripe event → the port's mandate event, or undefined when it is not one. */
export const toMandateEvent = (event: Stripe.Event): MandateGatewayEvent | undefined => {
  if (event.type === "setup_intent.succeeded" || event.type === "setup_intent.setup_failed") {
    const setup = event.data.object as Stripe.SetupIntent;
    return {
      id: event.id,
      type: event.type,
      setupIntentId: setup.id,
      status: event.type === "setup_intent.succeeded" ? "active" : "inactive",
      gatewayMandateId: idOf(setup.mandate),
      paymentMethodId: idOf(setup.payment_method),
      reason: setup.last_setup_error?.code ?? null,
    };
  }
  if (event.type === "mandate.updated") {
    const mandate = event.data.object as Stripe.Mandate;
    return {
      id: event.id,
      type: "mandate.updated",
      setupIntentId: "",
      status: mandate.status === "active" ? "active" : mandate.status === "inactive" ? "inactive" : "pending",
      gatewayMandateId: mandate.id,
      paymentMethodId: idOf(mandate.payment_method),
      // Stripe's Mandate carries no reason; an inactive BECS mandate means the account refused it.
      reason: mandate.status === "inactive" ? "mandate_inactive" : null,
    };
  }
  return undefined;
};

/** The port over a Stripe client. */
export function makeStripeMandateGateway(
  stripe: Stripe,
  config: StripeGatewayConfig,
): MandateGateway["Type"] {
  return {
    kind: "stripe",
    setUp: (request) =>
      Effect.promise(async () => {
        const customer = await stripe.customers.create({ email: request.email, name: request.accountName });
        const acceptance = {
          type: "online" as const,
          accepted_at: Math.floor(request.acceptance.at.getTime() / 1000),
          online: {
            ip_address: request.acceptance.ip ?? "0.0.0.0",
            user_agent: request.acceptance.userAgent ?? "unknown",
          },
        };
        const setup =
          request.method === "au_becs_debit"
            ? await stripe.setupIntents.create({
                customer: customer.id,
                usage: "off_session",
                allowed_payment_method_types: ["au_becs_debit"],
                confirm: true,
                payment_method_data: {
                  type: "au_becs_debit",
                  au_becs_debit: {
                    bsb_number: request.bsb ?? "",
                    account_number: request.accountNumber ?? "",
                  },
                  billing_details: { name: request.accountName, email: request.email },
                },
                mandate_data: { customer_acceptance: acceptance },
              })
            : await stripe.setupIntents.create({
                customer: customer.id,
                usage: "off_session",
                allowed_payment_method_types: ["card"],
              });
        const digits = request.method === "au_becs_debit" ? request.accountNumber : request.cardNumber;
        return {
          setupIntentId: setup.id,
          status: setup.status === "succeeded" ? ("succeeded" as const) : ("processing" as const),
          gatewayMandateId: idOf(setup.mandate),
          paymentMethodId: idOf(setup.payment_method),
          lastFour: (digits ?? "").slice(-4),
          clientSecret: request.method === "card" ? setup.client_secret : null,
        };
      }),
    charge: (request) =>
      Effect.promise(async () => {
        const paymentMethodId = request.mandate.paymentMethodId ?? "";
        const paymentMethod = await stripe.paymentMethods.retrieve(paymentMethodId);
        const customer = idOf(paymentMethod.customer);
        const becs = request.mandate.method === "au_becs_debit";
        try {
          return fromPaymentIntent(
            await stripe.paymentIntents.create(
              {
                amount: request.amountCents,
                currency: "aud",
                ...(customer ? { customer } : {}),
                payment_method: paymentMethodId,
                allowed_payment_method_types: [becs ? "au_becs_debit" : "card"],
                confirm: true,
                ...(becs && request.mandate.gatewayMandateId
                  ? { mandate: request.mandate.gatewayMandateId }
                  : { off_session: true }),
                description: request.description,
                metadata: {
                  invoiceId: String(request.invoiceId),
                  paymentId: String(request.paymentId),
                  mandateId: String(request.mandate.id),
                },
                ...(request.transfer
                  ? {
                      transfer_data: { destination: request.transfer.destination },
                      application_fee_amount: request.transfer.applicationFeeCents,
                    }
                  : {}),
              },
              { idempotencyKey: request.idempotencyKey },
            ),
          );
        } catch (error) {
          // A declined off-session card: Stripe answers 402 with the failed intent in the error.
          const intent = (error as { raw?: { payment_intent?: Stripe.PaymentIntent } }).raw?.payment_intent;
          if (intent) return fromPaymentIntent(intent);
          throw error;
        }
      }),
    // Stripe clears debits itself and tells by webhook.
    clearDue: () => Effect.succeed([]),
    parseWebhook: (rawBody, signature) =>
      Effect.try({
        try: () => {
          if (!config.webhookSecret) throw new Error("No webhook signing secret is configured.");
          if (!signature) throw new Error("No Stripe-Signature header.");
          return toMandateEvent(stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret));
        },
        catch: (error) =>
          new InvalidWebhook({ message: error instanceof Error ? error.message : String(error) }),
      }),
  };
}

/** The Stripe mandate gateway Layer. */
export const MandateGatewayStripe = (config: StripeGatewayConfig) =>
  Layer.sync(MandateGateway, () => makeStripeMandateGateway(makeStripeClient(config), config));
