/**
 * Stripe-mode subscriptions over HTTP on PostgreSQL (ADR 0042): the real `stripe` SDK against the
 * stand-in, and the webhook events it delivers signed with `stripe.webhooks.generateTestHeaderString`.
 * A Stripe-mode subscription goes incomplete → active exactly once (through the authentication
 * step), a declined first payment leaves it incomplete, and a card update through a SetupIntent
 * replaces the customer's and the subscription's default payment method.
 */
import { type StripeStandIn, startStripeStandIn } from "@closr/adapters/stripe/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app.ts";

const secret = "whsec_subscriptions_integration";
let t: TestApp;
let standIn: StripeStandIn;
/** Every delivery the stand-in made: the signed body and the API's answer. */
const delivered: { body: string; signature: string; status: number; outcome: string }[] = [];

const post = (body: string, signature: string) =>
  t.client().request("/api/stripe/webhook", {
    method: "POST",
    body,
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
  });

beforeAll(async () => {
  standIn = await startStripeStandIn({
    deliver: {
      secret,
      send: async (body, signature) => {
        const res = await post(body, signature);
        delivered.push({ body, signature, status: res.status, outcome: (await res.json()).outcome });
      },
    },
  });
  t = await createTestApp({
    stripe: {
      secretKey: "sk_test_subscriptions",
      webhookSecret: secret,
      publishableKey: "pk_test_subscriptions",
      apiBase: standIn.url,
      maxNetworkRetries: 0,
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
afterEach(() => expect(t.violations.splice(0)).toEqual([]));

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract by the test app
const bodyOf = (res: Response): Promise<any> => res.json();

let n = 0;
async function aBusiness(): Promise<TestClient> {
  n++;
  const client = t.client();
  const res = await client.request("/api/register", {
    method: "POST",
    json: {
      email: `stripe-sub${n}@example.com`,
      username: `stripesub${n}`,
      password: "long enough password",
      userType: "business",
    },
  });
  expect(res.status).toBe(201);
  const profile = await client.request("/api/business-profiles", {
    method: "POST",
    json: { companyName: `Stripe Co ${n}`, industry: "technology", size: "small", location: "sydney" },
  });
  expect(profile.status).toBe(201);
  return client;
}

const subscribe = async (client: TestClient, interval: "month" | "year") => {
  const res = await client.request("/api/get-or-create-subscription", {
    method: "POST",
    json: { planId: "price_professional", interval },
  });
  expect(res.status).toBe(200);
  return bodyOf(res);
};
const billing = async (client: TestClient) => bodyOf(await client.request("/api/subscription"));

describe("Stripe-mode subscriptions against the stand-in, with SDK-signed events", () => {
  it("annual Professional: incomplete; a declined card leaves it incomplete; 3DS then pays it, active exactly once", async () => {
    const client = await aBusiness();
    const started = await subscribe(client, "year");
    expect(started).toMatchObject({
      isActive: false,
      gateway: "stripe",
      publishableKey: "pk_test_subscriptions",
      amount: 490,
      subscription: { status: "incomplete", interval: "year", planId: "professional" },
    });
    expect(started.clientSecret).toMatch(/^pi_[0-9a-f]+_secret_/);
    const created = standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/subscriptions");
    expect(created.at(-1)?.form).toMatchObject({
      "items[0][price]": "price_professional_annual",
      payment_behavior: "default_incomplete",
    });

    // Declined: Stripe answers a card error, Stripe.js shows it; Stripe also sends invoice.payment_failed.
    const declined = await standIn.confirm(started.clientSecret, "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(declined.body.error.message).toBe("Your card was declined.");
    const subscriptionId = [...standIn.subscriptions.keys()].at(-1) as string;
    const sub = standIn.subscriptions.get(subscriptionId);
    const failed = standIn.webhook(
      "invoice.payment_failed",
      {
        ...sub?.latest_invoice,
        parent: { subscription_details: { subscription: subscriptionId } },
        lines: { data: [{ pricing: { price_details: { price: "price_professional_annual" } } }] },
      },
      { secret },
    );
    expect((await post(failed.body, failed.signature)).status).toBe(200);
    expect(await billing(client)).toMatchObject({
      subscription: { status: "incomplete" },
      entitlements: { planId: "basic", verificationBadge: false },
      card: null,
    });
    // The same client secret comes back for the open checkout.
    expect((await subscribe(client, "year")).clientSecret).toBe(started.clientSecret);

    // 3DS: the first answer asks for authentication; nothing is delivered until it is completed.
    const before = delivered.length;
    const challenged = await standIn.confirm(started.clientSecret, "4000002760003184");
    expect(challenged.body).toMatchObject({
      status: "requires_action",
      next_action: { type: "use_stripe_sdk" },
    });
    expect(delivered.length).toBe(before);
    expect((await billing(client)).subscription.status).toBe("incomplete");
    const authenticated = await standIn.authenticate(started.clientSecret, true);
    expect(authenticated.body.status).toBe("succeeded");
    expect(delivered.slice(before).map((d) => [d.status, JSON.parse(d.body).type])).toEqual([
      [200, "invoice.paid"],
      [200, "customer.subscription.updated"],
    ]);
    const active = await billing(client);
    expect(active).toMatchObject({
      subscription: { status: "active", interval: "year", planId: "professional" },
      entitlements: { planId: "professional", verificationBadge: true },
      card: { brand: "visa", last4: "3184" },
    });

    // Replays of both events change nothing: one paid invoice of A$490 (beside the declined attempt).
    for (const d of delivered.slice(before)) {
      const again = await post(d.body, d.signature);
      expect(again.status).toBe(200);
      expect((await bodyOf(again)).outcome).toBe("duplicate");
    }
    const invoices = await bodyOf(await client.request("/api/subscription/invoices"));
    // biome-ignore lint/suspicious/noExplicitAny: contract-checked body
    const paid = invoices.items.filter((i: any) => i.status === "paid");
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amount: 490, interval: "year" });
    expect(invoices.items.map((i: { status: string }) => i.status).sort()).toEqual(["failed", "paid"]);
    expect(await billing(client)).toMatchObject({ subscription: { status: "active" } });
    expect((await subscribe(client, "year")).isActive).toBe(true);
  });

  it("card update: a SetupIntent confirmed with a new card becomes the customer's and subscription's default", async () => {
    const client = await aBusiness();
    const started = await subscribe(client, "month");
    expect((await standIn.confirm(started.clientSecret, "4242424242424242")).status).toBe(200);
    expect(await billing(client)).toMatchObject({
      subscription: { status: "active", interval: "month" },
      card: { brand: "visa", last4: "4242" },
    });
    const subscriptionId = [...standIn.subscriptions.keys()].at(-1) as string;
    const firstCard = standIn.subscriptions.get(subscriptionId)?.default_payment_method;

    const setupRes = await client.request("/api/subscription/card-setup", { method: "POST" });
    expect(setupRes.status).toBe(200);
    const setup = await bodyOf(setupRes);
    expect(setup).toMatchObject({ publishableKey: "pk_test_subscriptions" });
    expect(setup.clientSecret).toMatch(/^seti_[0-9a-f]+_secret_/);
    const setupForm = standIn.requests.find((r) => r.path === "/v1/setup_intents")?.form;
    expect(setupForm).toMatchObject({ usage: "off_session", "metadata[subscriptionId]": subscriptionId });

    // Not confirmed yet: 409, nothing changes.
    const early = await client.request(`/api/subscription/card-setup/${setup.id}/complete`, {
      method: "POST",
    });
    expect(early.status).toBe(409);
    // A declined card in setup mode: an error for Stripe.js to show; the old card stays.
    expect((await standIn.confirm(setup.clientSecret, "4000000000000002")).status).toBe(402);
    expect((await billing(client)).card).toMatchObject({ last4: "4242" });

    // Another business cannot complete this SetupIntent on their subscription: 404.
    const other = await aBusiness();
    const otherStarted = await subscribe(other, "month");
    await standIn.confirm(otherStarted.clientSecret, "4242424242424242");
    expect(
      (await other.request(`/api/subscription/card-setup/${setup.id}/complete`, { method: "POST" })).status,
    ).toBe(404);

    expect((await standIn.confirm(setup.clientSecret, "5555 5555 5555 4444")).body.status).toBe("succeeded");
    const done = await client.request(`/api/subscription/card-setup/${setup.id}/complete`, {
      method: "POST",
    });
    expect(done.status).toBe(200);
    expect((await bodyOf(done)).card).toEqual({
      brand: "mastercard",
      last4: "4444",
      expMonth: 12,
      expYear: 2030,
    });
    const newCard = standIn.setupIntents.get(setup.id)?.payment_method;
    expect(newCard).not.toBe(firstCard);
    expect(standIn.subscriptions.get(subscriptionId)?.default_payment_method).toBe(newCard);
    const customerUpdate = standIn.requests.filter(
      (r) => r.method === "POST" && /^\/v1\/customers\/cus_/.test(r.path),
    );
    expect(customerUpdate.at(-1)?.form).toMatchObject({
      "invoice_settings[default_payment_method]": newCard,
    });
    expect(await billing(client)).toMatchObject({ card: { brand: "mastercard", last4: "4444" } });
  });

  it("card update needs an active subscription: 404 without one", async () => {
    const client = await aBusiness();
    expect((await client.request("/api/subscription/card-setup", { method: "POST" })).status).toBe(404);
  });
});
