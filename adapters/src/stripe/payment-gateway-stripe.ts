/**
 * PaymentGatewayStripe: the PaymentGateway port on the `stripe` SDK, used when
 * STRIPE_SECRET_KEY is set. PaymentIntents are created with one idempotency key per invoice
 * attempt (a repeat returns the same intent); webhooks are verified with the signing secret on
 * the raw body (stripe.webhooks.constructEvent, default tolerance 300 s: a stale signature fails).
 * `apiBase` points the SDK at another host (a local stand-in for Stripe's API in tests).
 * Source: https://docs.stripe.com/api/payment_intents, https://docs.stripe.com/webhooks#verify-events.
 */
import {
  type GatewayEvent,
  type GatewayEventType,
  type GatewayIntent,
  type GatewayIntentStatus,
  gatewayEventTypes,
  InvalidWebhook,
  PaymentGateway,
  PaymentGatewayUnavailable,
} from "@closr/core/payment";
import { cents, InvoiceId, PaymentId } from "@closr/core/shared";
import { Effect, Layer, Option } from "effect";
import Stripe from "stripe";

export interface StripeGatewayConfig {
  readonly secretKey: string;
  /** The endpoint's signing secret (`whsec_…`); without it every webhook is refused. */
  readonly webhookSecret: string | undefined;
  /** For the browser's Stripe.js (`pk_…`). */
  readonly publishableKey: string | undefined;
  /** e.g. http://127.0.0.1:12111 for a stand-in; default Stripe's API. */
  readonly apiBase?: string | undefined;
  /** Network retries of the SDK (default 2). */
  readonly maxNetworkRetries?: number;
}

/** A Stripe client configured as the module doc says. */
export function makeStripeClient(config: StripeGatewayConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: config.maxNetworkRetries ?? 2,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

const metadataId = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};
const metadataInvoiceId = (value: string | undefined) => {
  const n = metadataId(value);
  return n === null ? null : InvoiceId.make(n);
};
const metadataPaymentId = (value: string | undefined) => {
  const n = metadataId(value);
  return n === null ? null : PaymentId.make(n);
};

/** A Stripe PaymentIntent → the port's view. */
export const fromPaymentIntent = (pi: Stripe.PaymentIntent): GatewayIntent => ({
  id: pi.id,
  clientSecret: pi.client_secret ?? "",
  status: pi.status as GatewayIntentStatus,
  amountCents: cents(pi.amount),
  currency: "AUD",
  invoiceId: metadataInvoiceId(pi.metadata?.invoiceId),
  paymentId: metadataPaymentId(pi.metadata?.paymentId),
  latestChargeId: typeof pi.latest_charge === "string" ? pi.latest_charge : (pi.latest_charge?.id ?? null),
  lastError: pi.last_payment_error
    ? { code: pi.last_payment_error.code ?? "payment_failed", message: pi.last_payment_error.message ?? "" }
    : null,
  nextAction:
    pi.next_action?.type === "use_stripe_sdk" || pi.next_action?.type === "redirect_to_url"
      ? pi.next_action.type
      : null,
});

/**
 * Metadata on every refund the app creates itself (staff refunds, dispute settlements, a second
 * charge's refund): the webhook path leaves those to the app's own record (ADR 0041).
 */
export const appRefundMetadata = { closr_source: "app" } as const;

const unavailable = (error: unknown) =>
  new PaymentGatewayUnavailable({ message: error instanceof Error ? error.message : String(error) });

/** Stripe answers 409 idempotency_key_in_use while a request with the same key is in flight. */
const retryWhileKeyInUse = <A>(run: () => Promise<A>): Promise<A> => {
  const attempt = async (left: number): Promise<A> => {
    try {
      return await run();
    } catch (error) {
      const e = error as { code?: string; statusCode?: number };
      if (left > 0 && (e.code === "idempotency_key_in_use" || e.statusCode === 409)) {
        await new Promise((r) => setTimeout(r, 200));
        return attempt(left - 1);
      }
      throw error;
    }
  };
  return attempt(5);
};

/** The latest charge of a PaymentIntent (undefined: none yet). */
const chargeOf = async (stripe: Stripe, paymentIntentId: string): Promise<Stripe.Charge | undefined> => {
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
  const charge = intent.latest_charge;
  if (!charge) return undefined;
  return typeof charge === "string" ? stripe.charges.retrieve(charge) : charge;
};

/** The port over a Stripe client. */
export function makeStripeGateway(stripe: Stripe, config: StripeGatewayConfig): PaymentGateway["Type"] {
  return {
    kind: "stripe",
    publishableKey: config.publishableKey ?? null,
    createPaymentIntent: (request) =>
      Effect.tryPromise({
        try: () =>
          retryWhileKeyInUse(() =>
            stripe.paymentIntents.create(
              {
                amount: request.amountCents,
                currency: request.currency.toLowerCase(),
                automatic_payment_methods: { enabled: true },
                description: request.description,
                metadata: { invoiceId: String(request.invoiceId), paymentId: String(request.paymentId) },
                // A destination charge (Stripe Connect, issue 14): https://docs.stripe.com/connect/destination-charges
                ...(request.transfer
                  ? {
                      transfer_data: { destination: request.transfer.destination },
                      application_fee_amount: request.transfer.applicationFeeCents,
                    }
                  : {}),
              },
              { idempotencyKey: request.idempotencyKey },
            ),
          ),
        catch: unavailable,
      }).pipe(Effect.map(fromPaymentIntent)),
    retrievePaymentIntent: (id) =>
      Effect.tryPromise({
        try: async () => {
          try {
            return Option.some(fromPaymentIntent(await stripe.paymentIntents.retrieve(id)));
          } catch (error) {
            if ((error as { code?: string }).code === "resource_missing") return Option.none();
            throw error;
          }
        },
        catch: unavailable,
      }),
    cancelPaymentIntent: (id) =>
      Effect.promise(() =>
        stripe.paymentIntents.cancel(id).then(
          () => undefined,
          () => undefined,
        ),
      ),
    refundPaymentIntent: (id, idempotencyKey, partial) =>
      Effect.tryPromise({
        // https://docs.stripe.com/connect/destination-charges#issue-refunds: reverse_transfer takes the
        // agent's share back, refund_application_fee returns the fee, both in proportion.
        try: () =>
          stripe.refunds.create(
            partial
              ? {
                  payment_intent: id,
                  amount: partial.amountCents,
                  reverse_transfer: partial.reverseTransfer,
                  refund_application_fee: partial.refundApplicationFee,
                  metadata: appRefundMetadata,
                }
              : { payment_intent: id, metadata: appRefundMetadata },
            { idempotencyKey },
          ),
        catch: unavailable,
      }).pipe(Effect.map((refund) => ({ refundId: refund.id ?? null }))),
    reverseChargeTransfer: (id, amountCents, idempotencyKey) =>
      Effect.tryPromise({
        // https://docs.stripe.com/connect/destination-charges#transfer-reversals: the charge's
        // transfer to the connected account, reversed in part or whole.
        try: async () => {
          const charge = await chargeOf(stripe, id);
          const transfer = typeof charge?.transfer === "string" ? charge.transfer : charge?.transfer?.id;
          if (!transfer) return { reversalId: null };
          const reversal = await stripe.transfers.createReversal(
            transfer,
            { amount: amountCents, metadata: appRefundMetadata },
            { idempotencyKey },
          );
          return { reversalId: reversal.id };
        },
        catch: unavailable,
      }),
    transferToDestination: (id, amountCents, idempotencyKey) =>
      Effect.tryPromise({
        // https://docs.stripe.com/connect/separate-charges-and-transfers#transfer-availability:
        // source_transaction ties the new transfer to the charge's funds.
        try: async () => {
          const charge = await chargeOf(stripe, id);
          const destination =
            typeof charge?.transfer_data?.destination === "string"
              ? charge.transfer_data.destination
              : charge?.transfer_data?.destination?.id;
          if (!charge || !destination) return { transferId: null };
          const transfer = await stripe.transfers.create(
            {
              amount: amountCents,
              currency: charge.currency ?? "aud",
              destination,
              source_transaction: charge.id,
              metadata: appRefundMetadata,
            },
            { idempotencyKey },
          );
          return { transferId: transfer.id };
        },
        catch: unavailable,
      }),
    parseWebhook: (rawBody, signature) =>
      Effect.try({
        try: (): GatewayEvent | undefined => {
          if (!config.webhookSecret) throw new Error("No webhook signing secret is configured.");
          if (!signature) throw new Error("No Stripe-Signature header.");
          const event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
          if (!(gatewayEventTypes as readonly string[]).includes(event.type)) return undefined;
          const type = event.type as GatewayEventType;
          if (type === "charge.refunded") {
            const charge = event.data.object as Stripe.Charge;
            const intentId =
              typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
            if (!intentId) return undefined;
            return {
              id: event.id,
              type,
              intent: {
                id: intentId,
                clientSecret: "",
                status: "succeeded",
                amountCents: cents(charge.amount),
                currency: "AUD",
                invoiceId: metadataInvoiceId(charge.metadata?.invoiceId),
                paymentId: metadataPaymentId(charge.metadata?.paymentId),
                latestChargeId: charge.id,
                lastError: null,
                nextAction: null,
                amountRefundedCents: cents(charge.amount_refunded ?? charge.amount),
              },
            };
          }
          return { id: event.id, type, intent: fromPaymentIntent(event.data.object as Stripe.PaymentIntent) };
        },
        catch: (error) =>
          new InvalidWebhook({ message: error instanceof Error ? error.message : String(error) }),
      }),
  };
}

/** The Stripe gateway Layer. */
export const PaymentGatewayStripe = (config: StripeGatewayConfig) =>
  Layer.sync(PaymentGateway, () => makeStripeGateway(makeStripeClient(config), config));
