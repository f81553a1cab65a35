/**
 * Refunds made in the Stripe Dashboard and card disputes (ADR 0041), through POST
 * /api/stripe/webhook on PostgreSQL against the Stripe stand-in, with events signed by the
 * `stripe` package (webhooks.generateTestHeaderString): full and partial refunds produce one
 * refund row and one credit note each, the payment's and invoice's refunded amounts follow, replays
 * and late events change nothing, a failed refund is reversed, an in-app refund is not recorded
 * twice, and a card dispute holds the agent's payout until it is won (released) or lost (reversed,
 * recorded as a refund with its credit note). ADR 0049: every path runs the invoice machine — a
 * card dispute shows the invoice Disputed and reverses the agent's transfer at Stripe (paid out
 * again once when won), a refused event is acknowledged and recorded nowhere, staff refunds and
 * in-app disputes on a card-disputed invoice answer 409 invoice-transition, and the tax invoice
 * PDF prints the display state and the refunded amount.
 */

import { pdfText } from "@closr/adapters/pdf/testing";
import { revokeCachedSessions } from "@closr/adapters/postgres";
import { describe, expect, it } from "vitest";
import { anActivePartnership, aTestParty, partyProfile } from "../../testing/parties.ts";
import { confirmEmail, enablePayouts } from "../../testing/test-app.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

describe("Dashboard refunds and card disputes (Stripe stand-in)", () => {
  const secret = "whsec_gateway_refunds";
  const t = useTestApp({}, { stripe: { webhookSecret: secret } });
  let n = 0;

  const deliver = async (type: string, object: Record<string, unknown>, id?: string) => {
    const event = t.standIn.webhook(type, object, { secret, ...(id ? { id } : {}) });
    const res = await t.client().request("/api/stripe/webhook", {
      method: "POST",
      body: event.body,
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
    });
    expect(res.status).toBe(200);
    return { ...(await bodyOf(res)), id: event.id, body: event.body, signature: event.signature };
  };
  const redeliver = async (event: { body: string; signature: string }) =>
    bodyOf(
      await t.client().request("/api/stripe/webhook", {
        method: "POST",
        body: event.body,
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
      }),
    );

  /** A GST-registered agent's invoice of `amount` + 10 % GST, paid through the stand-in. */
  async function paidInvoice(amount = 1000) {
    n++;
    const business = await aTestParty(t, "business", {
      username: `gwref${n}b`,
      profile: partyProfile("business", n),
    });
    const agent = await aTestParty(t, "agent", { username: `gwref${n}a`, profile: partyProfile("agent", n) });
    await confirmEmail(t, agent.email);
    const partnershipId = await anActivePartnership(t, { business, agent });
    await enablePayouts(t, agent.profileId, { abn: "83914571673", gstRegistered: true });
    const invoice = await bodyOf(
      await agent.client.request("/api/invoices", {
        method: "POST",
        json: { businessId: business.profileId, partnershipId, amount, description: "Qualified demos" },
      }),
    );
    const intent = await bodyOf(
      await business.client.request("/api/create-payment-intent", {
        method: "POST",
        json: { invoiceId: invoice.id },
      }),
    );
    const succeeded = t.standIn.setStatus(intent.id, "succeeded", { latest_charge: `ch_${intent.id}` });
    expect((await deliver("payment_intent.succeeded", succeeded)).outcome).toBe("decided");
    const payments = async () =>
      (await bodyOf(await agent.client.request(`/api/invoices/${invoice.id}/payments`))).items;
    const refunds = async () =>
      (await bodyOf(await business.client.request(`/api/invoices/${invoice.id}/refunds`))).items;
    const invoiceNow = async () => bodyOf(await business.client.request(`/api/invoices/${invoice.id}`));
    const [payment] = await payments();
    expect(payment).toMatchObject({ status: "completed", amount: (amount * 110) / 100 });
    return {
      business,
      agent,
      invoice,
      intentId: intent.id as string,
      payment,
      payments,
      refunds,
      invoiceNow,
    };
  }

  it("a partial then a full Dashboard refund: one refund row and credit note each, the invoice follows, replays change nothing", async () => {
    const p = await paidInvoice(1000); // A$1,100 with GST
    const first = t.standIn.dashboardRefund(p.intentId, 10000); // A$100
    const applied = await deliver("charge.refunded", first.charge);
    expect(applied.outcome).toBe("applied");
    expect((await p.payments())[0]).toMatchObject({ status: "completed", refundedAmount: 100 });
    expect(await p.invoiceNow()).toMatchObject({ refundedAmount: 100 });
    const [refund] = await p.refunds();
    // refundSplit: fee 5000 × 100/1100 → 455 (A$4.55); GST 10000 × 100/1100 → 909 (A$9.09).
    expect(refund).toMatchObject({
      amount: 100,
      platformFeeRefunded: 4.55,
      transferReversed: 95.45,
      gst: 9.09,
    });
    const note = await pdfText(
      new Uint8Array(
        await (await p.business.client.request(`/api/refunds/${refund.id}/credit-note.pdf`)).arrayBuffer(),
      ),
    );
    expect(note).toContain("Credit note");
    expect(note).toContain("$100.00");

    // The same event again, and a new event about the same refunds: nothing twice.
    expect((await redeliver(applied)).outcome).toBe("duplicate");
    expect((await deliver("charge.refunded", first.charge)).outcome).toBe("ignored");
    expect((await deliver("refund.updated", first.refund)).outcome).toBe("ignored");
    expect(await p.refunds()).toHaveLength(1);
    expect((await p.payments())[0]).toMatchObject({ refundedAmount: 100 });

    // The rest, A$1,000: the payment is refunded in full.
    const rest = t.standIn.dashboardRefund(p.intentId, 100000);
    expect((await deliver("charge.refunded", rest.charge)).outcome).toBe("applied");
    expect((await p.payments())[0]).toMatchObject({ status: "refunded", refundedAmount: 1100 });
    expect(await p.invoiceNow()).toMatchObject({ status: "refunded", refundedAmount: 1100 });
    const both = await p.refunds();
    expect(both.map((r: { amount: number }) => r.amount)).toEqual([100, 1000]);
    // The splits add up to the invoice's fee and GST.
    expect(both.reduce((s: number, r: { gst: number }) => s + Math.round(r.gst * 100), 0)).toBe(10000);
    expect(
      both.reduce(
        (s: number, r: { platformFeeRefunded: number }) => s + Math.round(r.platformFeeRefunded * 100),
        0,
      ),
    ).toBe(5000);
    const earnings = await bodyOf(await p.agent.client.request("/api/earnings"));
    expect(earnings.months[0]).toMatchObject({ paid: 1100, refunded: 1100, platformFees: 0, net: 0 });
  });

  it("a refund made in the app is not recorded again when its webhook arrives", async () => {
    const p = await paidInvoice(200);
    const member = await aTestParty(t, "business", {
      username: `gwrefstaff${n}`,
      profile: partyProfile("business", 1000 + n),
    });
    await t.database.db.updateTable("users").set({ role: "admin" }).where("id", "=", member.userId).execute();
    revokeCachedSessions(member.userId);
    const res = await member.client.request(`/api/admin/payments/${p.payment.id}/refunds`, {
      method: "POST",
      json: { amount: 110, reason: "Half the leads were duplicates" },
    });
    expect(res.status).toBe(201);
    const created = t.standIn.requests.filter((r) => r.path === "/v1/refunds").at(-1);
    expect(created?.form).toMatchObject({ "metadata[closr_source]": "app" });
    const charge = {
      id: `ch_${p.intentId}`,
      object: "charge",
      payment_intent: p.intentId,
      amount: 22000,
      amount_refunded: 11000,
      metadata: {},
    };
    expect((await deliver("charge.refunded", charge)).outcome).toBe("ignored");
    expect(await p.refunds()).toHaveLength(1);
    expect((await p.payments())[0]).toMatchObject({ status: "completed", refundedAmount: 110 });
  });

  it("refund.updated failed reverses a recorded refund; a late succeeded for it changes nothing", async () => {
    const p = await paidInvoice(500); // A$550
    const pending = t.standIn.dashboardRefund(p.intentId, 5000, "pending");
    const succeededLate = { ...pending.refund, status: "succeeded" };
    expect((await deliver("charge.refunded", pending.charge)).outcome).toBe("applied");
    expect((await p.payments())[0]).toMatchObject({ refundedAmount: 50 });
    const [recorded] = await p.refunds();

    const failed = { ...pending.refund, status: "failed", failure_reason: "expired_or_canceled_card" };
    t.standIn.refunds.set(pending.refund.id, failed);
    expect((await deliver("refund.updated", failed)).outcome).toBe("applied");
    expect((await p.payments())[0]).toMatchObject({ status: "completed", refundedAmount: 0 });
    expect(await p.invoiceNow()).toMatchObject({ status: "paid", refundedAmount: 0 });
    expect(await p.refunds()).toEqual([]);
    expect((await p.business.client.request(`/api/refunds/${recorded.id}/credit-note.pdf`)).status).toBe(404);

    // Out of order: an older succeeded update, then a charge.refunded whose list shows it failed.
    expect((await deliver("refund.updated", succeededLate)).outcome).toBe("ignored");
    const charge = { id: `ch_${p.intentId}`, object: "charge", payment_intent: p.intentId, amount: 55000 };
    expect((await deliver("charge.refunded", { ...charge, amount_refunded: 0 })).outcome).toBe("ignored");
    expect((await p.payments())[0]).toMatchObject({ refundedAmount: 0 });
    const earnings = await bodyOf(await p.agent.client.request("/api/earnings"));
    expect(earnings.months[0]).toMatchObject({ paid: 550, refunded: 0, platformFees: 25 });
  });

  it("a card dispute holds the payout; won releases it; lost reverses it with a refund and credit note", async () => {
    const holds = (paymentId: number) =>
      t.database.db
        .selectFrom("payoutHolds")
        .select(["disputeId", "status", "amountCents"])
        .where("paymentId", "=", paymentId)
        .execute();
    const won = await paidInvoice(300); // A$330
    const dispute = {
      id: `dp_won_${won.intentId}`,
      object: "dispute",
      amount: 33000,
      charge: `ch_${won.intentId}`,
      payment_intent: won.intentId,
      status: "needs_response",
      reason: "fraudulent",
    };
    const opened = await deliver("charge.dispute.created", dispute);
    expect(opened.outcome).toBe("applied");
    expect(await holds(won.payment.id)).toEqual([
      { disputeId: dispute.id, status: "held", amountCents: expect.anything() },
    ]);
    const held = await bodyOf(await won.agent.client.request("/api/earnings"));
    expect(held.months[0]).toMatchObject({ net: 315, heldPayout: 315, pendingPayout: 0, paidOut: 0 });
    expect((await redeliver(opened)).outcome).toBe("duplicate");
    expect((await deliver("charge.dispute.updated", { ...dispute, status: "under_review" })).outcome).toBe(
      "ignored",
    );
    expect((await deliver("charge.dispute.closed", { ...dispute, status: "won" })).outcome).toBe("applied");
    expect((await holds(won.payment.id))[0]).toMatchObject({ status: "released" });
    expect((await bodyOf(await won.agent.client.request("/api/earnings"))).months[0]).toMatchObject({
      heldPayout: 0,
    });
    expect(await won.refunds()).toEqual([]);

    const lost = await paidInvoice(300);
    const lostDispute = { ...dispute, id: `dp_lost_${lost.intentId}`, payment_intent: lost.intentId };
    // The closing event overtakes the opening one.
    expect((await deliver("charge.dispute.closed", { ...lostDispute, status: "lost" })).outcome).toBe(
      "applied",
    );
    expect((await deliver("charge.dispute.created", lostDispute)).outcome).toBe("ignored");
    expect((await holds(lost.payment.id))[0]).toMatchObject({ status: "reversed" });
    expect((await lost.payments())[0]).toMatchObject({ status: "refunded", refundedAmount: 330 });
    const [refund] = await lost.refunds();
    expect(refund).toMatchObject({ amount: 330, gst: 30 });
    expect((await lost.business.client.request(`/api/refunds/${refund.id}/credit-note.pdf`)).status).toBe(
      200,
    );
  });

  it("a card dispute shows the invoice Disputed and reverses the agent's transfer at Stripe once; won pays it out again once", async () => {
    const p = await paidInvoice(300); // A$330, fee A$15: the agent's transfer is A$315
    const dispute = {
      id: `dp_transfer_${p.intentId}`,
      object: "dispute",
      amount: 33000,
      charge: `ch_${p.intentId}`,
      payment_intent: p.intentId,
      status: "needs_response",
      reason: "fraudulent",
    };
    const opened = await deliver("charge.dispute.created", dispute);
    expect(opened.outcome).toBe("applied");
    expect(await p.invoiceNow()).toMatchObject({ status: "disputed", disputed: true });
    expect((await bodyOf(await p.agent.client.request(`/api/invoices/${p.invoice.id}`))).status).toBe(
      "disputed",
    );
    const transfer = t.standIn.transfers.get(`tr_ch_${p.intentId}`);
    expect(transfer).toMatchObject({ amount: 31500, amount_reversed: 31500 });
    const reversal = t.standIn.requests.filter(
      (r) => r.path === `/v1/transfers/tr_ch_${p.intentId}/reversals`,
    );
    expect(reversal).toHaveLength(1);
    expect(reversal[0]).toMatchObject({
      form: { amount: "31500" },
      idempotencyKey: `closr-hold-${dispute.id}-reverse`,
    });
    // Replays reverse nothing more.
    expect((await redeliver(opened)).outcome).toBe("duplicate");
    expect(
      t.standIn.requests.filter((r) => r.path === `/v1/transfers/tr_ch_${p.intentId}/reversals`),
    ).toHaveLength(1);

    // While disputed: a staff refund and an in-app dispute are refused by the invoice machine.
    const member = await aTestParty(t, "business", {
      username: `gwrefcard${n}`,
      profile: partyProfile("business", 2000 + n),
    });
    await t.database.db.updateTable("users").set({ role: "admin" }).where("id", "=", member.userId).execute();
    revokeCachedSessions(member.userId);
    const refused = await member.client.request(`/api/admin/payments/${p.payment.id}/refunds`, {
      method: "POST",
      json: { amount: 10, reason: "Goodwill" },
    });
    expect(refused.status).toBe(409);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(await bodyOf(refused)).toMatchObject({
      type: "/problems/invoice-transition",
      detail: `Invoice #${p.invoice.id} is under dispute; it cannot be refunded until the dispute is resolved.`,
    });
    const inApp = await p.business.client.request(`/api/invoices/${p.invoice.id}/disputes`, {
      method: "POST",
      json: { reason: "charged_in_error", description: "We were charged twice for this." },
    });
    expect(inApp.status).toBe(409);
    expect(await bodyOf(inApp)).toMatchObject({ type: "/problems/invoice-transition" });
    expect(
      t.standIn.requests.filter((r) => r.path === "/v1/refunds" && r.form.payment_intent === p.intentId),
    ).toHaveLength(0);

    // A Dashboard refund while the card dispute is open: acknowledged, recorded nowhere.
    const dashboard = t.standIn.dashboardRefund(p.intentId, 1000);
    expect((await deliver("charge.refunded", dashboard.charge)).outcome).toBe("refused");
    expect(await p.refunds()).toEqual([]);
    expect(await p.invoiceNow()).toMatchObject({ status: "disputed", refundedAmount: 0 });
    t.standIn.refunds.delete(dashboard.refund.id);

    const won = await deliver("charge.dispute.closed", { ...dispute, status: "won" });
    expect(won.outcome).toBe("applied");
    expect(await p.invoiceNow()).toMatchObject({ status: "paid", disputed: false });
    const again = [...t.standIn.transfers.values()].filter(
      (tr) => tr.source_transaction === `ch_${p.intentId}` && tr.id !== `tr_ch_${p.intentId}`,
    );
    expect(again).toEqual([
      expect.objectContaining({ amount: 31500, destination: `acct_test_${p.agent.profileId}` }),
    ]);
    expect((await redeliver(won)).outcome).toBe("duplicate");
    expect(
      t.standIn.requests.filter(
        (r) => r.path === "/v1/transfers" && r.form.source_transaction === `ch_${p.intentId}`,
      ),
    ).toHaveLength(1);
  });

  it("a lost card dispute: Disputed, then Refunded with its credit note; the transfer stays reversed", async () => {
    const p = await paidInvoice(300);
    const dispute = {
      id: `dp_lost2_${p.intentId}`,
      object: "dispute",
      amount: 33000,
      charge: `ch_${p.intentId}`,
      payment_intent: p.intentId,
      status: "needs_response",
    };
    await deliver("charge.dispute.created", dispute);
    expect(await p.invoiceNow()).toMatchObject({ status: "disputed" });
    expect((await deliver("charge.dispute.closed", { ...dispute, status: "lost" })).outcome).toBe("applied");
    expect(await p.invoiceNow()).toMatchObject({ status: "refunded", refundedAmount: 330, disputed: false });
    expect(await p.refunds()).toHaveLength(1);
    expect(t.standIn.transfers.get(`tr_ch_${p.intentId}`)).toMatchObject({ amount_reversed: 31500 });
    const again = [...t.standIn.transfers.values()].filter(
      (tr) => tr.source_transaction === `ch_${p.intentId}` && tr.id !== `tr_ch_${p.intentId}`,
    );
    expect(again).toEqual([]);
  });

  it("the tax invoice PDF prints the display state and the refunded amount", async () => {
    const p = await paidInvoice(1000); // A$1,100
    const pdf = async () =>
      pdfText(
        new Uint8Array(
          await (
            await p.business.client.request(`/api/invoices/${p.invoice.id}/tax-invoice.pdf`)
          ).arrayBuffer(),
        ),
      );
    expect(await pdf()).toMatch(/Status\s*Paid/);
    const partial = t.standIn.dashboardRefund(p.intentId, 10000);
    expect((await deliver("charge.refunded", partial.charge)).outcome).toBe("applied");
    const text = await pdf();
    expect(text).toMatch(/Status\s*Partly refunded/);
    expect(text).toMatch(/Refunded\s*\$100\.00/);
    expect(text).toMatch(/Net paid\s*\$1,000\.00/);
  });
});
