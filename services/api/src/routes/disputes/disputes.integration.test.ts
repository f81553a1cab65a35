/**
 * Disputes (issue 17, ADR 0018) through the HTTP service on PostgreSQL: only the two parties and
 * staff read a dispute or its evidence (404 otherwise); a disputed invoice cannot be paid (409);
 * a counter-offer accepted reduces the invoice with a credit note; 20 parallel "accept
 * resolution" calls execute one refund; 7 days without an answer (injected clock) → mediation by
 * the scheduled sweep.
 */
import { pdfText } from "@closr/adapters/pdf/testing";
import { revokeCachedSessions } from "@closr/adapters/postgres";
import { makeTestClock } from "@closr/core/shared";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFilePolicy } from "../../http/stored-file-headers.ts";
import { runDisputeSweep } from "../../jobs/dispute-sweeps.ts";
import { anActivePartnership, aTestParty, partyProfile } from "../../testing/parties.ts";
import { createTestApp, enablePayouts, type TestApp } from "../../testing/test-app.ts";

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

const DAY = 24 * 3_600_000;
const clock = makeTestClock(new Date("2026-11-23T00:00:00Z")); // Monday 11:00 AEDT
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.layer });
});
afterAll(async () => {
  expect(t.violations).toEqual([]);
  await t.close();
});

let n = 0;
const aParty = (userType: "business" | "agent") => {
  n++;
  return aTestParty(t, userType, { username: `dispute${n}`, profile: partyProfile(userType, n) });
};

/** A business and an agent with payouts and an active partnership. */
async function partners() {
  const business = await aParty("business");
  const agent = await aParty("agent");
  const partnershipId = await anActivePartnership(t, { business, agent });
  await enablePayouts(t, agent.profileId);
  return { business, agent, partnershipId };
}

async function invoiceOf(p: Awaited<ReturnType<typeof partners>>, amount: number) {
  const res = await p.agent.client.request("/api/invoices", {
    method: "POST",
    json: {
      businessId: p.business.profileId,
      partnershipId: p.partnershipId,
      amount,
      description: "November leads",
    },
  });
  expect(res.status).toBe(201);
  return (await bodyOf(res)).id as number;
}

async function pay(p: Awaited<ReturnType<typeof partners>>, invoiceId: number) {
  const intent = await bodyOf(
    await p.business.client.request("/api/create-payment-intent", { method: "POST", json: { invoiceId } }),
  );
  const confirmed = await p.business.client.request(
    `/api/local-gateway/payment-intents/${intent.id}/confirm`,
    {
      method: "POST",
      json: {
        clientSecret: intent.clientSecret,
        card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" },
      },
    },
  );
  expect(confirmed.status).toBe(200);
}

async function staff() {
  const member = await aParty("business");
  await t.database.db.updateTable("users").set({ role: "admin" }).where("id", "=", member.userId).execute();
  revokeCachedSessions(member.userId);
  return member;
}

const open = (client: ReturnType<TestApp["client"]>, invoiceId: number, reason: string, claimedAmount = 0) =>
  client.request(`/api/invoices/${invoiceId}/disputes`, {
    method: "POST",
    json: { reason, description: "The campaign described here never ran.", claimedAmount },
  });

const pdfBytes = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

describe("disputes", () => {
  it("only the parties and staff read a dispute and its evidence; outsiders get 404", async () => {
    const p = await partners();
    const invoiceId = await invoiceOf(p, 1000);
    const opened = await open(p.business.client, invoiceId, "work_not_done");
    expect(opened.status).toBe(201);
    const dispute = await bodyOf(opened);
    expect(dispute).toMatchObject({
      state: "open",
      opener: "business",
      awaiting: "agent",
      invoiceAmount: 1000,
    });
    // Monday 23 Nov + 7 days → end of Monday 30 Nov, Sydney (13:00 UTC in AEDT).
    expect(dispute.deadline).toBe("2026-11-30T13:00:00.000Z");

    const form = new FormData();
    form.set("file", new File([pdfBytes], "order.pdf", { type: "application/pdf" }));
    const uploaded = await p.business.client.request(`/api/disputes/${dispute.id}/evidence`, {
      method: "POST",
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const evidence = await bodyOf(uploaded);
    expect(evidence.contentType).toBe("application/pdf");

    const fake = new FormData();
    fake.set(
      "file",
      new File([new TextEncoder().encode("not really a png")], "photo.png", { type: "image/png" }),
    );
    const refused = await p.business.client.request(`/api/disputes/${dispute.id}/evidence`, {
      method: "POST",
      body: fake,
    });
    expect(refused.status).toBe(422);

    const outsider = await aParty("business");
    const otherAgent = await aParty("agent");
    for (const client of [outsider.client, otherAgent.client]) {
      expect((await client.request(`/api/disputes/${dispute.id}`)).status).toBe(404);
      expect((await client.request(`/api/dispute-evidence/${evidence.id}`)).status).toBe(404);
      expect(
        (
          await client.request(`/api/disputes/${dispute.id}/responses`, {
            method: "POST",
            json: { action: "accept" },
          })
        ).status,
      ).toBe(404);
    }
    for (const client of [p.business.client, p.agent.client, (await staff()).client]) {
      expect((await client.request(`/api/disputes/${dispute.id}`)).status).toBe(200);
      const file = await client.request(`/api/dispute-evidence/${evidence.id}`);
      expect(file.status).toBe(200);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdfBytes);
      // Served sandboxed: the route's own policy survives the site's headers (ADR 0034).
      expect(file.headers.get("content-security-policy")).toBe(storedFilePolicy);
    }
    expect((await open(p.agent.client, invoiceId, "amount_not_owed")).status).toBe(409); // one active dispute
  });

  it("a disputed invoice cannot be paid (409); the counter-offer accepted reduces it with a credit note", async () => {
    const p = await partners();
    const invoiceId = await invoiceOf(p, 1000);
    const dispute = await bodyOf(await open(p.business.client, invoiceId, "amount_not_owed"));
    const pay409 = await p.business.client.request("/api/create-payment-intent", {
      method: "POST",
      json: { invoiceId },
    });
    expect(pay409.status).toBe(409);
    expect((await bodyOf(pay409)).type).toBe("/problems/invoice-disputed");

    // The opener cannot answer their own offer.
    const own = await p.business.client.request(`/api/disputes/${dispute.id}/responses`, {
      method: "POST",
      json: { action: "accept" },
    });
    expect(own.status).toBe(409);
    const countered = await p.agent.client.request(`/api/disputes/${dispute.id}/responses`, {
      method: "POST",
      json: { action: "counter", amount: 500, message: "Half the leads were delivered." },
    });
    expect(countered.status).toBe(200);
    expect(await bodyOf(countered)).toMatchObject({
      awaiting: "business",
      offer: { by: "agent", amount: 500 },
    });
    const accepted = await bodyOf(
      await p.business.client.request(`/api/disputes/${dispute.id}/responses`, {
        method: "POST",
        json: { action: "accept" },
      }),
    );
    expect(accepted).toMatchObject({ state: "resolved", outcome: "amount_reduced", settledAmount: 500 });
    const detail = await bodyOf(await p.business.client.request(`/api/disputes/${dispute.id}`));
    expect(detail.invoice.amount).toBe(500);
    expect(detail.creditNote).toMatchObject({ amount: 500, originalAmount: 1000 });
    expect(detail.dispute.executedAt).not.toBeNull();
    const pdf = await p.agent.client.request(`/api/disputes/${dispute.id}/credit-note.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain("Credit note");
    expect(text).toContain("$500.00");
    expect(
      (await (await aParty("business")).client.request(`/api/disputes/${dispute.id}/credit-note.pdf`)).status,
    ).toBe(404);
    // Resolved: the reduced invoice can be paid now.
    await pay(p, invoiceId);
    const inv = await bodyOf(await p.business.client.request(`/api/invoices/${invoiceId}`));
    expect(inv).toMatchObject({ amount: 500, isPaid: true });
    // Both parties were emailed at each step.
    const mails = await t.database.db
      .selectFrom("mailOutbox")
      .select("subject")
      .where("subject", "like", `Dispute #${dispute.id} %`)
      .execute();
    expect(mails.length).toBeGreaterThanOrEqual(6);
  });

  it("20 parallel accepts of a mediated refund execute one refund; the payout is held until then", async () => {
    const p = await partners();
    const invoiceId = await invoiceOf(p, 1000);
    await pay(p, invoiceId);
    const dispute = await bodyOf(await open(p.business.client, invoiceId, "services_not_delivered"));
    expect(dispute.invoicePaid).toBe(true);
    expect(
      (
        await t.database.db
          .selectFrom("disputes")
          .select("payoutHeld")
          .where("id", "=", dispute.id)
          .executeTakeFirstOrThrow()
      ).payoutHeld,
    ).toBe(true);
    await p.agent.client.request(`/api/disputes/${dispute.id}/responses`, {
      method: "POST",
      json: { action: "reject" },
    });
    const mediator = await staff();
    const queue = await bodyOf(await mediator.client.request("/api/admin/disputes"));
    expect(queue.items.map((d: { id: number }) => d.id)).toContain(dispute.id);
    expect((await p.business.client.request("/api/admin/disputes")).status).toBe(403);
    const proposed = await mediator.client.request(`/api/admin/disputes/${dispute.id}/proposal`, {
      method: "POST",
      json: { amount: 600, note: "Part of the work was done; refund 400." },
    });
    expect(proposed.status).toBe(200);
    const audit = await t.database.db
      .selectFrom("auditLog")
      .select("action")
      .where("subjectType", "=", "dispute")
      .where("subjectId", "=", String(dispute.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["dispute.resolution_proposed"]);

    await p.agent.client.request(`/api/disputes/${dispute.id}/proposal-answers`, {
      method: "POST",
      json: { accept: true },
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        p.business.client.request(`/api/disputes/${dispute.id}/proposal-answers`, {
          method: "POST",
          json: { accept: true },
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    const refunds = await t.database.db
      .selectFrom("payoutRefunds as r")
      .innerJoin("payments as p", "p.id", "r.paymentId")
      .select(["r.amountCents"])
      .where("p.invoiceId", "=", invoiceId)
      .execute();
    expect(refunds.map((r) => Number(r.amountCents))).toEqual([40_000]);
    const payment = await t.database.db
      .selectFrom("payments")
      .select(["refundedCents", "status"])
      .where("invoiceId", "=", invoiceId)
      .where("status", "in", ["completed", "refunded"])
      .executeTakeFirstOrThrow();
    expect(Number(payment.refundedCents)).toBe(40_000);
    const row = await t.database.db
      .selectFrom("disputes")
      .select(["payoutHeld", "executedAt", "outcome"])
      .where("id", "=", dispute.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ payoutHeld: false, outcome: "partial_refund" });
    expect(row.executedAt).not.toBeNull();
  });

  it("each step notifies only the party that did not take it (both after staff's), linking to their page", async () => {
    const p = await partners();
    const invoiceId = await invoiceOf(p, 1000);
    const noticesOf = async (userId: number) =>
      (
        await t.database.db
          .selectFrom("notifications")
          .select(["kind", "link"])
          .where("userId", "=", userId)
          .where("kind", "like", "dispute_%")
          .orderBy("id")
          .execute()
      ).map((r) => `${r.kind} ${r.link}`);
    const dispute = await bodyOf(await open(p.business.client, invoiceId, "amount_not_owed"));
    const respond = (who: typeof p.agent, json: Record<string, unknown>) =>
      who.client.request(`/api/disputes/${dispute.id}/responses`, { method: "POST", json });
    expect((await respond(p.agent, { action: "counter", amount: 700 })).status).toBe(200);
    expect((await respond(p.business, { action: "reject" })).status).toBe(200);
    const mediator = await staff();
    const proposed = await mediator.client.request(`/api/admin/disputes/${dispute.id}/proposal`, {
      method: "POST",
      json: { amount: 600, note: "Part of the work was done; pay 600." },
    });
    expect(proposed.status).toBe(200);
    const answer = (who: typeof p.agent) =>
      who.client.request(`/api/disputes/${dispute.id}/proposal-answers`, {
        method: "POST",
        json: { accept: true },
      });
    expect((await answer(p.agent)).status).toBe(200);
    expect((await answer(p.business)).status).toBe(200);

    const agentPage = `/agent/invoices/disputes/${dispute.id}`;
    const businessPage = `/business/payments/disputes/${dispute.id}`;
    expect(await noticesOf(p.agent.userId)).toEqual([
      `dispute_opened ${agentPage}`,
      `dispute_in_mediation ${agentPage}`,
      `dispute_proposal ${agentPage}`,
      `dispute_resolved ${agentPage}`,
    ]);
    expect(await noticesOf(p.business.userId)).toEqual([
      `dispute_responded ${businessPage}`,
      `dispute_proposal ${businessPage}`,
      `dispute_responded ${businessPage}`,
    ]);
    expect(await noticesOf(mediator.userId)).toEqual([]);
    const titles = await t.database.db
      .selectFrom("notifications")
      .select("title")
      .where("userId", "=", p.agent.userId)
      .where("kind", "like", "dispute_%")
      .orderBy("id")
      .execute();
    expect(titles.map((r) => r.title)).toEqual([
      `Harbour ${n - 2} opened a dispute on invoice #${invoiceId}`,
      `Dispute #${dispute.id} (invoice #${invoiceId}) is now with Closr's mediation team`,
      `Dispute #${dispute.id} (invoice #${invoiceId}): Closr proposes the business pays $600.00`,
      `Dispute #${dispute.id} (invoice #${invoiceId}) is resolved: the business pays $600.00`,
    ]);
    // The bell lists them with the unread count, delivered on the live stream too.
    const bell = await bodyOf(await p.agent.client.request("/api/notifications"));
    expect(bell.items.filter((i: { kind: string }) => i.kind.startsWith("dispute_"))).toHaveLength(4);
    const live = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM live_events
      WHERE kind = 'notification' AND ${p.agent.userId} = ANY(user_ids) AND data->>'kind' LIKE 'dispute_%'`.execute(
      t.database.db,
    );
    expect(live.rows[0]?.n).toBe(4);
  });

  it("a dispute left unanswered for 7 days moves to mediation by the scheduled sweep", async () => {
    clock.set(new Date("2026-11-23T00:00:00Z"));
    const p = await partners();
    const invoiceId = await invoiceOf(p, 300);
    const dispute = await bodyOf(await open(p.business.client, invoiceId, "work_not_done"));
    clock.advance(6 * DAY);
    await runDisputeSweep(t.runtime);
    expect((await bodyOf(await p.business.client.request(`/api/disputes/${dispute.id}`))).dispute.state).toBe(
      "open",
    );
    expect((await p.agent.client.request("/api/disputes")).status).toBe(200); // keeps the session alive
    clock.advance(2 * DAY); // past the end of Monday 30 Nov, Sydney
    expect(await runDisputeSweep(t.runtime)).toBeGreaterThanOrEqual(1);
    const detail = await bodyOf(await p.business.client.request(`/api/disputes/${dispute.id}`));
    expect(detail.dispute).toMatchObject({ state: "in_mediation", awaiting: "staff" });
    expect(detail.timeline.map((l: { kind: string }) => l.kind)).toContain("mediation_started");
    // Late answers lose to the clock.
    const late = await p.agent.client.request(`/api/disputes/${dispute.id}/responses`, {
      method: "POST",
      json: { action: "accept" },
    });
    expect(late.status).toBe(409);
    // Still unpaid and still blocked while in mediation.
    const pay409 = await p.business.client.request("/api/create-payment-intent", {
      method: "POST",
      json: { invoiceId },
    });
    expect(pay409.status).toBe(409);
    // The opener withdraws: the invoice can be paid again.
    const withdrawn = await p.business.client.request(`/api/disputes/${dispute.id}/withdraw`, {
      method: "POST",
    });
    expect(await bodyOf(withdrawn)).toMatchObject({ state: "withdrawn", outcome: "withdrawn" });
    await pay(p, invoiceId);
  });
});
