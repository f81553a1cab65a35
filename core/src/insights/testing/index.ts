/**
 * In-memory Layers for the insights ports, for unit tests (ADR 0014). The Postgres adapter
 * aggregates in SQL; here the figures come from what the test states:
 * - `paid`: commission paid by a business to an agent on a Sydney date (net of refunds, AUD
 *   cents). Months, headlines and their ranges are summed from it, so a test sees which range a
 *   use case asked for; open and overdue figures are zero.
 * - per-agent rows, the funnel, pending, pipeline, visibility days and peers: returned as given
 *   (rows and visibility filtered by business, agent and range).
 * `calls` lists each repository method called with its range, in order.
 * A ProfileStatsCounter that counts in memory, and a ReviewRepository answering only the two
 * queries insights reads (responses, ratings), complete the world.
 */
import { Effect, Layer } from "effect";
import { type Responses, ReviewRepository } from "../../review/index.ts";
import type { AgentProfileId, BusinessProfileId, UserId } from "../../shared/ids.ts";
import { Cents } from "../../shared/money.ts";
import type { RatingSummary } from "../../shared/reputation.ts";
import { monthsOf } from "../insights-range.ts";
import type {
  AgentFiguresRow,
  AgentPipeline,
  BusinessHeadline,
  DateRange,
  Funnel,
  MonthFigure,
  PeerComparison,
  VisibilityDay,
} from "../model.ts";
import { InsightsRepository, ProfileStatsCounter } from "../ports.ts";

/** Commission a business paid an agent on a Sydney date (`yyyy-MM-dd`), net of refunds, in cents. */
export interface PaidCommission {
  readonly businessId: number;
  readonly agentId: number;
  readonly paidOn: string;
  readonly netPaidCents: number;
}

/** What the in-memory insights repository knows. */
export interface InsightsWorld {
  readonly paid?: readonly PaidCommission[];
  /** Pairs that have (had) a partnership. */
  readonly partnered?: readonly { readonly businessId: number; readonly agentId: number }[];
  /** Per-agent rows of a business (returned as given, for any range). */
  readonly agentRows?: readonly (AgentFiguresRow & { readonly businessId: number })[];
  readonly funnel?: Funnel;
  /** Unpaid invoices per agent profile, cents. */
  readonly pending?: Readonly<Record<number, number>>;
  readonly pipeline?: Readonly<Record<number, AgentPipeline>>;
  readonly visibility?: readonly (VisibilityDay & { readonly agentId: number })[];
  readonly peers?: Readonly<Record<number, PeerComparison>>;
}

/** One call of the in-memory repository: the method and the range it was asked for (if any). */
export interface InsightsCall {
  readonly method: keyof InsightsRepository["Type"];
  readonly range?: DateRange;
}

const emptyFunnel: Funnel = {
  requestsSent: 0,
  requestsReceived: 0,
  accepted: 0,
  active: 0,
  ended: 0,
  acceptanceRate: null,
  retentionRate: null,
};

const inRange = (day: string, range: DateRange) => day >= range.from && day <= range.to;

export function makeInsightsMemory(world: InsightsWorld = {}) {
  const calls: InsightsCall[] = [];
  const paid = (businessId: BusinessProfileId, range: DateRange, agentId?: AgentProfileId) =>
    (world.paid ?? []).filter(
      (p) =>
        p.businessId === businessId &&
        (agentId === undefined || p.agentId === agentId) &&
        inRange(p.paidOn, range),
    );
  const headline = (businessId: BusinessProfileId, range: DateRange): BusinessHeadline => {
    const rows = paid(businessId, range);
    const total = Cents.make(rows.reduce((sum, p) => sum + p.netPaidCents, 0));
    return {
      paidCents: total,
      refundedCents: Cents.make(0),
      netPaidCents: total,
      invoicesPaid: rows.length,
      openCents: Cents.make(0),
      overdueCents: Cents.make(0),
      overdueCount: 0,
      averageDaysToPay: null,
    };
  };
  const months = (businessId: BusinessProfileId, range: DateRange, agentId?: AgentProfileId) => {
    const rows = paid(businessId, range, agentId);
    return monthsOf(range).map(
      (month): MonthFigure => ({
        month,
        netPaidCents: Cents.make(
          rows.filter((p) => p.paidOn.startsWith(month)).reduce((sum, p) => sum + p.netPaidCents, 0),
        ),
      }),
    );
  };
  const agents = (businessId: BusinessProfileId) =>
    (world.agentRows ?? [])
      .filter((r) => r.businessId === businessId)
      .map(({ businessId: _, ...row }): AgentFiguresRow => row);
  const layer = Layer.succeed(InsightsRepository, {
    businessHeadline: (businessId, range) =>
      Effect.sync(() => {
        calls.push({ method: "businessHeadline", range });
        return headline(businessId, range);
      }),
    businessMonths: (businessId, range, agentId) =>
      Effect.sync(() => {
        calls.push({ method: "businessMonths", range });
        return months(businessId, range, agentId);
      }),
    businessAgents: (businessId, range) =>
      Effect.sync(() => {
        calls.push({ method: "businessAgents", range });
        return agents(businessId);
      }),
    businessFunnel: (_businessId, range) =>
      Effect.sync(() => {
        calls.push({ method: "businessFunnel", range });
        return world.funnel ?? emptyFunnel;
      }),
    businessOverview: (businessId, range, _today, withAgents) =>
      Effect.sync(() => {
        calls.push({ method: "businessOverview", range });
        return {
          headline: headline(businessId, range),
          months: months(businessId, range),
          agents: withAgents ? agents(businessId) : null,
        };
      }),
    hasPartnered: (businessId, agentId) =>
      Effect.sync(() => {
        calls.push({ method: "hasPartnered" });
        return (world.partnered ?? []).some((p) => p.businessId === businessId && p.agentId === agentId);
      }),
    agentPending: (agentId) =>
      Effect.sync(() => {
        calls.push({ method: "agentPending" });
        return world.pending?.[agentId] ?? 0;
      }),
    agentPipeline: (agentId) =>
      Effect.sync(() => {
        calls.push({ method: "agentPipeline" });
        return world.pipeline?.[agentId] ?? { pendingRequests: 0, activePartners: 0, ended: 0 };
      }),
    agentVisibility: (agentId, range) =>
      Effect.sync(() => {
        calls.push({ method: "agentVisibility", range });
        return (world.visibility ?? [])
          .filter((v) => v.agentId === agentId && inRange(v.day, range))
          .map(({ agentId: _, ...day }): VisibilityDay => day);
      }),
    agentPeers: (agentId, range) =>
      Effect.suspend(() => {
        calls.push({ method: "agentPeers", range });
        const peers = world.peers?.[agentId];
        return peers
          ? Effect.succeed(peers)
          : Effect.die(`makeInsightsMemory: no peers for agent ${agentId}`);
      }),
  });
  return { layer, calls };
}

/**
 * An in-memory ProfileStatsCounter: `appearances` and `views` count per agent profile what was
 * recorded; `flushes` counts flush calls. With `failing`, every call dies (the use cases must
 * swallow it: counting never fails the caller).
 */
export function makeProfileStatsMemory(options: { readonly failing?: boolean } = {}) {
  const appearances = new Map<number, number>();
  const views = new Map<number, number>();
  let flushes = 0;
  const bump = (counts: Map<number, number>, agentId: number) =>
    counts.set(agentId, (counts.get(agentId) ?? 0) + 1);
  const guard = (record: () => void) =>
    options.failing ? Effect.die(new Error("counter down")) : Effect.sync(record);
  const layer = Layer.succeed(ProfileStatsCounter, {
    searchAppearances: (agentIds) =>
      guard(() => {
        for (const id of agentIds) bump(appearances, id);
      }),
    profileView: (agentId) => guard(() => bump(views, agentId)),
    flush: guard(() => {
      flushes++;
    }),
  });
  return { layer, appearances, views, flushes: () => flushes };
}

const noResponses: Responses = {
  requestsReceived: 0,
  requestsAnswered: 0,
  requestMedianMinutes: null,
  conversationsStarted: 0,
  conversationsAnswered: 0,
  messageMedianMinutes: null,
  responseRate: null,
  medianResponseMinutes: null,
};

/**
 * A ReviewRepository answering only what insights reads: `responses` (the same figures for any
 * user; `ranges` records the range asked) and `ratings` (from `ratings`, by user id). Any other
 * method dies, so a test that reaches one learns it needs the review memory.
 */
export function reviewFiguresStub(
  figures: {
    readonly responses?: Partial<Responses>;
    readonly ratings?: Readonly<Record<number, RatingSummary>>;
  } = {},
) {
  const ranges: (DateRange | undefined)[] = [];
  const known = {
    responses: (_userId: UserId, range?: DateRange) =>
      Effect.sync(() => {
        ranges.push(range);
        return { ...noResponses, ...figures.responses };
      }),
    ratings: (userIds: readonly UserId[]) =>
      Effect.sync(
        () =>
          new Map(
            userIds.flatMap((id) => {
              const rating = figures.ratings?.[id];
              return rating ? [[id, rating] as const] : [];
            }),
          ),
      ),
  };
  const service = new Proxy(known, {
    get: (target, name) =>
      name in target
        ? target[name as keyof typeof known]
        : () => Effect.die(new Error(`reviewFiguresStub: ${String(name)} is not stubbed`)),
  }) as unknown as ReviewRepository["Type"];
  return { layer: Layer.succeed(ReviewRepository, service), ranges };
}
