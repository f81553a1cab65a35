/** Insights handlers (issue 18): /api/analytics (businesses) and /api/performance (agents). */
import { insightsRoutes } from "@closr/contracts";
import {
  type AgentPerformance,
  agentPerformance,
  analyticsCsv,
  type BusinessAnalytics,
  type BusinessHeadline,
  businessAgentMonths,
  businessAnalytics,
  type InsightsQuery,
  type MonthFigure,
} from "@closr/core/insights";
import { AgentProfileId, dollarsFromCents } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { forRole } from "../../http/guards.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";

const toQuery = (q: {
  range: InsightsQuery["preset"];
  from?: string | undefined;
  to?: string | undefined;
  compare?: string | undefined;
}): InsightsQuery => ({
  preset: q.range,
  from: q.from,
  to: q.to,
  compare: q.compare === "true",
});

const headlineJson = (h: BusinessHeadline) => ({
  paid: dollarsFromCents(h.paidCents),
  refunded: dollarsFromCents(h.refundedCents),
  netPaid: dollarsFromCents(h.netPaidCents),
  invoicesPaid: h.invoicesPaid,
  open: dollarsFromCents(h.openCents),
  overdue: dollarsFromCents(h.overdueCents),
  overdueCount: h.overdueCount,
  averageDaysToPay: h.averageDaysToPay,
});

const monthsJson = (months: readonly MonthFigure[]) =>
  months.map((m) => ({ month: m.month, netPaid: dollarsFromCents(m.netPaidCents) }));

const analyticsJson = (a: BusinessAnalytics) => ({
  access: a.access,
  range: a.range,
  previousRange: a.previousRange,
  headline: headlineJson(a.headline),
  previous: a.previous ? headlineJson(a.previous) : null,
  months: monthsJson(a.months),
  agents: a.agents
    ? a.agents.map((r) => ({
        agentId: r.agentId,
        name: r.name,
        status: r.status,
        activeSince: r.activeSince ? r.activeSince.toISOString() : null,
        invoices: r.invoices,
        netPaid: dollarsFromCents(r.netPaidCents),
        onTimeRate: r.onTimeRate,
        disputes: r.disputes,
        rating: r.rating,
      }))
    : null,
  funnel: a.funnel,
});

const performanceJson = (p: AgentPerformance) => ({
  planId: p.planId,
  range: p.range,
  earnings: p.earnings.map((m) => ({
    month: m.month,
    gross: dollarsFromCents(m.grossCents),
    fee: dollarsFromCents(m.feeCents),
    refunded: dollarsFromCents(m.refundedCents),
    net: dollarsFromCents(m.netCents),
  })),
  totals: {
    gross: dollarsFromCents(p.totals.grossCents),
    fee: dollarsFromCents(p.totals.feeCents),
    refunded: dollarsFromCents(p.totals.refundedCents),
    net: dollarsFromCents(p.totals.netCents),
    pending: dollarsFromCents(p.totals.pendingCents),
  },
  pipeline: p.pipeline,
  responsiveness: p.responsiveness,
  visibility: [...p.visibility],
  peers: p.peers,
});

export function registerInsightsRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(forRole(insightsRoutes.getAnalytics, "business", "see analytics"), async (c) =>
    runUseCase(runtime, c, businessAnalytics(c.get("user"), toQuery(c.req.valid("query"))), (a) =>
      c.json(analyticsJson(a), 200),
    ),
  );

  app.openapi(forRole(insightsRoutes.getAnalyticsAgent, "business", "see analytics"), async (c) =>
    runUseCase(
      runtime,
      c,
      businessAgentMonths(
        c.get("user"),
        AgentProfileId.make(c.req.valid("param").agentId),
        toQuery(c.req.valid("query")),
      ),
      (r) => c.json({ agentId: r.agentId, range: r.range, months: monthsJson(r.months) }, 200),
    ),
  );

  app.openapi(forRole(insightsRoutes.exportAnalytics, "business", "see analytics"), async (c) =>
    runUseCase(runtime, c, analyticsCsv(c.get("user"), toQuery(c.req.valid("query"))), (r) =>
      c.body(r.csv, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="closr-analytics-${r.range.from}-to-${r.range.to}.csv"`,
      }),
    ),
  );

  app.openapi(forRole(insightsRoutes.getPerformance, "agent", "see performance"), async (c) =>
    runUseCase(runtime, c, agentPerformance(c.get("user"), toQuery(c.req.valid("query"))), (p) =>
      c.json(performanceJson(p), 200),
    ),
  );
}
