/** An agent's /performance (ADR 0014, 0019): earnings, responsiveness, visibility and peer comparison. */
import { Effect } from "effect";
import type { User } from "../identity/index.ts";
import { businessDate, callerProfile } from "../invoice/index.ts";
import { PayoutRefundRepository } from "../payout/index.ts";
import { WrongAccountType } from "../profiles/index.ts";
import { ReviewRepository } from "../review/index.ts";
import { Clock } from "../shared/clock.ts";
import type { AgentProfileId } from "../shared/ids.ts";
import { Cents } from "../shared/money.ts";
import { getBilling } from "../subscription/index.ts";
import { monthsOf, validRange } from "./insights-range.ts";
import type { AgentPerformance, DateRange, EarningsMonth, InsightsQuery, Responsiveness } from "./model.ts";
import { InsightsRepository } from "./ports.ts";

const agentProfileOf = (user: User) =>
  Effect.gen(function* () {
    if (user.userType !== "agent")
      return yield* new WrongAccountType({ required: "agent", action: "see performance" });
    const caller = yield* callerProfile(user);
    return caller.profileId as AgentProfileId;
  });

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
