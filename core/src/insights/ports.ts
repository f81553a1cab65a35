/**
 * Insights ports: aggregations in SQL over the real tables (InsightsRepository) and the
 * off-the-request-path counter of search appearances and profile views (ProfileStatsCounter).
 */
import { Context, type Effect } from "effect";
import type { AgentProfileId, BusinessProfileId } from "../shared/ids.ts";
import type {
  AgentFiguresRow,
  AgentPipeline,
  BusinessHeadline,
  DateRange,
  Funnel,
  MonthFigure,
  PeerComparison,
  VisibilityDay,
} from "./model.ts";

export class InsightsRepository extends Context.Tag("insights/InsightsRepository")<
  InsightsRepository,
  {
    /** Headline figures of a business over `range`; open/overdue as of `today` (Sydney date). */
    readonly businessHeadline: (
      businessId: BusinessProfileId,
      range: DateRange,
      today: string,
    ) => Effect.Effect<BusinessHeadline>;
    /** Net paid per month of `range` (every month listed, zero when none); one agent when given. */
    readonly businessMonths: (
      businessId: BusinessProfileId,
      range: DateRange,
      agentId?: AgentProfileId,
    ) => Effect.Effect<readonly MonthFigure[]>;
    /** One row per agent the business has partnered with, by net paid (desc). */
    readonly businessAgents: (
      businessId: BusinessProfileId,
      range: DateRange,
    ) => Effect.Effect<readonly AgentFiguresRow[]>;
    readonly businessFunnel: (businessId: BusinessProfileId, range: DateRange) => Effect.Effect<Funnel>;
    /**
     * The headline, the months and (when `withAgents`) the per-agent rows of one range in one
     * pass over the business's invoices: what /analytics shows, without three scans.
     */
    readonly businessOverview: (
      businessId: BusinessProfileId,
      range: DateRange,
      today: string,
      withAgents: boolean,
    ) => Effect.Effect<{
      readonly headline: BusinessHeadline;
      readonly months: readonly MonthFigure[];
      readonly agents: readonly AgentFiguresRow[] | null;
    }>;
    /** True when the business has (had) a partnership with the agent. */
    readonly hasPartnered: (businessId: BusinessProfileId, agentId: AgentProfileId) => Effect.Effect<boolean>;
    /** Unpaid invoices of the agent now. */
    readonly agentPending: (agentId: AgentProfileId) => Effect.Effect<number>;
    readonly agentPipeline: (agentId: AgentProfileId) => Effect.Effect<AgentPipeline>;
    readonly agentVisibility: (
      agentId: AgentProfileId,
      range: DateRange,
    ) => Effect.Effect<readonly VisibilityDay[]>;
    readonly agentPeers: (agentId: AgentProfileId, range: DateRange) => Effect.Effect<PeerComparison>;
  }
>() {}

/**
 * Privacy-respecting daily counts per agent profile: no searcher identity is kept. Recording is
 * off the request path (buffered in memory, written in batches); it never fails the caller.
 */
export class ProfileStatsCounter extends Context.Tag("insights/ProfileStatsCounter")<
  ProfileStatsCounter,
  {
    /** One search page served that listed these agent profiles. */
    readonly searchAppearances: (agentIds: readonly number[]) => Effect.Effect<void>;
    /** One view of an agent's profile by someone else. */
    readonly profileView: (agentId: number) => Effect.Effect<void>;
    /** Writes what is buffered (tests, shutdown). */
    readonly flush: Effect.Effect<void>;
  }
>() {}
