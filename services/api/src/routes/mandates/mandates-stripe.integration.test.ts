/**
 * Payment mandates and collection in Stripe mode (issue 45, ADR 0064), on PostgreSQL against the
 * Stripe stand-in, with events signed by the `stripe` package (webhooks.generateTestHeaderString):
 * a BECS mandate is set up through a SetupIntent confirmed with mandate_data (the payer's IP and
 * user agent) and activated by `setup_intent.succeeded`; the sweep charges the invoice due today
 * off-session with the mandate and the idempotency key of ADR 0064; `payment_intent.processing`
 * then `succeeded` pay it once; `payment_intent.payment_failed` schedules the retry;
 * `mandate.updated` to inactive stops collection; every replay changes nothing. The routes answer
 * 404 for another party's mandate or invoice and 403 for an agent starting one.
 */

import { runCollectionSweep } from "@closr/core/collection";
import { addDays, businessDate } from "@closr/core/invoice";
import { describe, expect, it } from "vitest";
import { anActivePartnership, aTestParty, partyProfile } from "../../testing/parties.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

describe("payment mandates and collection (Stripe stand-in)", () => {
  const secret = "whsec_mandates";
  const t = useTestApp({}, { stripe: { webhookSecret: secret } });
  let n = 0;

  const post = (body: string, signature: string) =>
    t.client().request("/api/stripe/webhook", {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "stripe-signature": signature,
        "user-agent": "Stripe/1.0",
      },
    });
  /** Signs and delivers one event; answers the outcome and the signed body to replay. */
  const deliver = async (type: string, object: Record<string, unknown>) => {
    const event = t.standIn.webhook(type, object, { secret });
    const res = await post(event.body, event.signature);
    expect(res.status).toBe(200);
    return {
      outcome: (await bodyOf(res)).outcome as string,
      replay: () => post(event.body, event.signature),
    };
  };

  /** A business and agent in an active partnership, with an unpaid invoice due today (Sydney). */
  async function world() {
    n++;
    const business = await aTestParty(t, "business", {
      username: `mandate${n}b`,
      profile: partyProfile("business", n),
    });
    const agent = await aTestParty(t, "agent", {
      username: `mandate${n}a`,
      profile: partyProfile("agent", n),
    });
    const partnershipId = await anActivePartnership(t, { business, agent });
    const invoice = await t.database.db
      .insertInto("invoices")
      .values({
        partnershipId,
        businessId: business.profileId,
        agentId: agent.profileId,
        amountCents: 55_000 as never,
        subtotalCents: 55_000 as never,
        description: "Commission, November",
        dueDate: businessDate(new Date()),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const collection = async () =>
      bodyOf(await agent.client.request(`/api/invoices/${invoice.id}/collection`));
    return { business, agent, partnershipId, invoiceId: invoice.id, collection };
  }

  const ddrVersion = async () =>
    (await bodyOf(await t.client().request("/api/mandates/direct-debit-request"))).version as string;

  /** Starts a BECS mandate on the stand-in's test account and activates it with setup_intent.succeeded. */
  async function activeBecsMandate(w: Awaited<ReturnType<typeof world>>) {
    const res = await w.business.client.request(`/api/partnerships/${w.partnershipId}/mandates`, {
      method: "POST",
      json: {
        method: "au_becs_debit",
        accountName: "Mandate Pty Ltd",
        bsb: "000-000",
        accountNumber: "000123456",
        directDebitRequestVersion: await ddrVersion(),
      },
      headers: { "user-agent": "Mozilla/5.0 (mandate test)" },
    });
    expect(res.status).toBe(201);
    const started = await bodyOf(res);
    expect(res.headers.get("location")).toBe(`/api/mandates/${started.id}`);
    const setup = [...t.standIn.setupIntents.values()].at(-1)!;
    setup.status = "succeeded";
    const activated = await deliver("setup_intent.succeeded", setup);
    return { started, setup, activated };
  }

  const sweep = () => t.runtime.runPromise(runCollectionSweep());
  /** The stand-in's PaymentIntents for the invoice (one per charge). */
  const chargesOf = (invoiceId: number) =>
    [...t.standIn.intents.values()].filter((i) => i.metadata?.invoiceId === String(invoiceId));
  const intentOf = (invoiceId: number) =>
    [...t.standIn.intents.values()].find((i) => i.metadata?.invoiceId === String(invoiceId))!;

  it("a BECS mandate: SetupIntent with mandate_data, active on setup_intent.succeeded (a replay changes nothing)", async () => {
    const w = await world();
    const { started, setup, activated } = await activeBecsMandate(w);
    expect(started).toMatchObject({
      method: "au_becs_debit",
      status: "pending",
      bsb: "000000",
      lastFour: "3456",
      gateway: "stripe",
      clientSecret: null,
    });
    const request = t.standIn.requests.find(
      (r) => r.path === "/v1/setup_intents" && r.form.confirm === "true",
    )!;
    expect(request.form).toMatchObject({
      usage: "off_session",
      "allowed_payment_method_types[0]": "au_becs_debit",
      "payment_method_data[au_becs_debit][bsb_number]": "000000",
      "mandate_data[customer_acceptance][type]": "online",
      "mandate_data[customer_acceptance][online][user_agent]": "Mozilla/5.0 (mandate test)",
    });
    expect(request.form["mandate_data[customer_acceptance][online][ip_address]"]).toBeTruthy();
    expect(activated.outcome).toBe("applied");
    const active = await bodyOf(await w.business.client.request(`/api/mandates/${started.id}`));
    expect(active).toMatchObject({ status: "active", reference: started.reference });
    expect(t.standIn.mandates.has(setup.mandate)).toBe(true);

    expect((await bodyOf(await activated.replay())).outcome).toBe("ignored");
    expect(await bodyOf(await w.business.client.request(`/api/mandates/${started.id}`))).toEqual(active);
    // Invoice collection is scheduled for the due date.
    expect(await w.collection()).toMatchObject({
      status: "scheduled",
      scheduledFor: businessDate(new Date()),
      amount: 550,
    });
  });

  it("the sweep charges off-session with the mandate and key; processing then succeeded pay the invoice once; replays change nothing", async () => {
    const w = await world();
    const { setup } = await activeBecsMandate(w);
    expect((await sweep()).charged).toBeGreaterThanOrEqual(1);
    const charge = t.standIn.requests.find(
      (r) => r.path === "/v1/payment_intents" && r.form["metadata[invoiceId]"] === String(w.invoiceId),
    )!;
    expect(charge.idempotencyKey).toBe(`closr-collection-${w.invoiceId}-attempt-1`);
    expect(charge.form).toMatchObject({
      confirm: "true",
      mandate: setup.mandate,
      payment_method: setup.payment_method,
      "allowed_payment_method_types[0]": "au_becs_debit",
      amount: "55000",
    });
    // A second sweep before any webhook resumes the recorded attempt with the same key (ADR 0064):
    // Stripe answers the first intent, so there is still one charge.
    await sweep();
    const sent = t.standIn.requests.filter((r) => r.form["metadata[invoiceId]"] === String(w.invoiceId));
    expect(new Set(sent.map((r) => r.idempotencyKey))).toEqual(
      new Set([`closr-collection-${w.invoiceId}-attempt-1`]),
    );
    expect(chargesOf(w.invoiceId)).toHaveLength(1);

    const intent = intentOf(w.invoiceId);
    expect(intent.status).toBe("processing");
    const processing = await deliver("payment_intent.processing", { ...intent });
    expect(processing.outcome).not.toBe("ignored");
    expect(await w.collection()).toMatchObject({
      status: "processing",
      attempts: [{ attempt: 1, status: "processing" }],
    });

    const succeeded = await deliver("payment_intent.succeeded", t.standIn.setStatus(intent.id, "succeeded"));
    expect(succeeded.outcome).toBe("decided");
    expect(await w.collection()).toMatchObject({
      status: "paid",
      attempts: [{ attempt: 1, status: "completed" }],
    });
    expect((await bodyOf(await succeeded.replay())).outcome).toBe("duplicate");
    expect((await bodyOf(await processing.replay())).outcome).toBe("duplicate");
    const invoice = await bodyOf(await w.business.client.request(`/api/invoices/${w.invoiceId}`));
    expect(invoice).toMatchObject({ isPaid: true });
    const payments = await bodyOf(await w.agent.client.request(`/api/invoices/${w.invoiceId}/payments`));
    expect(payments.items.filter((p: { status: string }) => p.status === "completed")).toHaveLength(1);
    await sweep();
    expect(chargesOf(w.invoiceId)).toHaveLength(1);
    expect(
      t.standIn.requests.filter((r) => r.form["metadata[invoiceId]"] === String(w.invoiceId)),
    ).toHaveLength(sent.length);
  });

  it("payment_intent.payment_failed: the attempt fails with the reason and the retry is scheduled for the next day", async () => {
    const w = await world();
    await activeBecsMandate(w);
    await sweep();
    const intent = intentOf(w.invoiceId);
    const failed = await deliver(
      "payment_intent.payment_failed",
      t.standIn.setStatus(intent.id, "requires_payment_method", {
        last_payment_error: { code: "insufficient_funds", message: "The account had insufficient funds." },
      }),
    );
    expect(failed.outcome).not.toBe("ignored");
    const today = businessDate(new Date());
    const after = await w.collection();
    expect(after).toMatchObject({
      status: "failed",
      failureReason: "The account had insufficient funds.",
      retryOn: addDays(today, 1),
      attempts: [{ attempt: 1, status: "failed" }],
    });
    expect((await bodyOf(await failed.replay())).outcome).toBe("duplicate");
    expect(await w.collection()).toEqual(after);
    // Not retried before the retry date.
    await sweep();
    expect(
      t.standIn.requests.filter((r) => r.form["metadata[invoiceId]"] === String(w.invoiceId)),
    ).toHaveLength(1);
  });

  it("mandate.updated to inactive stops collection (a replay changes nothing); the business may then start another", async () => {
    const w = await world();
    const { started, setup } = await activeBecsMandate(w);
    const inactive = await deliver("mandate.updated", {
      ...t.standIn.mandates.get(setup.mandate),
      status: "inactive",
    });
    expect(inactive.outcome).toBe("applied");
    const mandate = await bodyOf(await w.business.client.request(`/api/mandates/${started.id}`));
    expect(mandate).toMatchObject({ status: "inactive", inactiveReason: "mandate_inactive" });
    expect((await bodyOf(await inactive.replay())).outcome).toBe("ignored");
    expect(await bodyOf(await w.business.client.request(`/api/mandates/${started.id}`))).toEqual(mandate);
    await sweep();
    expect(
      t.standIn.requests.filter((r) => r.form["metadata[invoiceId]"] === String(w.invoiceId)),
    ).toHaveLength(0);
    expect(await w.collection()).toMatchObject({ status: null, mandate: { status: "inactive" } });
    // Replaced: a new mandate may be started once the old one is no longer live.
    const again = await activeBecsMandate(w);
    expect(again.started.status).toBe("pending");
  });

  it("a card mandate answers the client secret for Stripe.js; the business lists and revokes; others get 404 and agents 403", async () => {
    const w = await world();
    const res = await w.business.client.request(`/api/partnerships/${w.partnershipId}/mandates`, {
      method: "POST",
      json: { method: "card", accountName: "Mandate Pty Ltd" },
    });
    expect(res.status).toBe(201);
    const started = await bodyOf(res);
    expect(started).toMatchObject({ method: "card", status: "pending", gateway: "stripe" });
    expect(started.clientSecret).toMatch(/^seti_.+_secret_/);
    expect((await t.standIn.confirm(started.clientSecret, "4242424242424242")).status).toBe(200);
    const setup = [...t.standIn.setupIntents.values()].find((s) => s.client_secret === started.clientSecret)!;
    expect((await deliver("setup_intent.succeeded", setup)).outcome).toBe("applied");

    // A second live mandate on the partnership is refused.
    const twice = await w.business.client.request(`/api/partnerships/${w.partnershipId}/mandates`, {
      method: "POST",
      json: { method: "card", accountName: "Mandate Pty Ltd" },
    });
    expect(twice.status).toBe(409);
    expect((await bodyOf(twice)).type).toBe("/problems/mandate-exists");
    // BECS without the accepted DDR version: 422 on the field.
    const noDdr = await w.business.client.request(`/api/partnerships/${w.partnershipId}/mandates`, {
      method: "POST",
      json: { method: "au_becs_debit", accountName: "X", bsb: "000000", accountNumber: "000123456" },
    });
    expect(noDdr.status).toBe(422);
    expect((await bodyOf(noDdr)).errors).toEqual([
      expect.objectContaining({ field: "directDebitRequestVersion" }),
    ]);

    const list = await bodyOf(await w.business.client.request("/api/mandates"));
    expect(list.items.map((m: { id: number }) => m.id)).toContain(started.id);

    const other = await world();
    expect((await other.business.client.request(`/api/mandates/${started.id}`)).status).toBe(404);
    expect(
      (await other.business.client.request(`/api/mandates/${started.id}/revoke`, { method: "POST" })).status,
    ).toBe(404);
    expect((await other.business.client.request(`/api/invoices/${w.invoiceId}/collection`)).status).toBe(404);
    expect(
      (
        await other.business.client.request(`/api/partnerships/${w.partnershipId}/mandates`, {
          method: "POST",
          json: { method: "card", accountName: "Nope" },
        })
      ).status,
    ).toBe(404);
    const agentTry = await w.agent.client.request(`/api/partnerships/${w.partnershipId}/mandates`, {
      method: "POST",
      json: { method: "card", accountName: "Agent" },
    });
    expect(agentTry.status).toBe(403);

    const revoked = await w.business.client.request(`/api/mandates/${started.id}/revoke`, { method: "POST" });
    expect(revoked.status).toBe(200);
    expect(await bodyOf(revoked)).toMatchObject({ status: "revoked" });
    const again = await w.business.client.request(`/api/mandates/${started.id}/revoke`, { method: "POST" });
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).type).toBe("/problems/mandate-transition");
  });
});
