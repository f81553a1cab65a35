/** Insights use cases without a database (ADR 0014): /analytics, /performance, the CSV and visibility counts. */
import { Effect, Either, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { aUser } from "../identity/testing/index.ts";
import { anEarning, makePayoutRefundMemory } from "../payout/testing/index.ts";
import { aBusinessProfile, anAgentProfile, makeProfilesMemory } from "../profiles/testing/index.ts";
import { makeTestClock } from "../shared/clock.ts";
import { AgentProfileId, UserId } from "../shared/ids.ts";
import { Cents } from "../shared/money.ts";
import { ratingSummary } from "../shared/reputation.ts";
import type { PlanId } from "../subscription/index.ts";
import { subscriptionPlanStub } from "../subscription/testing/index.ts";
import { agentPerformance } from "./agent-performance.ts";
import { analyticsCsv, businessAgentMonths, businessAnalytics } from "./business-analytics.ts";
import type { AgentFiguresRow, InsightsQuery, PeerComparison } from "./model.ts";
import {
  type InsightsWorld,
  makeInsightsMemory,
  makeProfileStatsMemory,
  reviewFiguresStub,
} from "./testing/index.ts";
import { countProfileView, countSearchAppearances } from "./visibility-counts.ts";

/** 11:00 in Sydney on 2026-11-28. */
const now = new Date("2026-11-28T00:00:00Z");
/** User 1 owns business profile 10; user 2 owns agent profile 20; users 3 and 4 have no profile. */
const business = aUser(1, "business");
const agent = aUser(2, "agent");
const businessWithoutProfile = aUser(3, "business");
const agentWithoutProfile = aUser(4, "agent");
const agentId = AgentProfileId.make(20);
const otherAgentId = AgentProfileId.make(21);

const threeMonths: InsightsQuery = { preset: "3m" };
const custom = (from?: string, to?: string): InsightsQuery => ({ preset: "custom", from, to });

const row = (
  overrides: Partial<AgentFiguresRow & { businessId: number }> = {},
): AgentFiguresRow & { businessId: number } => ({
  businessId: 10,
  agentId,
  userId: UserId.make(2),
  name: "Mia Chen",
  activeSince: new Date("2026-03-01T00:00:00Z"),
  status: "active",
  invoices: 3,
  netPaidCents: Cents.make(45_000),
  onTimeRate: 2 / 3,
  disputes: 1,
  ...overrides,
});

const peers: PeerComparison = {
  specialization: "B2B Sales",
  location: "perth",
  peers: 12,
  earningsPercentile: 75,
  viewsPercentile: 40,
  appearancesPercentile: null,
};

const insightsWorld: InsightsWorld = {
  paid: [
    { businessId: 10, agentId, paidOn: "2026-05-20", netPaidCents: 7_000 },
    { businessId: 10, agentId, paidOn: "2026-08-31", netPaidCents: 1_000 },
    { businessId: 10, agentId, paidOn: "2026-09-01", netPaidCents: 20_000 },
    { businessId: 10, agentId: otherAgentId, paidOn: "2026-11-03", netPaidCents: 5_000 },
    { businessId: 10, agentId, paidOn: "2026-11-28", netPaidCents: 25_000 },
    { businessId: 99, agentId, paidOn: "2026-11-10", netPaidCents: 99_999 },
  ],
  partnered: [{ businessId: 10, agentId }],
  agentRows: [
    row(),
    row({
      agentId: otherAgentId,
      userId: UserId.make(5),
      name: 'Lee, "Closer"',
      activeSince: null,
      onTimeRate: null,
    }),
    row({ businessId: 99, name: "Not ours" }),
  ],
  funnel: {
    requestsSent: 4,
    requestsReceived: 2,
    accepted: 3,
    active: 2,
    ended: 1,
    acceptanceRate: 0.5,
    retentionRate: 2 / 3,
  },
  pending: { 20: 12_345 },
  pipeline: { 20: { pendingRequests: 1, activePartners: 2, ended: 3 } },
  visibility: [
    { agentId, day: "2026-08-31", searchAppearances: 50, profileViews: 5 },
    { agentId, day: "2026-11-27", searchAppearances: 7, profileViews: 2 },
    { agentId: otherAgentId, day: "2026-11-27", searchAppearances: 9, profileViews: 9 },
  ],
  peers: { 20: peers },
};

/** The profiles above, each user on `plans[userId]` (else their free plan), a clock at `now`. */
const world = (plans: Readonly<Record<number, PlanId>> = {}) => {
  const profiles = makeProfilesMemory();
  profiles.businesses.push(aBusinessProfile({ id: 10, userId: 1 }));
  profiles.agents.push(anAgentProfile({ id: 20, userId: 2 }));
  const insights = makeInsightsMemory(insightsWorld);
  const reviews = reviewFiguresStub({
    responses: {
      requestsReceived: 4,
      requestsAnswered: 3,
      requestMedianMinutes: 95,
      conversationsStarted: 0,
      conversationsAnswered: 0,
      messageMedianMinutes: 12.34,
    },
    ratings: { 2: ratingSummary(9, 2) },
  });
  const payouts = makePayoutRefundMemory(
    [],
    [
      // 00:30 on 1 September in Sydney: inside a range that starts on 1 September.
      anEarning("2026-08-31T14:30:00Z", 10_000, 500, { agentId: 20 }),
      anEarning("2026-08-20T00:00:00Z", 50_000, 2_500, { agentId: 20, paymentId: 2 }),
      anEarning("2026-11-10T00:00:00Z", 20_000, 1_000, {
        agentId: 20,
        paymentId: 3,
        refunded: 4_000,
        feeRefunded: 200,
      }),
      anEarning("2026-11-11T00:00:00Z", 77_000, 0, { agentId: 21, paymentId: 4 }),
    ],
  );
  const layer = Layer.mergeAll(
    profiles.layer,
    insights.layer,
    reviews.layer,
    payouts.layer,
    subscriptionPlanStub(plans),
    makeTestClock(now).layer,
  );
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, layer) as Effect.Effect<A, E, never>));
  return { run, insights, reviews };
};

const leftOf = (result: Either.Either<unknown, unknown>) => (Either.isLeft(result) ? result.left : "Right");

describe("businessAnalytics", () => {
  it("Basic: headline and months of the range; no per-agent table, funnel or comparison", async () => {
    const { run, insights } = world();
    const analytics = Either.getOrThrow(await run(businessAnalytics(business, threeMonths)));
    expect(analytics).toMatchObject({
      access: { planId: "basic", perAgent: false, advanced: false },
      range: { from: "2026-09-01", to: "2026-11-28" },
      previousRange: { from: "2026-06-04", to: "2026-08-31" },
      headline: { netPaidCents: 50_000, invoicesPaid: 3 },
      previous: null,
      agents: null,
      funnel: null,
    });
    expect(analytics.months).toEqual([
      { month: "2026-09", netPaidCents: 20_000 },
      { month: "2026-10", netPaidCents: 0 },
      { month: "2026-11", netPaidCents: 30_000 },
    ]);
    expect(insights.calls.map((c) => c.method)).toEqual(["businessOverview"]);
  });

  it("Professional: the per-agent table with each agent's rating (none: null and 0)", async () => {
    const { run, insights } = world({ 1: "professional" });
    const analytics = Either.getOrThrow(await run(businessAnalytics(business, { preset: "month" })));
    expect(analytics.range).toEqual({ from: "2026-11-01", to: "2026-11-28" });
    expect(analytics.access).toEqual({ planId: "professional", perAgent: true, advanced: false });
    expect(analytics.agents?.map((a) => [a.name, a.rating])).toEqual([
      ["Mia Chen", { average: 4.5, count: 2 }],
      ['Lee, "Closer"', { average: null, count: 0 }],
    ]);
    expect(analytics.funnel).toBeNull();
    expect(insights.calls.map((c) => c.method)).not.toContain("businessFunnel");
  });

  it("Enterprise with compare: the previous period's headline and the funnel", async () => {
    const { run, insights } = world({ 1: "enterprise" });
    const analytics = Either.getOrThrow(
      await run(businessAnalytics(business, { ...threeMonths, compare: true })),
    );
    expect(analytics.previous).toMatchObject({ netPaidCents: 1_000, invoicesPaid: 1 });
    expect(analytics.funnel).toMatchObject({ requestsSent: 4, acceptanceRate: 0.5 });
    expect(insights.calls).toContainEqual({
      method: "businessHeadline",
      range: { from: "2026-06-04", to: "2026-08-31" },
    });
  });

  it("PlanRequired (enterprise, period comparison) for compare below Enterprise", async () => {
    const { run, insights } = world({ 1: "professional" });
    expect(leftOf(await run(businessAnalytics(business, { ...threeMonths, compare: true })))).toEqual(
      expect.objectContaining({
        _tag: "PlanRequired",
        requiredPlan: "enterprise",
        feature: "period comparison",
      }),
    );
    expect(insights.calls).toEqual([]);
  });

  it("WrongAccountType for an agent; ProfileNotFound for a business without a profile", async () => {
    const { run } = world();
    expect(leftOf(await run(businessAnalytics(agent, threeMonths)))).toEqual(
      expect.objectContaining({ _tag: "WrongAccountType", required: "business", action: "see analytics" }),
    );
    expect(leftOf(await run(businessAnalytics(businessWithoutProfile, threeMonths)))).toEqual(
      expect.objectContaining({ _tag: "ProfileNotFound", kind: "business" }),
    );
  });

  it.each([
    [custom(undefined, "2026-11-01"), "from", "Choose a start date"],
    [custom("2026-02-30", "2026-11-01"), "from", "Choose a start date"],
    [custom("2026-11-01"), "to", "Choose an end date"],
    [custom("2026-11-02", "2026-11-01"), "to", "The end date must be after the start date"],
    [custom("2023-01-01", "2026-11-01"), "from", "Choose a range of at most three years"],
  ])("InvalidRange for %o: %s, %s", async (query, field, message) => {
    const { run } = world();
    expect(leftOf(await run(businessAnalytics(business, query)))).toEqual(
      expect.objectContaining({ _tag: "InvalidRange", field, message }),
    );
  });

  it("a custom range of exactly the dates asked is used as it is", async () => {
    const { run } = world();
    const analytics = Either.getOrThrow(
      await run(businessAnalytics(business, custom("2026-08-31", "2026-09-01"))),
    );
    expect(analytics.range).toEqual({ from: "2026-08-31", to: "2026-09-01" });
    expect(analytics.headline.netPaidCents).toBe(21_000);
    expect(analytics.previousRange).toEqual({ from: "2026-08-29", to: "2026-08-30" });
  });
});

describe("businessAgentMonths", () => {
  it("Professional: one partnered agent's months of the range", async () => {
    const { run } = world({ 1: "professional" });
    const result = Either.getOrThrow(await run(businessAgentMonths(business, agentId, threeMonths)));
    expect(result).toEqual({
      agentId,
      range: { from: "2026-09-01", to: "2026-11-28" },
      months: [
        { month: "2026-09", netPaidCents: 20_000 },
        { month: "2026-10", netPaidCents: 0 },
        { month: "2026-11", netPaidCents: 25_000 },
      ],
    });
  });

  it("InsightsAgentNotFound for an agent never partnered, whatever the plan", async () => {
    for (const plan of ["basic", "enterprise"] as const) {
      const { run } = world({ 1: plan });
      expect(leftOf(await run(businessAgentMonths(business, otherAgentId, threeMonths)))).toEqual(
        expect.objectContaining({ _tag: "InsightsAgentNotFound", agentId: 21 }),
      );
    }
  });

  it("PlanRequired (professional, per-agent metrics) on Basic; InvalidRange for a bad range", async () => {
    expect(leftOf(await world().run(businessAgentMonths(business, agentId, threeMonths)))).toEqual(
      expect.objectContaining({
        _tag: "PlanRequired",
        requiredPlan: "professional",
        feature: "per-agent metrics",
      }),
    );
    const { run } = world({ 1: "professional" });
    expect(leftOf(await run(businessAgentMonths(business, agentId, custom("x", "y"))))).toMatchObject({
      _tag: "InvalidRange",
      field: "from",
    });
    expect(leftOf(await run(businessAgentMonths(agent, agentId, threeMonths)))).toMatchObject({
      _tag: "WrongAccountType",
    });
  });
});

describe("analyticsCsv", () => {
  it("Enterprise: months then the per-agent table, AUD with 2 decimals, cells quoted when needed", async () => {
    const { run } = world({ 1: "enterprise" });
    const { range, csv } = Either.getOrThrow(await run(analyticsCsv(business, threeMonths)));
    expect(range).toEqual({ from: "2026-09-01", to: "2026-11-28" });
    expect(csv).toBe(
      [
        "month,net_paid_aud",
        "2026-09,200.00",
        "2026-10,0.00",
        "2026-11,300.00",
        "",
        "agent,status,active_since,invoices,net_paid_aud,on_time_rate,disputes",
        "Mia Chen,active,2026-03-01,3,450.00,0.667,1",
        '"Lee, ""Closer""",active,,3,450.00,,1',
        "",
      ].join("\n"),
    );
  });

  it("PlanRequired (enterprise, CSV export) below Enterprise; WrongAccountType for an agent", async () => {
    expect(leftOf(await world({ 1: "professional" }).run(analyticsCsv(business, threeMonths)))).toEqual(
      expect.objectContaining({ _tag: "PlanRequired", requiredPlan: "enterprise", feature: "CSV export" }),
    );
    expect(leftOf(await world().run(analyticsCsv(agent, threeMonths)))).toMatchObject({
      _tag: "WrongAccountType",
    });
  });
});

describe("agentPerformance", () => {
  it("every month of the range with earnings (Sydney months), totals, pending, pipeline, responsiveness, visibility", async () => {
    const { run, insights, reviews } = world();
    const performance = Either.getOrThrow(await run(agentPerformance(agent, threeMonths)));
    expect(performance.planId).toBe("agent_basic");
    expect(performance.range).toEqual({ from: "2026-09-01", to: "2026-11-28" });
    expect(performance.earnings).toEqual([
      { month: "2026-09", grossCents: 10_000, feeCents: 500, refundedCents: 0, netCents: 9_500 },
      { month: "2026-10", grossCents: 0, feeCents: 0, refundedCents: 0, netCents: 0 },
      { month: "2026-11", grossCents: 20_000, feeCents: 800, refundedCents: 4_000, netCents: 15_200 },
    ]);
    expect(performance.totals).toEqual({
      grossCents: 30_000,
      feeCents: 1_300,
      refundedCents: 4_000,
      netCents: 24_700,
      pendingCents: 12_345,
    });
    expect(performance.pipeline).toEqual({ pendingRequests: 1, activePartners: 2, ended: 3 });
    expect(performance.responsiveness).toEqual({
      requestsReceived: 4,
      requestsAnswered: 3,
      requestResponseRate: 0.75,
      requestMedianHours: 1.6,
      conversationsStarted: 0,
      conversationsAnswered: 0,
      messageResponseRate: null,
      messageMedianMinutes: 12.3,
    });
    expect(reviews.ranges).toEqual([{ from: "2026-09-01", to: "2026-11-28" }]);
    expect(performance.visibility).toEqual([{ day: "2026-11-27", searchAppearances: 7, profileViews: 2 }]);
    expect(performance.peers).toBeNull();
    expect(insights.calls.map((c) => c.method)).not.toContain("agentPeers");
  });

  it("Agent Pro: the peer comparison over the range", async () => {
    const { run, insights } = world({ 2: "agent_pro" });
    const performance = Either.getOrThrow(await run(agentPerformance(agent, threeMonths)));
    expect(performance.planId).toBe("agent_pro");
    expect(performance.peers).toEqual(peers);
    expect(insights.calls).toContainEqual({ method: "agentPeers", range: performance.range });
  });

  it("WrongAccountType for a business; ProfileNotFound without a profile; InvalidRange for a bad range", async () => {
    const { run, insights } = world();
    expect(leftOf(await run(agentPerformance(business, threeMonths)))).toEqual(
      expect.objectContaining({ _tag: "WrongAccountType", required: "agent", action: "see performance" }),
    );
    expect(leftOf(await run(agentPerformance(agentWithoutProfile, threeMonths)))).toEqual(
      expect.objectContaining({ _tag: "ProfileNotFound", kind: "agent" }),
    );
    expect(leftOf(await run(agentPerformance(agent, custom("2026-11-05", "2026-11-01"))))).toEqual(
      expect.objectContaining({ _tag: "InvalidRange", field: "to" }),
    );
    expect(insights.calls).toEqual([]);
  });
});

describe("visibility counts", () => {
  it("one appearance per listed profile per page; no page, no count", async () => {
    const stats = makeProfileStatsMemory();
    await Effect.runPromise(
      Effect.provide(
        Effect.all([
          countSearchAppearances([20, 21]),
          countSearchAppearances([20]),
          countSearchAppearances([]),
        ]),
        stats.layer,
      ),
    );
    expect([...stats.appearances]).toEqual([
      [20, 2],
      [21, 1],
    ]);
  });

  it("a view by someone else counts; the owner's own view does not", async () => {
    const stats = makeProfileStatsMemory();
    const profile = { id: 20, userId: 2 };
    await Effect.runPromise(
      Effect.provide(
        Effect.all([countProfileView(business, profile), countProfileView(agent, profile)]),
        stats.layer,
      ),
    );
    expect([...stats.views]).toEqual([[20, 1]]);
  });

  it("never fails: without a counter, or when the counter dies", async () => {
    const profile = { id: 20, userId: 2 };
    await expect(Effect.runPromise(countSearchAppearances([20]))).resolves.toBeUndefined();
    await expect(Effect.runPromise(countProfileView(business, profile))).resolves.toBeUndefined();
    const failing = makeProfileStatsMemory({ failing: true });
    const both = Effect.all([countSearchAppearances([20]), countProfileView(business, profile)]);
    await expect(Effect.runPromise(Effect.provide(both, failing.layer))).resolves.toEqual([
      undefined,
      undefined,
    ]);
    expect(failing.appearances.size + failing.views.size).toBe(0);
  });
});
