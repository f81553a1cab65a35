/**
 * Payouts (issue 14) through the HTTP service on PostgreSQL: the local gateway's onboarding and
 * its test bank accounts, "payouts before the first invoice", GST and the platform fee on the
 * invoice, earnings, tax documents, staff refunds (audit-logged); and Stripe Connect against the
 * stand-in: destination charge parameters, `account.updated` gating (replayed and out-of-order
 * events change nothing), and refunds reversing the transfer and the fee.
 */

import { pdfText } from "@closr/adapters/pdf/testing";
import { revokeCachedSessions } from "@closr/adapters/postgres";
import { describe, expect, it } from "vitest";
import { anActivePartnership, aTestParty, partyProfile } from "../../testing/parties.ts";
import { confirmEmail, enablePayouts, type TestApp, type TestClient } from "../../testing/test-app.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let n = 0;
/** A signed-up user with a profile. */
const aParty = (t: TestApp, userType: "business" | "agent") => {
  n++;
  return aTestParty(t, userType, { username: `payout${n}`, profile: partyProfile(userType, n) });
};

/**
 * A business and an agent with an active partnership (payouts not set up: these tests do it); the
 * agent's email is confirmed (payout set-up needs it) unless `confirmed` is false.
 */
async function partners(t: TestApp, { confirmed = true } = {}) {
  const business = await aParty(t, "business");
  const agent = await aParty(t, "agent");
  if (confirmed) await confirmEmail(t, agent.email);
  return { business, agent, partnershipId: await anActivePartnership(t, { business, agent }) };
}

const raise = (
  p: Awaited<ReturnType<typeof partners>>,
  amount: number,
  description = "November leads",
): Promise<Response> =>
  p.agent.client.request("/api/invoices", {
    method: "POST",
    json: { businessId: p.business.profileId, partnershipId: p.partnershipId, amount, description },
  });

async function staff(t: TestApp) {
  const member = await aParty(t, "business");
  await t.database.db.updateTable("users").set({ role: "admin" }).where("id", "=", member.userId).execute();
  revokeCachedSessions(member.userId); // the NOTIFY would drop it a moment later
  return member;
}

const pdfOf = async (res: Response) => {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  return pdfText(new Uint8Array(await res.arrayBuffer()));
};

const refund = (client: TestClient, paymentId: number, amount: number) =>
  client.request(`/api/admin/payments/${paymentId}/refunds`, {
    method: "POST",
    json: { amount, reason: "Half the leads were duplicates" },
  });

describe("payouts on the local gateway", () => {
  const t = useTestApp();

  it("an agent without payouts cannot invoice; onboarding follows the states; test bank accounts decide", async () => {
    const p = await partners(t);
    const agent = p.agent.client;
    const refused = await raise(p, 100);
    expect(refused.status).toBe(403);
    expect(await bodyOf(refused)).toMatchObject({
      type: "/problems/payouts-required",
      title: "Set up payouts first",
      detail: "Set up payouts before raising your first invoice: go to Payouts and add your bank account.",
    });
    expect(await bodyOf(await agent.request("/api/payout-account"))).toMatchObject({
      status: "not_started",
      gateway: "local",
      accountId: null,
    });
    // Bank details before onboarding started: 409.
    const early = await agent.request("/api/local-gateway/payout-account/bank-details", {
      method: "POST",
      json: { accountName: "Mia Chen", bsb: "000-000", accountNumber: "000123456" },
    });
    expect(early.status).toBe(409);

    const started = await agent.request("/api/payout-account/onboarding", { method: "POST" });
    expect(await bodyOf(started)).toEqual({ url: "http://localhost/agent/payouts" });
    const again = await bodyOf(await agent.request("/api/payout-account/onboarding", { method: "POST" }));
    expect(again.url).toBe("http://localhost/agent/payouts");
    const opened = await bodyOf(await agent.request("/api/payout-account"));
    expect(opened).toMatchObject({ status: "onboarding", accountId: expect.stringMatching(/^acct_local_/) });

    const bank = (json: Record<string, string>) =>
      agent.request("/api/local-gateway/payout-account/bank-details", { method: "POST", json });
    const badBsb = await bank({ accountName: "Mia Chen", bsb: "00-000", accountNumber: "000123456" });
    expect(badBsb.status).toBe(422);
    expect((await bodyOf(badBsb)).errors).toEqual([
      { field: "bsb", message: "A BSB is 6 digits, like 062-000" },
    ]);
    const failing = await bodyOf(
      await bank({ accountName: "Mia Chen", bsb: "000-000", accountNumber: "111111116" }),
    );
    expect(failing).toMatchObject({
      status: "restricted",
      requirements: ["external_account"],
      chargesEnabled: false,
    });
    const restricted = await raise(p, 100);
    expect(restricted.status).toBe(403);
    expect((await bodyOf(restricted)).detail).toContain("needs attention");

    const verified = await bodyOf(
      await bank({ accountName: "Mia Chen", bsb: "000-000", accountNumber: "000123456" }),
    );
    expect(verified).toMatchObject({
      status: "enabled",
      chargesEnabled: true,
      payoutsEnabled: true,
      requirements: [],
      bankLastFour: "3456",
    });
    // The account id is the one opened first (one account per agent).
    expect(verified.accountId).toBe(opened.accountId);
    expect((await raise(p, 100)).status).toBe(201);
  });

  it("an unconfirmed email cannot start payouts or give bank details (403 email-not-verified)", async () => {
    const p = await partners(t, { confirmed: false });
    const started = await p.agent.client.request("/api/payout-account/onboarding", { method: "POST" });
    expect(started.status).toBe(403);
    expect(await bodyOf(started)).toMatchObject({
      type: "/problems/email-not-verified",
      detail:
        "Please verify your email address before you set up payouts. Check your inbox for the link, or send a new one from the banner.",
    });
    const bank = await p.agent.client.request("/api/local-gateway/payout-account/bank-details", {
      method: "POST",
      json: { accountName: "Mia Chen", bsb: "000-000", accountNumber: "000123456" },
    });
    expect((await bodyOf(bank)).type).toBe("/problems/email-not-verified");
    expect(await bodyOf(await p.agent.client.request("/api/payout-account"))).toMatchObject({
      status: "not_started",
      accountId: null,
    });
    await confirmEmail(t, p.agent.email);
    expect((await p.agent.client.request("/api/payout-account/onboarding", { method: "POST" })).status).toBe(
      200,
    );
  });

  it("tax details: an ABN written with dashes or spaces is stored as its 11 digits", async () => {
    const p = await partners(t);
    await enablePayouts(t, p.agent.profileId);
    for (const written of ["83-914-571-673", "83 914 571 673", " 83914-571 673 "]) {
      const saved = await p.agent.client.request("/api/payout-account/tax-details", {
        method: "PUT",
        json: { abn: written, gstRegistered: true },
      });
      expect(saved.status).toBe(200);
      expect(await bodyOf(saved)).toMatchObject({ abn: "83914571673", gstRegistered: true });
    }
    const wrong = await p.agent.client.request("/api/payout-account/tax-details", {
      method: "PUT",
      json: { abn: "83-914-571-674", gstRegistered: false },
    });
    expect((await bodyOf(wrong)).errors).toEqual([
      { field: "abn", message: "This is not a valid ABN (the check digits do not match)" },
    ]);
  });

  it("tax details: ABN checksum; GST needs an ABN; a GST-registered invoice adds GST on top and shows the fee", async () => {
    const p = await partners(t);
    await enablePayouts(t, p.agent.profileId);
    const tax = (json: Record<string, unknown>) =>
      p.agent.client.request("/api/payout-account/tax-details", { method: "PUT", json });
    expect((await bodyOf(await tax({ abn: "51 824 753 557", gstRegistered: false }))).errors).toEqual([
      { field: "abn", message: "This is not a valid ABN (the check digits do not match)" },
    ]);
    expect((await bodyOf(await tax({ abn: null, gstRegistered: true }))).errors).toEqual([
      { field: "gstRegistered", message: "Enter your ABN to invoice as registered for GST" },
    ]);
    expect(await bodyOf(await tax({ abn: "83 914 571 673", gstRegistered: true }))).toMatchObject({
      abn: "83914571673",
      gstRegistered: true,
    });
    // $1,000.05 ex GST: GST 100.005 → 100.01 (half up); fee 5 % of 1,000.05 = 50.0025 → 50.00.
    const res = await raise(p, 1000.05);
    expect(res.status).toBe(201);
    expect(await bodyOf(res)).toMatchObject({
      subtotal: 1000.05,
      gst: 100.01,
      amount: 1100.06,
      platformFee: 50,
      agentNet: 1050.06,
      gstRegistered: true,
      agentAbn: "83914571673",
      refundedAmount: 0,
    });
    // The business sees the same before paying.
    const seen = await bodyOf(await p.business.client.request("/api/invoices"));
    expect(seen.items[0]).toMatchObject({ amount: 1100.06, gst: 100.01, platformFee: 50 });
  });

  it("pay with 4242, earnings show the net, tax documents hold each field; staff refund half then the rest", async () => {
    const p = await partners(t);
    await enablePayouts(t, p.agent.profileId, { abn: "83914571673", gstRegistered: true });
    const invoice = await bodyOf(await raise(p, 1000, "Qualified demos for the Sydney launch"));
    const business = p.business.client;
    expect((await business.request(`/api/invoices/${invoice.id}/tax-invoice.pdf`)).status).toBe(404); // not paid yet
    const intent = await bodyOf(
      await business.request("/api/create-payment-intent", {
        method: "POST",
        json: { invoiceId: invoice.id },
      }),
    );
    const confirmed = await business.request(`/api/local-gateway/payment-intents/${intent.id}/confirm`, {
      method: "POST",
      json: {
        clientSecret: intent.clientSecret,
        card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" },
      },
    });
    expect(confirmed.status).toBe(200);
    // The local destination charge carries the agent's account and the fee.
    const stored = await t.database.db
      .selectFrom("localPaymentIntents")
      .select(["transferDestination", "applicationFeeCents"])
      .where("id", "=", intent.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      transferDestination: `acct_test_${p.agent.profileId}`,
      applicationFeeCents: expect.anything(),
    });
    expect(Number(stored.applicationFeeCents)).toBe(5000);

    const [payment] = (await bodyOf(await p.agent.client.request(`/api/invoices/${invoice.id}/payments`)))
      .items;
    expect(payment).toMatchObject({ status: "completed", amount: 1100, platformFee: 50, refundedAmount: 0 });
    const earnings = await bodyOf(await p.agent.client.request("/api/earnings"));
    expect(earnings.months[0]).toMatchObject({
      paid: 1100,
      platformFees: 50,
      net: 1050,
      pendingPayout: 1050,
      paidOut: 0,
    });
    const summary = await bodyOf(await p.agent.client.request("/api/invoice-summary"));
    expect(summary).toMatchObject({ paidThisMonth: 1100, netThisMonth: 1050 });

    const text = await pdfOf(await business.request(`/api/invoices/${invoice.id}/tax-invoice.pdf`));
    for (const field of [
      "Tax invoice",
      `Mia Chen ${n}`,
      "ABN 83 914 571 673",
      "Date of issue",
      "Qualified demos for the Sydney launch",
      "GST (10%)",
      "$100.00",
      "Total (including GST)",
      "$1,100.00",
      `Harbour ${n - 1}`,
      "Buyer's ABN", // A$1,000 or more
    ])
      expect(text).toContain(field);
    const fee = await pdfOf(await p.agent.client.request(`/api/invoices/${invoice.id}/fee-tax-invoice.pdf`));
    expect(fee).toContain("Tax invoice");
    expect(fee).toContain("ABN 51 824 753 556");
    expect(fee).toContain("$50.00");
    expect(fee).toContain("$4.55"); // GST in the GST-inclusive fee: 5000 / 11 = 454.5 → 455
    expect((await business.request(`/api/invoices/${invoice.id}/fee-tax-invoice.pdf`)).status).toBe(403);

    // Staff only; then half.
    expect((await refund(business, payment.id, 550)).status).toBe(403);
    const admin = await staff(t);
    const half = await refund(admin.client, payment.id, 550);
    expect(half.status).toBe(201);
    const first = await bodyOf(half);
    expect(first).toMatchObject({ amount: 550, platformFeeRefunded: 25, transferReversed: 525, gst: 50 });
    expect((await refund(admin.client, payment.id, 550.01)).status).toBe(409);
    const after = (await bodyOf(await p.agent.client.request(`/api/invoices/${invoice.id}/payments`)))
      .items[0];
    expect(after).toMatchObject({ status: "completed", refundedAmount: 550 });
    const refundedInvoice = await bodyOf(await business.request(`/api/invoices/${invoice.id}`));
    expect(refundedInvoice).toMatchObject({ status: "partly_refunded", refundedAmount: 550 });
    const net = await bodyOf(await p.agent.client.request("/api/earnings"));
    expect(net.months[0]).toMatchObject({ paid: 1100, platformFees: 25, refunded: 550, net: 525 });
    const audit = await t.database.db
      .selectFrom("auditLog")
      .select(["action", "subjectType", "subjectId"])
      .where("actorUserId", "=", admin.userId)
      .execute();
    expect(audit).toEqual([
      { action: "payment.refunded", subjectType: "payment", subjectId: String(payment.id) },
    ]);
    const note = await pdfOf(await business.request(`/api/refunds/${first.id}/credit-note.pdf`));
    expect(note).toContain("Credit note");
    expect(note).toContain("$550.00");
    expect(note).toContain("$50.00");
    expect((await t.client().request(`/api/refunds/${first.id}/credit-note.pdf`)).status).toBe(401);

    const rest = await refund(admin.client, payment.id, 550);
    expect(await bodyOf(rest)).toMatchObject({ platformFeeRefunded: 25, transferReversed: 525, gst: 50 });
    const final = (await bodyOf(await p.agent.client.request(`/api/invoices/${invoice.id}/payments`)))
      .items[0];
    expect(final).toMatchObject({ status: "refunded", refundedAmount: 1100 });
    expect((await refund(admin.client, payment.id, 1)).status).toBe(409);
    const refunds = await bodyOf(await business.request(`/api/invoices/${invoice.id}/refunds`));
    expect(refunds.items).toHaveLength(2);
  });
});

describe("payouts on Stripe Connect (stand-in)", () => {
  const secret = "whsec_payments";
  const connectSecret = "whsec_connect";
  const t = useTestApp({}, { stripe: { webhookSecret: secret, connectWebhookSecret: connectSecret } });

  const connect = (body: string, signature: string) =>
    t.client().request("/api/stripe/connect-webhook", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });
  const payments = (body: string, signature: string) =>
    t.client().request("/api/stripe/webhook", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });

  it("Express onboarding; account.updated gates invoicing; replayed and out-of-order events change nothing", async () => {
    const p = await partners(t);
    const started = await bodyOf(
      await p.agent.client.request("/api/payout-account/onboarding", { method: "POST" }),
    );
    expect(started.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\//);
    const create = t.standIn.requests.find((r) => r.path === "/v1/accounts");
    expect(create).toMatchObject({
      idempotencyKey: `closr-payout-account-agent-${p.agent.profileId}`,
      form: { type: "express", country: "AU", "capabilities[transfers][requested]": "true" },
    });
    expect(t.standIn.requests.at(-1)).toMatchObject({
      path: "/v1/account_links",
      form: { type: "account_onboarding", return_url: "http://localhost/agent/payouts" },
    });
    const { accountId } = await bodyOf(await p.agent.client.request("/api/payout-account"));
    const account = t.standIn.accounts.get(accountId) ?? {};
    const t0 = Math.floor(Date.now() / 1000);
    const enabled = {
      ...account,
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [], past_due: [], disabled_reason: null },
    };
    const due = {
      ...account,
      details_submitted: true,
      requirements: {
        currently_due: ["external_account"],
        past_due: [],
        disabled_reason: "requirements.past_due",
      },
    };

    const forged = t.standIn.webhook("account.updated", enabled, { secret: "whsec_other" });
    expect((await connect(forged.body, forged.signature)).status).toBe(400);
    expect((await raise(p, 100)).status).toBe(403);

    const first = t.standIn.webhook("account.updated", due, { secret: connectSecret, created: t0 });
    expect((await bodyOf(await connect(first.body, first.signature))).outcome).toBe("applied");
    expect(await bodyOf(await p.agent.client.request("/api/payout-account"))).toMatchObject({
      status: "restricted",
      requirements: ["external_account"],
    });
    const later = t.standIn.webhook("account.updated", enabled, { secret: connectSecret, created: t0 + 60 });
    expect((await bodyOf(await connect(later.body, later.signature))).outcome).toBe("applied");
    // Replayed, then an older event delivered late: nothing changes.
    expect((await bodyOf(await connect(later.body, later.signature))).outcome).toBe("duplicate");
    const older = t.standIn.webhook("account.updated", due, { secret: connectSecret, created: t0 + 30 });
    expect((await bodyOf(await connect(older.body, older.signature))).outcome).toBe("stale");
    expect((await bodyOf(await p.agent.client.request("/api/payout-account"))).status).toBe("enabled");
    expect((await raise(p, 100)).status).toBe(201);
  });

  it("a destination charge with the fee; a staff refund reverses the transfer and the fee; the partial charge.refunded changes nothing", async () => {
    const p = await partners(t);
    await enablePayouts(t, p.agent.profileId);
    const invoice = await bodyOf(await raise(p, 200));
    const intent = await bodyOf(
      await p.business.client.request("/api/create-payment-intent", {
        method: "POST",
        json: { invoiceId: invoice.id },
      }),
    );
    const created = t.standIn.requests
      .filter((r) => r.path === "/v1/payment_intents" && r.method === "POST")
      .at(-1);
    expect(created?.form).toMatchObject({
      amount: "20000",
      "transfer_data[destination]": `acct_test_${p.agent.profileId}`,
      application_fee_amount: "1000",
    });
    const succeeded = t.standIn.setStatus(intent.id, "succeeded", { latest_charge: "ch_dest_1" });
    const paid = t.standIn.webhook("payment_intent.succeeded", succeeded, { secret });
    expect((await payments(paid.body, paid.signature)).status).toBe(200);
    const [payment] = (await bodyOf(await p.agent.client.request(`/api/invoices/${invoice.id}/payments`)))
      .items;
    expect(payment).toMatchObject({ status: "completed", platformFee: 10 });

    const admin = await staff(t);
    const res = await refund(admin.client, payment.id, 100);
    expect(await bodyOf(res)).toMatchObject({ amount: 100, platformFeeRefunded: 5, transferReversed: 95 });
    expect(t.standIn.requests.at(-1)).toMatchObject({
      path: "/v1/refunds",
      idempotencyKey: `closr-refund-${payment.id}-0-10000`,
      form: {
        payment_intent: intent.id,
        amount: "10000",
        reverse_transfer: "true",
        refund_application_fee: "true",
      },
    });
    const charge = {
      id: "ch_dest_1",
      object: "charge",
      payment_intent: intent.id,
      amount: 20000,
      amount_refunded: 10000,
      metadata: {},
    };
    const partial = t.standIn.webhook("charge.refunded", charge, { secret });
    expect((await payments(partial.body, partial.signature)).status).toBe(200);
    const after = (await bodyOf(await p.agent.client.request(`/api/invoices/${invoice.id}/payments`)))
      .items[0];
    expect(after).toMatchObject({ status: "completed", refundedAmount: 100 });
  });
});
