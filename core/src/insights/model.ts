/**
 * Insights model (issue 18): the figures of /analytics (a business: what its agents bring in) and
 * /performance (an agent: how their business is going). Money is integer cents (AUD); days and
 * months are Australia/Sydney calendar dates (`yyyy-MM-dd`, `yyyy-MM`); a range is inclusive.
 */

import type { AgentProfileId, UserId } from "../shared/ids.ts";
import type { Cents } from "../shared/money.ts";

/** The range presets of the date picker; `custom` takes `from` and `to`. */
export const rangePresets = ["month", "3m", "12m", "custom"] as const;
export type RangePreset = (typeof rangePresets)[number];

/** An inclusive range of Sydney calendar dates. */
export interface DateRange {
  readonly from: string;
  readonly to: string;
}

/** What the caller asked for. */
export interface InsightsQuery {
  readonly preset: RangePreset;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  /** Also compute the previous period of the same length (Enterprise on /analytics). */
  readonly compare?: boolean | undefined;
}

/** Longest custom range: three years. */
export const MAX_RANGE_DAYS = 3 * 366;

/** A business's headline figures over a range. */
export interface BusinessHeadline {
  /** Sum of invoices paid in the range (gross of refunds). */
  readonly paidCents: Cents;
  /** Refunded on those payments. */
  readonly refundedCents: Cents;
  /** paid − refunded: the commission the business actually paid. */
  readonly netPaidCents: Cents;
  readonly invoicesPaid: number;
  /** Unpaid invoices now (whatever the range), not yet past due. */
  readonly openCents: Cents;
  /** Unpaid invoices now whose due date has passed (Sydney day). */
  readonly overdueCents: Cents;
  readonly overdueCount: number;
  /** Mean days from an invoice's creation to its payment, for invoices paid in the range; null when none. */
  readonly averageDaysToPay: number | null;
}

/** Net commission paid in one month (and per agent when asked). */
export interface MonthFigure {
  readonly month: string;
  readonly netPaidCents: Cents;
}

/** One agent's row of the per-agent table, as the insights repository reads it. */
export interface AgentFiguresRow {
  readonly agentId: AgentProfileId;
  /** The agent's user id (reviews are about users). */
  readonly userId: UserId;
  readonly name: string;
  /** First day of the current (or last) active partnership; null when never active. */
  readonly activeSince: Date | null;
  readonly status: string;
  /** Invoices raised in the range. */
  readonly invoices: number;
  /** Net paid in the range. */
  readonly netPaidCents: Cents;
  /** Share of invoices paid in the range that were paid on or before their due date; null when none. */
  readonly onTimeRate: number | null;
  /** Disputes opened in the range on invoices between the business and the agent (either side). */
  readonly disputes: number;
}

/** One agent's row of the per-agent table, with the rating from the reviews' reputation query. */
export interface AgentFigures extends AgentFiguresRow {
  /** Plain average of public reviews (0.1 steps; null with none) and their count. */
  readonly rating: { readonly average: number | null; readonly count: number };
}

/** The partnership funnel over the range (partnerships created in it). */
export interface Funnel {
  readonly requestsSent: number;
  readonly requestsReceived: number;
  /** Requests that were accepted (now active or ended). */
  readonly accepted: number;
  /** Of those, active now. */
  readonly active: number;
  readonly ended: number;
  /** accepted / (sent + received); null when no requests. */
  readonly acceptanceRate: number | null;
  /** active / accepted; null when none accepted. */
  readonly retentionRate: number | null;
}

/** What a plan shows on /analytics (entitlementsFor). */
export interface AnalyticsAccess {
  readonly planId: string;
  /** Professional and Enterprise: the per-agent table. */
  readonly perAgent: boolean;
  /** Enterprise: funnel, previous-period comparison, CSV export. */
  readonly advanced: boolean;
}

export interface BusinessAnalytics {
  readonly access: AnalyticsAccess;
  readonly range: DateRange;
  readonly previousRange: DateRange;
  readonly headline: BusinessHeadline;
  /** The previous period's headline (Enterprise with compare); null otherwise. */
  readonly previous: BusinessHeadline | null;
  readonly months: readonly MonthFigure[];
  /** Professional+; null on Basic. */
  readonly agents: readonly AgentFigures[] | null;
  /** Enterprise; null otherwise. */
  readonly funnel: Funnel | null;
}

/** An agent's earnings in one month. */
export interface EarningsMonth {
  readonly month: string;
  /** Invoices paid in the month. */
  readonly grossCents: Cents;
  /** The platform's fee on those payments. */
  readonly feeCents: Cents;
  /** Refunded on those payments. */
  readonly refundedCents: Cents;
  /** gross − fee − refunded. */
  readonly netCents: Cents;
}

export interface AgentPipeline {
  readonly pendingRequests: number;
  readonly activePartners: number;
  readonly ended: number;
}

/** How the agent answers: connection requests sent to them, and messages. */
export interface Responsiveness {
  readonly requestsReceived: number;
  readonly requestsAnswered: number;
  /** answered / received; null when none. */
  readonly requestResponseRate: number | null;
  /** Median hours from a request to the agent's answer; null when none. */
  readonly requestMedianHours: number | null;
  readonly conversationsStarted: number;
  readonly conversationsAnswered: number;
  readonly messageResponseRate: number | null;
  /** Median minutes from a message to the agent's reply; null when none. */
  readonly messageMedianMinutes: number | null;
}

/** How often the agent was seen on one Sydney day. */
export interface VisibilityDay {
  readonly day: string;
  readonly searchAppearances: number;
  readonly profileViews: number;
}

/** Where the agent stands among agents of the same specialization and location (percentile 0–100). */
export interface PeerComparison {
  readonly specialization: string;
  readonly location: string;
  readonly peers: number;
  readonly earningsPercentile: number | null;
  readonly viewsPercentile: number | null;
  readonly appearancesPercentile: number | null;
}

export interface AgentPerformance {
  readonly planId: string;
  readonly range: DateRange;
  readonly earnings: readonly EarningsMonth[];
  readonly totals: {
    readonly grossCents: Cents;
    readonly feeCents: Cents;
    readonly refundedCents: Cents;
    readonly netCents: Cents;
    /** Unpaid invoices now. */
    readonly pendingCents: Cents;
  };
  readonly pipeline: AgentPipeline;
  readonly responsiveness: Responsiveness;
  readonly visibility: readonly VisibilityDay[];
  /** Agent Pro; null otherwise. */
  readonly peers: PeerComparison | null;
}
