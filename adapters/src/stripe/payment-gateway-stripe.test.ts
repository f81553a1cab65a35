import { InvalidWebhook } from "@closr/core/payment";
import { cents, InvoiceId, PaymentId } from "@closr/core/shared";
import { Effect, Exit, Option } from "effect";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStripeClient, makeStripeGateway, type StripeGatewayConfig } from "./payment-gateway-stripe.ts";
import { type StripeStandIn, startStripeStandIn } from "./testing/stripe-stand-in.ts";

let standIn: StripeStandIn;
let config: StripeGatewayConfig;
const secret = "whsec_test_secret";
beforeAll(async () => {
  standIn = await startStripeStandIn();
  config = {
    secretKey: "sk_test_closr",
    webhookSecret: secret,
    publishableKey: "pk_test_closr",
    apiBase: standIn.url,
    maxNetworkRetries: 0,
  };
});
afterAll(() => standIn?.close());

const gateway = () => makeStripeGateway(makeStripeClient(config), config);
const request = {
  amountCents: cents(125_050),
  currency: "AUD" as const,
  idempotencyKey: "closr-invoice-42-attempt-1",
  invoiceId: InvoiceId.make(42),
  paymentId: PaymentId.make(7),
  description: "Closr invoice #42",
};

describe("PaymentGatewayStripe with the real SDK against a stand-in", () => {
  it("creates a PaymentIntent with the right shape, key and authorization", async () => {
    const intent = await Effect.runPromise(gateway().createPaymentIntent(request));
    expect(intent).toMatchObject({
      status: "requires_payment_method",
      amountCents: cents(125_050),
      currency: "AUD",
      invoiceId: InvoiceId.make(42),
      paymentId: PaymentId.make(7),
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
    });
    const sent = standIn.requests.at(-1);
    expect(sent).toMatchObject({
      method: "POST",
      path: "/v1/payment_intents",
      idempotencyKey: "closr-invoice-42-attempt-1",
      authorization: "Bearer sk_test_closr",
      form: {
        amount: "125050",
        currency: "aud",
        "automatic_payment_methods[enabled]": "true",
        "metadata[invoiceId]": "42",
        "metadata[paymentId]": "7",
        description: "Closr invoice #42",
      },
    });
  });

  it("the same idempotency key answers the same intent; another key a new one", async () => {
    const a = await Effect.runPromise(gateway().createPaymentIntent({ ...request, idempotencyKey: "k-1" }));
    const b = await Effect.runPromise(gateway().createPaymentIntent({ ...request, idempotencyKey: "k-1" }));
    const c = await Effect.runPromise(gateway().createPaymentIntent({ ...request, idempotencyKey: "k-2" }));
    expect(b.id).toBe(a.id);
    expect(c.id).not.toBe(a.id);
  });

  it("retrieves (none for a missing intent), cancels, refunds with an idempotency key", async () => {
    const g = gateway();
    const intent = await Effect.runPromise(g.createPaymentIntent({ ...request, idempotencyKey: "k-3" }));
    standIn.setStatus(intent.id, "succeeded", { latest_charge: "ch_123" });
    const found = await Effect.runPromise(g.retrievePaymentIntent(intent.id));
    expect(Option.getOrThrow(found)).toMatchObject({ status: "succeeded", latestChargeId: "ch_123" });
    expect(Option.isNone(await Effect.runPromise(g.retrievePaymentIntent("pi_missing")))).toBe(true);
    await Effect.runPromise(g.refundPaymentIntent(intent.id, "closr-refund-x"));
    expect(standIn.requests.at(-1)).toMatchObject({
      path: "/v1/refunds",
      idempotencyKey: "closr-refund-x",
      form: { payment_intent: intent.id },
    });
    const other = await Effect.runPromise(g.createPaymentIntent({ ...request, idempotencyKey: "k-4" }));
    await Effect.runPromise(g.cancelPaymentIntent(other.id));
    expect(standIn.intents.get(other.id)?.status).toBe("canceled");
    await Effect.runPromise(g.cancelPaymentIntent(intent.id)); // succeeded: refused by Stripe, ignored
  });

  it("webhooks: a real signature is accepted; wrong secret, tampered body, stale timestamp or none are refused", async () => {
    const g = gateway();
    const object = {
      ...standIn.setStatus(
        (await Effect.runPromise(g.createPaymentIntent({ ...request, idempotencyKey: "k-5" }))).id,
        "succeeded",
        { latest_charge: "ch_9" },
      ),
    };
    const good = standIn.webhook("payment_intent.succeeded", object, { secret });
    const event = await Effect.runPromise(g.parseWebhook(good.body, good.signature));
    expect(event).toMatchObject({
      id: good.id,
      type: "payment_intent.succeeded",
      intent: {
        id: object.id,
        status: "succeeded",
        latestChargeId: "ch_9",
        invoiceId: InvoiceId.make(42),
        amountCents: cents(125_050),
      },
    });
    const refused = async (body: string, signature: string | undefined) => {
      const exit = await Effect.runPromiseExit(g.parseWebhook(body, signature));
      return Exit.isFailure(exit) && (exit.cause as { error?: unknown }).error instanceof InvalidWebhook;
    };
    const wrong = standIn.webhook("payment_intent.succeeded", object, { secret: "whsec_wrong" });
    expect(await refused(wrong.body, wrong.signature)).toBe(true);
    expect(await refused(good.body.replace("125050", "1"), good.signature)).toBe(true);
    const stale = standIn.webhook("payment_intent.succeeded", object, {
      secret,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(await refused(stale.body, stale.signature)).toBe(true);
    expect(await refused(good.body, undefined)).toBe(true);
    const ignored = standIn.webhook("customer.created", { id: "cus_1", object: "customer" }, { secret });
    expect(await Effect.runPromise(g.parseWebhook(ignored.body, ignored.signature))).toBeUndefined();
  });

  it("the stand-in's signatures are Stripe's own (constructEvent accepts them)", () => {
    const signed = standIn.webhook(
      "payment_intent.processing",
      { id: "pi_x", object: "payment_intent" },
      { secret },
    );
    expect(new Stripe("sk_test_x").webhooks.constructEvent(signed.body, signed.signature, secret).id).toBe(
      signed.id,
    );
  });
});
