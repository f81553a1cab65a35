/**
 * Insights schemas (issue 18): /analytics (business) and /performance (agent). Money crosses the
 * API as AUD dollars with 2 decimals; days are `yyyy-MM-dd` and months `yyyy-MM` (Australia/Sydney).
 */
import { z } from "@hono/zod-openapi";
import { money } from "./common.ts";

const date = z.string().openapi({ format: "date", example: "2026-11-23" });

export const InsightsQuery = z.object({
  range: z
    .enum(["month", "3m", "12m", "custom"], { error: "range must be month, 3m, 12m or custom" })
    .default("3m")
    .openapi({ param: { name: "range", in: "query" }, description: "Preset; custom takes from and to." }),
  from: z
    .string()
    .optional()
    .openapi({ param: { name: "from", in: "query" }, format: "date" }),
  to: z
    .string()
    .optional()
    .openapi({ param: { name: "to", in: "query" }, format: "date" }),
  compare: z
    .enum(["true", "false"])
    .optional()
    .openapi({
      param: { name: "compare", in: "query" },
      description: "Also the previous period of the same length (Enterprise).",
    }),
});

export const DateRange = z.object({ from: date, to: date }).openapi("DateRange");

export const BusinessHeadline = z
  .object({
    paid: money("Invoices paid in the range, gross."),
    refunded: money("Refunded on those payments."),
    netPaid: money("Paid less refunds: the commission actually paid."),
    invoicesPaid: z.number().int(),
    open: money("Unpaid invoices not yet due (now)."),
    overdue: money("Unpaid invoices past their due date (now)."),
    overdueCount: z.number().int(),
    averageDaysToPay: z
      .number()
      .nullable()
      .openapi({ description: "Days from invoice to payment; null when none." }),
  })
  .openapi("BusinessHeadline");

export const MonthFigure = z
  .object({ month: z.string().openapi({ example: "2026-11" }), netPaid: money("Net paid in the month.") })
  .openapi("MonthFigure");

export const AgentFigures = z
  .object({
    agentId: z.number().int().openapi({ description: "Agent profile id." }),
    name: z.string(),
    status: z.string().openapi({ description: "The latest partnership's status." }),
    activeSince: z.string().nullable().openapi({ format: "date-time" }),
    invoices: z.number().int().openapi({ description: "Invoices raised in the range." }),
    netPaid: money("Net paid in the range."),
    onTimeRate: z.number().nullable().openapi({ description: "0–1: paid on or before the due date." }),
    disputes: z.number().int().openapi({
      description: "Disputes opened in the range on invoices between the business and the agent.",
    }),
    rating: z
      .object({
        average: z.number().nullable().openapi({
          description: "Plain average of the agent's public reviews (0.1 steps); null with none.",
        }),
        count: z.number().int().openapi({ description: "Public reviews counted." }),
      })
      .openapi({ description: "From the reviews' reputation query (ADR 0019)." }),
  })
  .openapi("AgentFigures");

export const Funnel = z
  .object({
    requestsSent: z.number().int(),
    requestsReceived: z.number().int(),
    accepted: z.number().int(),
    active: z.number().int(),
    ended: z.number().int(),
    acceptanceRate: z.number().nullable(),
    retentionRate: z.number().nullable(),
  })
  .openapi("Funnel");

export const BusinessAnalytics = z
  .object({
    access: z.object({
      planId: z.string(),
      perAgent: z.boolean().openapi({ description: "Professional and Enterprise." }),
      advanced: z.boolean().openapi({ description: "Enterprise: funnel, comparison, CSV." }),
    }),
    range: DateRange,
    previousRange: DateRange,
    headline: BusinessHeadline,
    previous: z.union([BusinessHeadline, z.null()]),
    months: z.array(MonthFigure),
    agents: z.array(AgentFigures).nullable(),
    funnel: z.union([Funnel, z.null()]),
  })
  .openapi("BusinessAnalytics");

export const AgentMonths = z
  .object({ agentId: z.number().int(), range: DateRange, months: z.array(MonthFigure) })
  .openapi("AgentMonths");

export const PerformanceEarningsMonth = z
  .object({
    month: z.string(),
    gross: money("Invoices paid in the month."),
    fee: money("Platform fee on those payments."),
    refunded: money("Refunded on those payments."),
    net: money("gross − fee − refunded."),
  })
  .openapi("PerformanceEarningsMonth");

export const AgentPerformance = z
  .object({
    planId: z.string(),
    range: DateRange,
    earnings: z.array(PerformanceEarningsMonth),
    totals: z.object({
      gross: money("Gross."),
      fee: money("Platform fees."),
      refunded: money("Refunds."),
      net: money("Net."),
      pending: money("Unpaid invoices now."),
    }),
    pipeline: z.object({
      pendingRequests: z.number().int(),
      activePartners: z.number().int(),
      ended: z.number().int(),
    }),
    responsiveness: z.object({
      requestsReceived: z.number().int(),
      requestsAnswered: z.number().int(),
      requestResponseRate: z.number().nullable(),
      requestMedianHours: z.number().nullable(),
      conversationsStarted: z.number().int(),
      conversationsAnswered: z.number().int(),
      messageResponseRate: z.number().nullable(),
      messageMedianMinutes: z.number().nullable(),
    }),
    visibility: z.array(
      z.object({ day: date, searchAppearances: z.number().int(), profileViews: z.number().int() }),
    ),
    peers: z
      .object({
        specialization: z.string(),
        location: z.string(),
        peers: z.number().int(),
        earningsPercentile: z.number().nullable(),
        viewsPercentile: z.number().nullable(),
        appearancesPercentile: z.number().nullable(),
      })
      .nullable()
      .openapi({
        description: "Agent Pro: percentiles among agents of the same specialization and location.",
      }),
  })
  .openapi("AgentPerformance");

export const AgentIdParam = z.object({
  agentId: z.coerce
    .number({ error: "agentId must be a positive whole number" })
    .int({ error: "agentId must be a positive whole number" })
    .min(1, { error: "agentId must be a positive whole number" })
    .max(2_147_483_647, { error: "agentId must be a positive whole number" })
    .openapi({ param: { name: "agentId", in: "path" } }),
});
