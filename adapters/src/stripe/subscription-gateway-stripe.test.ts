import { SubscriptionId, UserId } from "@closr/core/shared";
import { Effect, Exit, Option } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStripeClient, type StripeGatewayConfig } from "./payment-gateway-stripe.ts";
import { makeStripeSubscriptionGateway } from "./subscription-gateway-stripe.ts";
import { type StripeStandIn, startStripeStandIn } from "./testing/stripe-stand-in.ts";

let standIn: StripeStandIn;
let config: StripeGatewayConfig;
const secret = "whsec_test_subscriptions";
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

const gateway = () => makeStripeSubscriptionGateway(makeStripeClient(config), config);
const request = {
  userId: UserId.make(7),
  email: "ops@harbourtech.com.au",
  customerId: null,
  planId: "professional" as const,
  interval: "month" as const,
  amountCents: 4900,
  idempotencyKey: "closr-subscription-12",
  subscriptionRowId: SubscriptionId.make(12),
};

describe("SubscriptionGatewayStripe with the real SDK against a stand-in", () => {
  it("creates a default_incomplete subscription, expanding the first invoice's confirmation secret, with idempotency keys", async () => {
    const first = await Effect.runPromise(gateway().createSubscription(request));
    const again = await Effect.runPromise(gateway().createSubscription(request));
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({
      status: "incomplete",
      planId: "professional",
      interval: "month",
      cancelAtPeriodEnd: false,
    });
    expect(first.payment?.clientSecret).toMatch(/^pi_[0-9a-f]+_secret_/);
    expect(first.payment?.id).toMatch(/^pi_[0-9a-f]+$/);
    const created = standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/subscriptions");
    expect(created[0]?.form).toMatchObject({
      payment_behavior: "default_incomplete",
      "expand[0]": "latest_invoice.confirmation_secret",
      "items[0][price]": "price_professional",
      "metadata[planId]": "professional",
      "metadata[subscriptionRowId]": "12",
    });
    expect(created.map((r) => r.idempotencyKey)).toEqual(["closr-subscription-12", "closr-subscription-12"]);
    const customers = standIn.requests.filter((r) => r.path === "/v1/customers");
    expect(customers[0]?.idempotencyKey).toBe("closr-subscription-12-customer");
  });

  it("cancels at period end and schedules a plan change with idempotency keys", async () => {
    const sub = await Effect.runPromise(
      gateway().createSubscription({ ...request, idempotencyKey: "closr-subscription-13" }),
    );
    const canceled = await Effect.runPromise(gateway().setCancelAtPeriodEnd(sub.id, true, "k-cancel"));
    expect(canceled.cancelAtPeriodEnd).toBe(true);
    const changed = await Effect.runPromise(gateway().schedulePlanChange(sub.id, "enterprise", "k-plan"));
    expect(changed.scheduledPlanId).toBe("enterprise");
    const update = standIn.requests.filter(
      (r) => r.method === "POST" && r.path === `/v1/subscriptions/${sub.id}`,
    );
    expect(update.map((r) => r.idempotencyKey)).toEqual(["k-cancel", "k-plan"]);
    expect(update[1]?.form).toMatchObject({
      proration_behavior: "none",
      "items[0][price]": "price_enterprise",
    });
    expect(Option.isSome(await Effect.runPromise(gateway().retrieveSubscription(sub.id)))).toBe(true);
  });

  it("reads signed invoice.paid and customer.subscription.deleted webhooks; refuses a bad signature", async () => {
    const sub = await Effect.runPromise(
      gateway().createSubscription({ ...request, idempotencyKey: "closr-subscription-14" }),
    );
    const now = Math.floor(Date.now() / 1000);
    const paid = standIn.webhook(
      "invoice.paid",
      {
        id: "in_1",
        object: "invoice",
        amount_paid: 4900,
        parent: { subscription_details: { subscription: sub.id } },
        lines: {
          data: [
            {
              period: { start: now, end: now + 30 * 86400 },
              pricing: { price_details: { price: "price_professional" } },
            },
          ],
        },
      },
      { secret },
    );
    const event = await Effect.runPromise(gateway().parseWebhook(paid.body, paid.signature));
    expect(event).toMatchObject({
      type: "invoice.paid",
      subscription: { id: sub.id },
      invoice: { id: "in_1", amountCents: 4900, planId: "professional" },
    });
    const deleted = standIn.webhook(
      "customer.subscription.deleted",
      { ...standIn.subscriptions.get(sub.id), status: "canceled" },
      { secret },
    );
    expect(await Effect.runPromise(gateway().parseWebhook(deleted.body, deleted.signature))).toMatchObject({
      type: "customer.subscription.deleted",
      subscription: { id: sub.id, status: "canceled" },
    });
    const other = standIn.webhook("payment_intent.succeeded", { id: "pi_1" }, { secret });
    expect(await Effect.runPromise(gateway().parseWebhook(other.body, other.signature))).toBeUndefined();
    const forged = await Effect.runPromiseExit(gateway().parseWebhook(paid.body, "t=1,v1=bad"));
    expect(Exit.isFailure(forged)).toBe(true);
  });
});
