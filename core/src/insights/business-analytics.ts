/** A business's /analytics (ADR 0014, 0026): figures, per-agent table, one agent's months and the CSV export, gated by plan. */
import { Effect } from "effect";
import type { User } from "../identity/index.ts";
import { businessDate, callerProfile } from "../invoice/index.ts";
import { WrongAccountType } from "../profiles/index.ts";
import { ReviewRepository } from "../review/index.ts";
import { Clock } from "../shared/clock.ts";
import type { AgentProfileId, BusinessProfileId } from "../shared/ids.ts";
import { type Cents, dollarsFromCents } from "../shared/money.ts";
import { getBilling } from "../subscription/index.ts";
import { InsightsAgentNotFound, PlanRequired } from "./errors.ts";
import { previousRange, validRange } from "./insights-range.ts";
import type { AgentFigures, AgentFiguresRow, BusinessAnalytics, InsightsQuery } from "./model.ts";
import { InsightsRepository } from "./ports.ts";

const businessProfileOf = (user: User) =>
  Effect.gen(function* () {
    if (user.userType !== "business")
      return yield* new WrongAccountType({ required: "business", action: "see analytics" });
    const caller = yield* callerProfile(user);
    return caller.profileId as BusinessProfileId;
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
