/**
 * Insights use cases (issue 18). /analytics: a business's figures, gated by its plan through
 * entitlementsFor (Basic: headline figures; Professional: + per-agent table; Enterprise: + funnel,
 * previous-period comparison, CSV export). /performance: an agent's earnings, pipeline,
 * responsiveness and visibility; Agent Pro adds the peer comparison. A caller only ever reads
 * its own profile's figures: the profile comes from the session, never from the request.
 */
import { Effect } from "effect";
import type { User } from "../identity/index.ts";
import { businessDate, callerProfile } from "../invoice/index.ts";
import { PayoutRefundRepository } from "../payout/index.ts";
import { WrongAccountType } from "../profiles/index.ts";
import { ReviewRepository } from "../review/index.ts";
import { Clock } from "../shared/clock.ts";
import type { AgentProfileId, BusinessProfileId } from "../shared/ids.ts";
import { Cents, dollarsFromCents } from "../shared/money.ts";
import { getBilling } from "../subscription/index.ts";
import { InsightsAgentNotFound, InvalidRange, PlanRequired } from "./errors.ts";
import {
  type AgentFigures,
  type AgentFiguresRow,
  type AgentPerformance,
  type BusinessAnalytics,
  type DateRange,
  type EarningsMonth,
  type InsightsQuery,
  MAX_RANGE_DAYS,
  type Responsiveness,
} from "./model.ts";
import { InsightsRepository, ProfileStatsCounter } from "./ports.ts";

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const toUtc = (date: string) => new Date(`${date}T00:00:00Z`).getTime();
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const validDate = (date: string | undefined): date is string =>
  date !== undefined && ISO_DATE.test(date) && fromUtc(toUtc(date)) === date;

/** The first day of the month `monthsBack` months before `today`'s month. */
const monthStart = (today: string, monthsBack: number) => {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - monthsBack);
  return fromUtc(d.getTime());
};

/**
 * The inclusive range a query stands for at `today` (Sydney): this month, the last 3 or 12
 * months (whole months, this one included), or a custom range of at most three years.
 */
export function resolveRange(query: InsightsQuery, today: string): DateRange {
  switch (query.preset) {
    case "month":
      return { from: monthStart(today, 0), to: today };
    case "3m":
      return { from: monthStart(today, 2), to: today };
    case "12m":
      return { from: monthStart(today, 11), to: today };
    default:
      return { from: query.from ?? today, to: query.to ?? today };
  }
}

/** Checks a custom range: two valid dates, `from` ≤ `to`, at most MAX_RANGE_DAYS. */
export const validRange = (query: InsightsQuery, today: string) =>
  Effect.gen(function* () {
    if (query.preset === "custom") {
      if (!validDate(query.from))
        return yield* new InvalidRange({ field: "from", message: "Choose a start date" });
      if (!validDate(query.to))
        return yield* new InvalidRange({ field: "to", message: "Choose an end date" });
      if (query.from > query.to)
        return yield* new InvalidRange({ field: "to", message: "The end date must be after the start date" });
      if ((toUtc(query.to) - toUtc(query.from)) / DAY_MS > MAX_RANGE_DAYS)
        return yield* new InvalidRange({ field: "from", message: "Choose a range of at most three years" });
    }
    return resolveRange(query, today);
  });

/** The period of the same length that ends the day before `range` starts. */
export function previousRange(range: DateRange): DateRange {
  const days = (toUtc(range.to) - toUtc(range.from)) / DAY_MS;
  const to = toUtc(range.from) - DAY_MS;
  return { from: fromUtc(to - days * DAY_MS), to: fromUtc(to) };
}

const businessProfileOf = (user: User) =>
  Effect.gen(function* () {
    if (user.userType !== "business")
      return yield* new WrongAccountType({ required: "business", action: "see analytics" });
    const caller = yield* callerProfile(user);
    return caller.profileId as BusinessProfileId;
  });

const agentProfileOf = (user: User) =>
  Effect.gen(function* () {
    if (user.userType !== "agent")
      return yield* new WrongAccountType({ required: "agent", action: "see performance" });
    const caller = yield* callerProfile(user);
    return caller.profileId as AgentProfileId;
  });

/**
 * The per-agent rows with each agent's rating from the reviews' reputation query (public,
 * unhidden reviews at `now`; the same figures as their profile card once the sweep has run).
 */
const withRatings = (rows: readonly AgentFiguresRow[], now: Date) =>
  Effect.gen(function* () {
    const ratings = yield* (yield* ReviewRepository).ratings(
      rows.map((r) => r.userId),
      now,
    );
    return rows.map(
      (r): AgentFigures => ({
        ...r,
        rating: { average: ratings.get(r.userId)?.average ?? null, count: ratings.get(r.userId)?.count ?? 0 },
      }),
    );
  });

/** /analytics: the caller's (a business's) figures over the query's range, as far as its plan goes. */
export const businessAnalytics = Effect.fn("insights.businessAnalytics")(function* (
  user: User,
  query: InsightsQuery,
) {
  const businessId = yield* businessProfileOf(user);
  const { entitlements } = yield* getBilling(user);
  if (query.compare && !entitlements.advancedAnalytics)
    return yield* new PlanRequired({ requiredPlan: "enterprise", feature: "period comparison" });
  const today = businessDate(yield* (yield* Clock).now);
  const range = yield* validRange(query, today);
  const previous = previousRange(range);
  const repository = yield* InsightsRepository;
  const [{ headline, months, agents: rows }, before, funnel] = yield* Effect.all(
    [
      repository.businessOverview(businessId, range, today, entitlements.performanceMetrics),
      query.compare ? repository.businessHeadline(businessId, previous, today) : Effect.succeed(null),
      entitlements.advancedAnalytics ? repository.businessFunnel(businessId, range) : Effect.succeed(null),
    ],
    { concurrency: "unbounded" },
  );
  const agents = rows ? yield* withRatings(rows, yield* (yield* Clock).now) : null;
  return {
    access: {
      planId: entitlements.planId,
      perAgent: entitlements.performanceMetrics,
      advanced: entitlements.advancedAnalytics,
    },
    range,
    previousRange: previous,
    headline,
    previous: before,
    months,
    agents,
    funnel,
  } satisfies BusinessAnalytics;
});

/**
 * One agent's monthly net paid for the caller's business (Professional+). An agent the
 * business never partnered with answers InsightsAgentNotFound (404), like a missing one.
 */
export const businessAgentMonths = Effect.fn("insights.businessAgentMonths")(function* (
  user: User,
  agentId: AgentProfileId,
  query: InsightsQuery,
) {
  const businessId = yield* businessProfileOf(user);
  const { entitlements } = yield* getBilling(user);
  const repository = yield* InsightsRepository;
  if (!(yield* repository.hasPartnered(businessId, agentId)))
    return yield* new InsightsAgentNotFound({ agentId });
  if (!entitlements.performanceMetrics)
    return yield* new PlanRequired({ requiredPlan: "professional", feature: "per-agent metrics" });
  const today = businessDate(yield* (yield* Clock).now);
  const range = yield* validRange(query, today);
  return { agentId, range, months: yield* repository.businessMonths(businessId, range, agentId) };
});

const csvCell = (value: string | number | null) => {
  const text = value === null ? "" : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const dollars = (cents: Cents) => dollarsFromCents(cents).toFixed(2);

/** The Enterprise CSV export: months, then the per-agent table (AUD dollars, 2 decimals). */
export const analyticsCsv = Effect.fn("insights.analyticsCsv")(function* (user: User, query: InsightsQuery) {
  const businessId = yield* businessProfileOf(user);
  const { entitlements } = yield* getBilling(user);
  if (!entitlements.advancedAnalytics)
    return yield* new PlanRequired({ requiredPlan: "enterprise", feature: "CSV export" });
  const today = businessDate(yield* (yield* Clock).now);
  const range = yield* validRange(query, today);
  const repository = yield* InsightsRepository;
  const months = yield* repository.businessMonths(businessId, range);
  const agents = yield* repository.businessAgents(businessId, range);
  const lines = [
    ["month", "net_paid_aud"].join(","),
    ...months.map((m) => [m.month, dollars(m.netPaidCents)].join(",")),
    "",
    ["agent", "status", "active_since", "invoices", "net_paid_aud", "on_time_rate", "disputes"].join(","),
    ...agents.map((a) =>
      [
        csvCell(a.name),
        a.status,
        a.activeSince ? businessDate(a.activeSince) : "",
        a.invoices,
        dollars(a.netPaidCents),
        a.onTimeRate === null ? "" : a.onTimeRate.toFixed(3),
        a.disputes,
      ].join(","),
    ),
  ];
  return { range, csv: `${lines.join("\n")}\n` };
});

/** Every month (`yyyy-MM`) of an inclusive range of dates, oldest first. */
export function monthsOf(range: DateRange): string[] {
  const months: string[] = [];
  const to = range.to.slice(0, 7);
  for (let month = range.from.slice(0, 7); month <= to; ) {
    months.push(month);
    const d = new Date(`${month}-01T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + 1);
    month = fromUtc(d.getTime()).slice(0, 7);
  }
  return months;
}

/**
 * The agent's earnings per month of the range, from the payouts context's earnings-per-month
 * query (PayoutRefundRepository.earningsPerMonth: paid, platform fee net of fee refunds, refunds,
 * net, as /earnings shows them), every month of the range listed, oldest first, zero when none.
 */
const earningsInRange = (agentId: AgentProfileId, range: DateRange, now: Date) =>
  Effect.gen(function* () {
    const since = new Date(`${range.from}T00:00:00Z`);
    // A day early: Sydney midnight of `from` is the UTC day before; months outside are dropped below.
    since.setUTCDate(since.getUTCDate() - 1);
    const months = yield* (yield* PayoutRefundRepository).earningsPerMonth(agentId, now, since);
    const byMonth = new Map(months.map((m) => [m.month, m]));
    return monthsOf(range).map((month): EarningsMonth => {
      const m = byMonth.get(month);
      return {
        month,
        grossCents: m?.paidCents ?? Cents.make(0),
        feeCents: m?.platformFeesCents ?? Cents.make(0),
        refundedCents: m?.refundedCents ?? Cents.make(0),
        netCents: m?.netCents ?? Cents.make(0),
      };
    });
  });

/**
 * Response rate and median response time to connection requests and conversations started in
 * the range, from the reviews' reputation query (ReviewRepository.responses): the same rules as
 * the reputation shown on profiles, limited to the range. Rates 0–1; medians rounded to 0.1.
 */
const responsivenessInRange = (user: User, range: DateRange) =>
  Effect.gen(function* () {
    const r = yield* (yield* ReviewRepository).responses(user.id, range);
    const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
    const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
    return {
      requestsReceived: r.requestsReceived,
      requestsAnswered: r.requestsAnswered,
      requestResponseRate: ratio(r.requestsAnswered, r.requestsReceived),
      requestMedianHours: round1(r.requestMedianMinutes === null ? null : r.requestMedianMinutes / 60),
      conversationsStarted: r.conversationsStarted,
      conversationsAnswered: r.conversationsAnswered,
      messageResponseRate: ratio(r.conversationsAnswered, r.conversationsStarted),
      messageMedianMinutes: round1(r.messageMedianMinutes),
    } satisfies Responsiveness;
  });

/** /performance: the caller's (an agent's) figures over the query's range. */
export const agentPerformance = Effect.fn("insights.agentPerformance")(function* (
  user: User,
  query: InsightsQuery,
) {
  const agentId = yield* agentProfileOf(user);
  const { entitlements } = yield* getBilling(user);
  const today = businessDate(yield* (yield* Clock).now);
  const range = yield* validRange(query, today);
  const repository = yield* InsightsRepository;
  const now = yield* (yield* Clock).now;
  const [earnings, pending, pipeline, responsiveness, visibility, peers] = yield* Effect.all(
    [
      earningsInRange(agentId, range, now),
      repository.agentPending(agentId),
      repository.agentPipeline(agentId),
      responsivenessInRange(user, range),
      repository.agentVisibility(agentId, range),
      entitlements.peerComparison ? repository.agentPeers(agentId, range) : Effect.succeed(null),
    ],
    { concurrency: "unbounded" },
  );
  const sum = (pick: (m: (typeof earnings)[number]) => number) =>
    Cents.make(earnings.reduce((total, m) => total + pick(m), 0));
  return {
    planId: entitlements.planId,
    range,
    earnings,
    totals: {
      grossCents: sum((m) => m.grossCents),
      feeCents: sum((m) => m.feeCents),
      refundedCents: sum((m) => m.refundedCents),
      netCents: sum((m) => m.netCents),
      pendingCents: Cents.make(pending),
    },
    pipeline,
    responsiveness,
    visibility,
    peers,
  } satisfies AgentPerformance;
});

/**
 * Counts one search page served: one appearance for each agent profile listed. Buffered by the
 * counter (off the request path); a runtime without the counter skips it. Never fails.
 */
export const countSearchAppearances = (agentIds: readonly number[]) =>
  Effect.serviceOption(ProfileStatsCounter).pipe(
    Effect.flatMap((counter) =>
      counter._tag === "Some" && agentIds.length > 0
        ? counter.value.searchAppearances(agentIds)
        : Effect.void,
    ),
    Effect.catchAllCause(() => Effect.void),
  );

/** Counts one view of an agent profile by someone other than its owner. Never fails. */
export const countProfileView = (viewer: User, profile: { readonly id: number; readonly userId: number }) =>
  viewer.id === profile.userId
    ? Effect.void
    : Effect.serviceOption(ProfileStatsCounter).pipe(
        Effect.flatMap((counter) =>
          counter._tag === "Some" ? counter.value.profileView(profile.id) : Effect.void,
        ),
        Effect.catchAllCause(() => Effect.void),
      );
