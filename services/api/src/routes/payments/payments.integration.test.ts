import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { enablePayouts, type TestApp, type TestClient } from "../../testing/test-app.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let n = 0;
/** A business and an agent with profiles, an active partnership and an invoice of `amount` dollars. */
async function anInvoice(t: TestApp, amount = 150) {
  const signUp = async (userType: "business" | "agent") => {
    n++;
    const client = t.client();
    await client.request("/api/register", {
      method: "POST",
      json: {
        email: `pay${n}@example.com`,
        username: `payer${n}`,
        password: "long enough password",
        userType,
      },
    });
    const res =
      userType === "business"
        ? await client.request("/api/business-profiles", {
            method: "POST",
            json: { companyName: `Harbour ${n}` },
          })
        : await client.request("/api/agent-profiles", {
            method: "POST",
            json: { fullName: `Mia ${n}`, specialization: "B2B Sales", yearsOfExperience: 4 },
          });
    expect(res.status).toBe(201);
    const profileId = (await bodyOf(res)).id as number;
    if (userType === "agent") await enablePayouts(t, profileId); // issue 14: payouts before invoicing
    return { client, profileId };
  };
  const business = await signUp("business");
  const agent = await signUp("agent");
  const partnership = await sql<{ id: number }>`
    INSERT INTO partnerships (business_id, agent_id, status, requested_by, commission_rate, start_date)
    VALUES (${business.profileId}, ${agent.profileId}, 'active', 'agent', 10, now()) RETURNING id`.execute(
    t.database.db,
  );
  const res = await agent.client.request("/api/invoices", {
    method: "POST",
    json: {
      businessId: business.profileId,
      partnershipId: partnership.rows[0]!.id,
      amount,
      description: "Leads",
    },
  });
  expect(res.status).toBe(201);
  return { business: business.client, agent: agent.client, invoice: await bodyOf(res) };
}

const payNow = (client: TestClient, invoiceId: number) =>
  client.request("/api/create-payment-intent", { method: "POST", json: { invoiceId } });
const confirm = (client: TestClient, intent: { id: string; clientSecret: string }, number: string) =>
  client.request(`/api/local-gateway/payment-intents/${intent.id}/confirm`, {
    method: "POST",
    json: { clientSecret: intent.clientSecret, card: { number, expMonth: 12, expYear: 2034, cvc: "123" } },
  });

describe("local gateway (the default)", () => {
  const t = useTestApp();

  it("config says local, with no publishable key", async () => {
    expect(await bodyOf(await t.client().request("/api/payment-config"))).toEqual({
      gateway: "local",
      publishableKey: null,
    });
  });

  it("only the invoice's business can pay: 401 signed out, 403 an agent, 404 another business", async () => {
    const a = await anInvoice(t);
    const b = await anInvoice(t);
    expect((await payNow(t.client(), a.invoice.id)).status).toBe(401);
    expect((await payNow(a.agent, a.invoice.id)).status).toBe(403);
    expect((await payNow(b.business, a.invoice.id)).status).toBe(404);
    const intent = await bodyOf(await payNow(a.business, a.invoice.id));
    // Another business cannot confirm it nor read it, even with the client secret.
    expect((await confirm(b.business, intent, "4242424242424242")).status).toBe(404);
    expect((await b.business.request(`/api/payment-intents/${intent.id}`)).status).toBe(404);
  });

  it("4242: a double click gets one intent; the event pays the invoice once; both see Paid and the payment", async () => {
    const { business, agent, invoice } = await anInvoice(t, 1250.5);
    const clicks = await Promise.all([1, 2, 3].map(() => payNow(business, invoice.id)));
    const intents = await Promise.all(clicks.map(bodyOf));
    expect(new Set(intents.map((i) => i.id)).size).toBe(1);
    expect(intents[0]).toMatchObject({ gateway: "local", amount: 1250.5, status: "requires_payment_method" });

    // Two tabs confirm at once: one charge succeeds, the other is refused.
    const [first, second] = await Promise.all([
      confirm(business, intents[0], "4242 4242 4242 4242"),
      confirm(business, intents[0], "4242 4242 4242 4242"),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);

    for (const client of [business, agent]) {
      const seen = await bodyOf(await client.request(`/api/invoices/${invoice.id}`));
      expect(seen).toMatchObject({ isPaid: true, status: "paid", paidAt: expect.any(String) });
      const history = await bodyOf(await client.request("/api/payments"));
      expect(history.items).toMatchObject([
        {
          invoiceId: invoice.id,
          status: "completed",
          amount: 1250.5,
          transactionId: expect.stringMatching(/^ch_local_/),
        },
      ]);
    }
    const again = await payNow(business, invoice.id);
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).type).toBe("/problems/invoice-paid");
    const status = await bodyOf(await business.request(`/api/payment-intents/${intents[0].id}`));
    expect(status.status).toBe("succeeded");
    const completed = await t.database.db
      .selectFrom("payments")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("invoiceId", "=", invoice.id)
      .where("status", "=", "completed")
      .executeTakeFirstOrThrow();
    expect(completed.n).toBe(1);
    expect(await bodyOf(await agent.request("/api/invoice-summary"))).toMatchObject({
      paidThisMonth: 1250.5,
    });
  });

  it("a declined card leaves the invoice due and payable again; 3155 needs authentication first", async () => {
    const { business, invoice } = await anInvoice(t);
    const intent = await bodyOf(await payNow(business, invoice.id));
    const declined = await bodyOf(await confirm(business, intent, "4000000000000002"));
    expect(declined).toMatchObject({
      status: "requires_payment_method",
      lastPaymentError: { code: "card_declined", message: "Your card was declined." },
    });
    expect((await bodyOf(await business.request(`/api/invoices/${invoice.id}`))).isPaid).toBe(false);
    const payments = await bodyOf(await business.request(`/api/invoices/${invoice.id}/payments`));
    expect(payments.items).toMatchObject([{ status: "failed", failureMessage: "Your card was declined." }]);

    const retry = await bodyOf(await payNow(business, invoice.id));
    expect(retry.id).not.toBe(intent.id);
    const action = await bodyOf(await confirm(business, retry, "4000 0025 0000 3155"));
    expect(action).toMatchObject({ status: "requires_action", nextAction: "local_authenticate" });
    expect((await bodyOf(await business.request(`/api/invoices/${invoice.id}`))).isPaid).toBe(false);
    const done = await business.request(`/api/local-gateway/payment-intents/${retry.id}/authenticate`, {
      method: "POST",
      json: { clientSecret: retry.clientSecret, outcome: "complete" },
    });
    expect((await bodyOf(done)).status).toBe("succeeded");
    expect((await bodyOf(await business.request(`/api/invoices/${invoice.id}`))).isPaid).toBe(true);
    // The first, canceled intent cannot be confirmed any more.
    expect((await confirm(business, intent, "4242424242424242")).status).toBe(409);
  });

  it("the webhook is refused (400) with the local gateway", async () => {
    const res = await t.client().request("/api/stripe/webhook", {
      method: "POST",
      json: { id: "evt_1", type: "payment_intent.succeeded" },
      headers: { "stripe-signature": "t=1,v1=abc" },
    });
    expect(res.status).toBe(400);
  });

  it("payment methods: add, list default first, set default, delete; never a card number", async () => {
    const { business, agent } = await anInvoice(t);
    const add = (json: Record<string, unknown>) =>
      business.request("/api/payment-methods", { method: "POST", json });
    const card = await bodyOf(
      await add({
        type: "credit_card",
        name: "Company Visa",
        lastFour: "4242",
        expiryMonth: 12,
        expiryYear: 2030,
        isDefault: true,
      }),
    );
    const bank = await bodyOf(await add({ type: "bank_transfer", name: "ANZ business", lastFour: "6789" }));
    expect(bank).toMatchObject({ isDefault: false, expiryMonth: null });
    const withNumber = await add({
      type: "credit_card",
      name: "Visa",
      lastFour: "4242",
      cardNumber: "4242424242424242",
    });
    expect(withNumber.status).toBe(422);
    const badFour = await bodyOf(await add({ type: "credit_card", name: "Visa", lastFour: "42424" }));
    expect(badFour.errors).toEqual([{ field: "lastFour", message: "Only last 4 digits" }]);
    const shortName = await bodyOf(await add({ type: "paypal", name: "ab", lastFour: "1234" }));
    expect(shortName.errors).toEqual([{ field: "name", message: "Name must be at least 3 characters" }]);

    const set = await business.request(`/api/payment-methods/${bank.id}/set-default`, { method: "PATCH" });
    expect((await bodyOf(set)).isDefault).toBe(true);
    const list = await bodyOf(await business.request("/api/payment-methods"));
    expect(list.items.map((m: { id: number; isDefault: boolean }) => [m.id, m.isDefault])).toEqual([
      [bank.id, true],
      [card.id, false],
    ]);
    expect((await agent.request(`/api/payment-methods/${card.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await business.request(`/api/payment-methods/${card.id}`, { method: "DELETE" })).status).toBe(
      204,
    );
    expect((await bodyOf(await business.request("/api/payment-methods"))).items).toHaveLength(1);
    const stored = await t.database.db.selectFrom("paymentMethods").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain("4242424242424242");
  });
});

describe("Stripe gateway against a stand-in, with signed webhooks", () => {
  const secret = "whsec_integration";
  const t = useTestApp({}, { stripe: { webhookSecret: secret, publishableKey: "pk_test_integration" } });

  const post = (body: string, signature?: string) =>
    t.client().request("/api/stripe/webhook", {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json; charset=utf-8",
        ...(signature ? { "stripe-signature": signature } : {}),
      },
    });

  it("config gives the browser the publishable key", async () => {
    expect(await bodyOf(await t.client().request("/api/payment-config"))).toEqual({
      gateway: "stripe",
      publishableKey: "pk_test_integration",
    });
  });

  it("Pay Now creates one intent per attempt with its idempotency key; the signed event pays once; replays and stale or forged events change nothing", async () => {
    const { business, agent, invoice } = await anInvoice(t, 99.95);
    const [a, b] = await Promise.all([payNow(business, invoice.id), payNow(business, invoice.id)]);
    const intent = await bodyOf(a);
    expect((await bodyOf(b)).id).toBe(intent.id);
    expect(intent).toMatchObject({ gateway: "stripe", publishableKey: "pk_test_integration", amount: 99.95 });
    const creates = t.standIn.requests.filter((r) => r.path === "/v1/payment_intents" && r.method === "POST");
    expect(new Set(creates.map((r) => r.idempotencyKey))).toEqual(
      new Set([`closr-invoice-${invoice.id}-attempt-1`]),
    );
    expect(creates[0]?.form).toMatchObject({
      amount: "9995",
      currency: "aud",
      "metadata[invoiceId]": String(invoice.id),
    });

    const succeeded = t.standIn.setStatus(intent.id, "succeeded", { latest_charge: "ch_live_1" });
    // Forged, stale and unsigned events: 400 and nothing changes.
    const forged = t.standIn.webhook("payment_intent.succeeded", succeeded, { secret: "whsec_other" });
    const stale = t.standIn.webhook("payment_intent.succeeded", succeeded, {
      secret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    for (const [body, signature] of [
      [forged.body, forged.signature],
      [stale.body, stale.signature],
      [forged.body, undefined],
    ] as const) {
      const res = await post(body, signature);
      expect(res.status).toBe(400);
      expect((await bodyOf(res)).type).toBe("/problems/invalid-webhook");
    }
    expect((await bodyOf(await agent.request(`/api/invoices/${invoice.id}`))).isPaid).toBe(false);

    // The real event, delivered three times (one racing another), then an older processing event.
    const event = t.standIn.webhook("payment_intent.succeeded", succeeded, { secret });
    const deliveries = await Promise.all([
      post(event.body, event.signature),
      post(event.body, event.signature),
    ]);
    expect(deliveries.map((r) => r.status)).toEqual([200, 200]);
    const outcomes = await Promise.all(deliveries.map(bodyOf));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["decided", "duplicate"]);
    expect((await bodyOf(await post(event.body, event.signature))).outcome).toBe("duplicate");
    const late = t.standIn.webhook(
      "payment_intent.processing",
      { ...succeeded, status: "processing" },
      { secret },
    );
    expect((await post(late.body, late.signature)).status).toBe(200);

    const payments = await bodyOf(await agent.request(`/api/invoices/${invoice.id}/payments`));
    expect(payments.items).toMatchObject([
      { status: "completed", transactionId: "ch_live_1", paymentIntentId: intent.id },
    ]);
    expect((await bodyOf(await agent.request(`/api/invoices/${invoice.id}`))).status).toBe("paid");
  });

  it("a crash between the charge and the database write is recovered from the gateway", async () => {
    const { business, invoice } = await anInvoice(t, 10);
    const intent = await bodyOf(await payNow(business, invoice.id));
    t.standIn.setStatus(intent.id, "succeeded", { latest_charge: "ch_recovered" }); // no webhook arrives
    expect((await bodyOf(await business.request(`/api/invoices/${invoice.id}`))).isPaid).toBe(false);
    const status = await bodyOf(await business.request(`/api/payment-intents/${intent.id}`));
    expect(status.status).toBe("succeeded");
    expect((await bodyOf(await business.request(`/api/invoices/${invoice.id}`))).isPaid).toBe(true);
    // The webhook arriving later changes nothing.
    const event = t.standIn.webhook("payment_intent.succeeded", t.standIn.intents.get(intent.id) ?? {}, {
      secret,
    });
    expect((await bodyOf(await post(event.body, event.signature))).outcome).toBe("decided");
    const history = await bodyOf(await business.request("/api/payments"));
    expect(history.items.filter((p: { invoiceId: number }) => p.invoiceId === invoice.id)).toHaveLength(1);
  });

  it("a decline event fails the attempt; the next Pay Now opens attempt 2 and cancels attempt 1", async () => {
    const { business, invoice } = await anInvoice(t, 20);
    const first = await bodyOf(await payNow(business, invoice.id));
    const failed = t.standIn.setStatus(first.id, "requires_payment_method", {
      last_payment_error: { code: "card_declined", message: "Your card was declined." },
    });
    const event = t.standIn.webhook("payment_intent.payment_failed", failed, { secret });
    expect((await post(event.body, event.signature)).status).toBe(200);
    const second = await bodyOf(await payNow(business, invoice.id));
    expect(second.id).not.toBe(first.id);
    expect(t.standIn.requests.at(-2)).toMatchObject({ path: `/v1/payment_intents/${first.id}/cancel` });
    expect(t.standIn.requests.at(-1)).toMatchObject({
      idempotencyKey: `closr-invoice-${invoice.id}-attempt-2`,
    });
  });
});
