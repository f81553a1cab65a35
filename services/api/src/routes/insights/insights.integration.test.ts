/**
 * /api/analytics and /api/performance on PostgreSQL (issue 18): figures equal hand-computed
 * totals on a seeded data set (paid, refunded, overdue, funnel); each caller sees only its own
 * figures; plan gating refuses Enterprise-only data to Basic with a 403 naming the plan; search
 * appearances are counted once per search page served and profile views once per view by others.
 */
import { refreshInsightsRollup } from "@closr/adapters/postgres";
import { ProfileStatsCounter } from "@closr/core/insights";
import { Effect } from "effect";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());
afterEach(() => expect(t.violations.splice(0)).toEqual([]));

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let n = 0;
async function aParty(userType: "business" | "agent", name?: string, specialization = "Insights Sales") {
  n++;
  const client = t.client();
  const username = `insight${n}`;
  const registered = await client.request("/api/register", {
    method: "POST",
    json: { email: `${username}@example.com`, username, password: "long enough password", userType },
  });
  const userId = (await bodyOf(registered)).id as number;
  const res =
    userType === "business"
      ? await client.request("/api/business-profiles", {
          method: "POST",
          json: { companyName: name ?? `Harbour ${n}` },
        })
      : await client.request("/api/agent-profiles", {
          method: "POST",
          json: { fullName: name ?? `Agent ${n}`, specialization, yearsOfExperience: 4 },
        });
  expect(res.status).toBe(201);
  return { client, userId, profileId: (await bodyOf(res)).id as number };
}

const setPlan = (userId: number, plan: "basic" | "professional" | "enterprise" | "agent_pro" | null) =>
  t.database.db.updateTable("users").set({ planId: plan }).where("id", "=", userId).execute();

async function partnership(
  businessId: number,
  agentId: number,
  status: string,
  requestedBy: "business" | "agent",
  createdAt: string,
  startDate: string | null,
) {
  const r = await sql<{ id: number }>`
    INSERT INTO partnerships (business_id, agent_id, status, requested_by, commission_rate, created_at, updated_at,
                              start_date, end_date)
    VALUES (${businessId}, ${agentId}, ${status}, ${requestedBy}, 10, ${createdAt}::timestamptz, ${createdAt}::timestamptz,
            ${startDate}::timestamptz, ${status === "terminated" ? "2026-10-20 12:00+10" : null}::timestamptz)
    RETURNING id`.execute(t.database.db);
  return r.rows[0]!.id;
}

async function invoice(
  p: { id: number; businessId: number; agentId: number },
  cents: number,
  createdAt: string,
  dueDate: string | ReturnType<typeof sql>,
  paidAt: string | null,
  payment?: { feeCents: number; refundedCents: number },
) {
  const r = await sql<{ id: number }>`
    INSERT INTO invoices (partnership_id, business_id, agent_id, amount_cents, subtotal_cents, description, due_date, is_paid, created_at, paid_at)
    VALUES (${p.id}, ${p.businessId}, ${p.agentId}, ${cents}, ${cents}, 'Commission', ${dueDate}::date, ${paidAt !== null},
            ${createdAt}::timestamptz, ${paidAt}::timestamptz)
    RETURNING id`.execute(t.database.db);
  const id = r.rows[0]!.id;
  // Only the gateway's payment marks an invoice paid, so every paid invoice has its payment
  // (earnings read payments, through the payouts context's query).
  const paid = payment ?? (paidAt !== null ? { feeCents: 0, refundedCents: 0 } : undefined);
  if (paid)
    await sql`
      INSERT INTO payments (invoice_id, business_id, agent_id, amount_cents, status, application_fee_cents, refunded_cents)
      VALUES (${id}, ${p.businessId}, ${p.agentId}, ${cents}, 'completed', ${paid.feeCents}, ${paid.refundedCents})`.execute(
      t.database.db,
    );
  return id;
}

/** A dispute row on an invoice (the figures read only invoice, state and opening time). */
async function dispute(
  invoiceId: number,
  openedBy: number,
  opener: "business" | "agent",
  state: string,
  createdAt: string,
) {
  await sql`
    INSERT INTO disputes (invoice_id, opened_by, opener, reason, description, invoice_paid, invoice_amount_cents,
                          state, offer_by, offer_amount_cents, created_at)
    VALUES (${invoiceId}, ${openedBy}, ${opener}, 'amount_not_owed', 'Seeded dispute', false, 1000, ${state},
            ${opener}, 0, ${createdAt}::timestamptz)`.execute(t.database.db);
}

const range = "range=custom&from=2026-08-01&to=2026-10-31";
const get = async (client: TestClient, path: string) => {
  const res = await client.request(path);
  return { status: res.status, body: await bodyOf(res) };
};

/** The seeded data set of the figures test (hand-computed totals in the assertions). */
async function seed() {
  const business = await aParty("business", "Figures Pty Ltd");
  const ava = await aParty("agent", "Ava One");
  const ben = await aParty("agent", "Ben Two");
  const cai = await aParty("agent", "Cai Three");
  const dee = await aParty("agent", "Dee Four");
  const b = business.profileId;
  const p1 = await partnership(
    b,
    ava.profileId,
    "active",
    "business",
    "2026-08-01 12:00+10",
    "2026-08-02 12:00+10",
  );
  const p2 = await partnership(
    b,
    ben.profileId,
    "terminated",
    "agent",
    "2026-08-10 12:00+10",
    "2026-08-11 12:00+10",
  );
  await partnership(b, cai.profileId, "rejected", "business", "2026-09-05 12:00+10", null);
  await partnership(b, dee.profileId, "pending", "agent", "2026-10-01 12:00+10", null);
  const withAva = { id: p1, businessId: b, agentId: ava.profileId };
  const withBen = { id: p2, businessId: b, agentId: ben.profileId };
  // Paid in the range: 1000 (on time, 10 days), 500 (late, 19 days), 2000 (on time, 16 days; 300 refunded, 200 fee).
  const a1 = await invoice(withAva, 100_000, "2026-08-05 12:00+10", "2026-08-20", "2026-08-15 12:00+10");
  const a2 = await invoice(withAva, 50_000, "2026-09-01 12:00+10", "2026-09-10", "2026-09-20 12:00+10");
  const b1 = await invoice(withBen, 200_000, "2026-09-15 12:00+10", "2026-10-15", "2026-10-01 12:00+10", {
    feeCents: 20_000,
    refundedCents: 30_000,
  });
  // Outside the range, and unpaid now: 250 open, 400 overdue.
  const a0 = await invoice(withAva, 99_900, "2026-07-01 12:00+10", "2026-07-30", "2026-07-20 12:00+10");
  await invoice(withAva, 25_000, "2026-11-01 12:00+10", sql`(current_date + 10)`, null);
  const b2 = await invoice(withBen, 40_000, "2026-11-01 12:00+10", sql`(current_date - 5)`, null);
  // Disputes opened in the range: Ava 2 (one resolved, one open), Ben 1; outside it: one each.
  await dispute(a1, ava.userId, "agent", "resolved", "2026-08-20 12:00+10");
  await dispute(a2, business.userId, "business", "open", "2026-09-25 12:00+10");
  await dispute(a0, ava.userId, "agent", "withdrawn", "2026-07-25 12:00+10");
  await dispute(b1, business.userId, "business", "in_mediation", "2026-10-31 23:30+11");
  // Withdrawn: an invoice under an active dispute reads Disputed, not Overdue (ADR 0040).
  await dispute(b2, business.userId, "business", "withdrawn", "2026-11-01 00:30+11");
  return { business, ava, ben, cai, dee };
}

describe("analytics and performance figures", () => {
  it("equal hand-computed totals; gated by plan; each caller sees only its own", async () => {
    const { business, ava, ben } = await seed();
    await setPlan(business.userId, "enterprise");

    const { status, body } = await get(business.client, `/api/analytics?${range}&compare=true`);
    expect(status).toBe(200);
    expect(body.range).toEqual({ from: "2026-08-01", to: "2026-10-31" });
    expect(body.previousRange).toEqual({ from: "2026-05-01", to: "2026-07-31" });
    expect(body.headline).toEqual({
      paid: 3500,
      refunded: 300,
      netPaid: 3200,
      invoicesPaid: 3,
      open: 250,
      overdue: 400,
      overdueCount: 1,
      averageDaysToPay: 15,
    });
    expect(body.previous).toMatchObject({ paid: 999, netPaid: 999, invoicesPaid: 1 });
    expect(body.months).toEqual([
      { month: "2026-08", netPaid: 1000 },
      { month: "2026-09", netPaid: 500 },
      { month: "2026-10", netPaid: 1700 },
    ]);
    expect(body.agents).toEqual([
      expect.objectContaining({
        name: "Ben Two",
        status: "terminated",
        invoices: 1,
        netPaid: 1700,
        onTimeRate: 1,
        disputes: 1,
      }),
      expect.objectContaining({
        name: "Ava One",
        status: "active",
        invoices: 2,
        netPaid: 1500,
        onTimeRate: 0.5,
        disputes: 2,
      }),
    ]);
    expect(body.funnel).toEqual({
      requestsSent: 2,
      requestsReceived: 2,
      accepted: 2,
      active: 1,
      ended: 1,
      acceptanceRate: 0.5,
      retentionRate: 0.5,
    });

    const csv = await business.client.request(`/api/analytics/export?${range}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text).toContain("2026-10,1700.00");
    expect(text).toContain("Ben Two,terminated,2026-08-11,1,1700.00,1.000,1");
    expect(text).toContain("Ava One,active,2026-08-02,2,1500.00,0.500,2");

    const one = await get(business.client, `/api/analytics/agents/${ava.profileId}?${range}`);
    expect(one.body.months.map((m: { netPaid: number }) => m.netPaid)).toEqual([1000, 500, 0]);

    // The agents' side: their own earnings only (gross, fee, refunds, net, pending).
    const benFigures = await get(ben.client, `/api/performance?${range}`);
    expect(benFigures.status).toBe(200);
    expect(benFigures.body.earnings).toEqual([
      { month: "2026-08", gross: 0, fee: 0, refunded: 0, net: 0 },
      { month: "2026-09", gross: 0, fee: 0, refunded: 0, net: 0 },
      { month: "2026-10", gross: 2000, fee: 200, refunded: 300, net: 1500 },
    ]);
    expect(benFigures.body.totals).toEqual({ gross: 2000, fee: 200, refunded: 300, net: 1500, pending: 400 });
    expect(benFigures.body.pipeline).toEqual({ pendingRequests: 0, activePartners: 0, ended: 1 });
    expect(benFigures.body.peers).toBeNull();
    const avaFigures = await get(ava.client, `/api/performance?${range}`);
    expect(avaFigures.body.totals).toEqual({ gross: 1500, fee: 0, refunded: 0, net: 1500, pending: 250 });
    expect(avaFigures.body.responsiveness).toMatchObject({
      requestsReceived: 1,
      requestsAnswered: 1,
      requestResponseRate: 1,
      requestMedianHours: 24,
    });

    // Agent Pro: percentiles among the 4 agents of the same specialization and location (earned 0, 0, 1500, 2000).
    await setPlan(ava.userId, "agent_pro");
    const pro = await get(ava.client, `/api/performance?${range}`);
    expect(pro.body.peers).toMatchObject({ peers: 3, earningsPercentile: 67 });

    // Another business: its own (empty) figures; the first business's agent is not found.
    const other = await aParty("business");
    await setPlan(other.userId, "professional");
    const empty = await get(other.client, `/api/analytics?${range}`);
    expect(empty.body.headline).toMatchObject({
      paid: 0,
      netPaid: 0,
      open: 0,
      overdue: 0,
      averageDaysToPay: null,
    });
    expect(empty.body.agents).toEqual([]);
    expect(empty.body.funnel).toBeNull();
    expect((await get(other.client, `/api/analytics/agents/${ava.profileId}`)).status).toBe(404);
    // The wrong side: 403.
    expect((await get(ava.client, "/api/analytics")).status).toBe(403);
    expect((await get(business.client, "/api/performance")).status).toBe(403);
    expect((await t.client().request("/api/analytics")).status).toBe(401);
  });

  it("rates each agent from the reviews' reputation: public, unhidden reviews only", async () => {
    const business = await aParty("business", "Rating Pty Ltd");
    await setPlan(business.userId, "professional");
    const rated = await aParty("agent", "Rae Rated");
    const unrated = await aParty("agent", "Uma Unrated");
    await partnership(
      business.profileId,
      rated.profileId,
      "active",
      "business",
      "2026-08-01 12:00+10",
      "2026-08-02 12:00+10",
    );
    await partnership(
      business.profileId,
      unrated.profileId,
      "active",
      "agent",
      "2026-08-03 12:00+10",
      "2026-08-04 12:00+10",
    );
    const review = (rating: number, publishedAt: string, hiddenAt: string | null = null) =>
      t.database.db
        .insertInto("reviews")
        .values({
          reviewerId: business.userId,
          revieweeId: rated.userId,
          partnershipId: null,
          reviewerSide: "business",
          rating,
          communication: rating,
          reliability: rating,
          results: rating,
          comment: "Imported review of a past engagement.",
          createdAt: new Date("2026-09-01T00:00:00Z"),
          publishedAt: new Date(publishedAt),
          hiddenAt: hiddenAt === null ? null : new Date(hiddenAt),
        })
        .execute();
    await review(5, "2026-09-15T00:00:00Z");
    await review(4, "2026-09-16T00:00:00Z");
    await review(1, "2026-09-17T00:00:00Z", "2026-09-18T00:00:00Z"); // hidden by staff
    await review(1, "2999-01-01T00:00:00Z"); // still blind
    const { body } = await get(business.client, `/api/analytics?${range}`);
    const rowOf = (name: string) => body.agents.find((a: { name: string }) => a.name === name);
    expect(rowOf("Rae Rated").rating).toEqual({ average: 4.5, count: 2 });
    expect(rowOf("Uma Unrated").rating).toEqual({ average: null, count: 0 });
  });

  it("Basic sees the headline figures; Enterprise-only data answers 403 with the plan needed", async () => {
    const basic = await aParty("business");
    const figures = await get(basic.client, "/api/analytics?range=12m");
    expect(figures.status).toBe(200);
    expect(figures.body.access).toEqual({ planId: "basic", perAgent: false, advanced: false });
    expect(figures.body.agents).toBeNull();
    expect(figures.body.funnel).toBeNull();
    expect(figures.body.months).toHaveLength(12);

    const compare = await get(basic.client, "/api/analytics?compare=true");
    expect(compare.status).toBe(403);
    expect(compare.body).toMatchObject({
      type: "/problems/plan-required",
      detail: "The period comparison needs the Enterprise plan. Upgrade at /pricing.",
    });
    const csv = await get(basic.client, "/api/analytics/export");
    expect(csv.status).toBe(403);
    expect(csv.body.detail).toContain("Enterprise");
    await setPlan(basic.userId, "professional");
    expect((await get(basic.client, "/api/analytics/export")).status).toBe(403);

    const bad = await get(basic.client, "/api/analytics?range=custom&from=2026-10-01&to=2026-09-01");
    expect(bad.status).toBe(422);
  });

  it("counts search appearances once per search page served, and profile views by others", async () => {
    const searcher = await aParty("business");
    const seen = await aParty("agent", "Seen Agent", "Visibility Sales");
    const page = async () => {
      const res = await searcher.client.request("/api/agent-profiles?specialization=Visibility%20Sales");
      expect(res.status).toBe(200);
      return (await bodyOf(res)).items.map((i: { id: number }) => i.id);
    };
    expect(await page()).toEqual([seen.profileId]);
    await page();
    await searcher.client.request(`/api/agent-profiles/${seen.profileId}`);
    await seen.client.request(`/api/agent-profiles/${seen.profileId}`);
    await t.runtime.runPromise(Effect.flatMap(ProfileStatsCounter, (c) => c.flush));

    const rows = await t.database.db
      .selectFrom("agentProfileDailyStats")
      .selectAll()
      .where("agentId", "=", seen.profileId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ searchAppearances: 2, profileViews: 1 });

    const figures = await get(seen.client, "/api/performance?range=month");
    const today = figures.body.visibility.at(-1);
    expect(today).toMatchObject({ searchAppearances: 2, profileViews: 1 });
  });
});

describe("the daily roll-up (ADR 0026)", () => {
  it("gives the same figures as the live computation, whatever day it holds through, refunds included", async () => {
    const db = t.database.db;
    await db.deleteFrom("insightsRollupState").execute();
    await db.deleteFrom("insightsDaily").execute();
    const { business } = await seed();
    await setPlan(business.userId, "enterprise");
    const path = `/api/analytics?${range}&compare=true`;
    const live = await get(business.client, path);
    expect(live.status).toBe(200);
    // The hand-computed figures of the seeded set: a refund of 300, an overdue invoice of 400.
    expect(live.body.headline).toMatchObject({ paid: 3500, refunded: 300, netPaid: 3200, overdue: 400 });
    expect(live.body.agents.map((a: { disputes: number }) => a.disputes)).toEqual([1, 2]);

    // Held through before, inside (mid-month, mid-range) and after the range, and through yesterday.
    for (const through of ["2026-07-31", "2026-09-20", "2026-10-31", undefined]) {
      await refreshInsightsRollup(db, through);
      expect(await get(business.client, path)).toEqual(live);
    }
    // The roll-up holds the business's paid invoices (1000 + 500 + 2000 + 999 outside the range).
    const rolled = await sql<{ paid: number; raised: number }>`
      SELECT sum(paid_cents)::int AS paid, sum(raised_count)::int AS raised
      FROM insights_daily WHERE business_id = ${business.profileId}`.execute(db);
    expect(rolled.rows[0]).toEqual({ paid: 449_900, raised: 6 });

    // A refund after the roll-up counts at once (refunds are read live).
    await sql`
      UPDATE payments SET refunded_cents = 10000
      WHERE business_id = ${business.profileId} AND amount_cents = 100000`.execute(db);
    const after = await get(business.client, path);
    expect(after.body.headline).toMatchObject({ paid: 3500, refunded: 400, netPaid: 3100 });
    expect(after.body.months[0]).toEqual({ month: "2026-08", netPaid: 900 });
    await db.deleteFrom("insightsRollupState").execute();
    expect((await get(business.client, path)).body).toEqual(after.body);
  });
});
