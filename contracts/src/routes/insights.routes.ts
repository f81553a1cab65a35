/** Route definitions for insights (issue 18): /analytics for businesses, /performance for agents. */
import { createRoute } from "@hono/zod-openapi";
import {
  AgentIdParam,
  AgentMonths,
  AgentPerformance,
  BusinessAnalytics,
  InsightsQuery,
} from "../insights.ts";
import { json, signedInProblems } from "./route-helpers.ts";

export const getAnalytics = createRoute({
  method: "get",
  path: "/api/analytics",
  operationId: "getAnalytics",
  tags: ["insights"],
  summary: "The caller's (a business's) commission figures over a range, as far as its plan goes",
  description:
    "Basic: headline figures and months; Professional: + per-agent table; Enterprise: + funnel and, with compare=true, the previous period. compare=true below Enterprise answers 403 plan-required.",
  request: { query: InsightsQuery },
  responses: {
    200: json(BusinessAnalytics, "The figures"),
    ...signedInProblems("wrong-account-type", "plan-required", "not-found", "validation-failed"),
  },
});

export const getAnalyticsAgent = createRoute({
  method: "get",
  path: "/api/analytics/agents/{agentId}",
  operationId: "getAnalyticsAgent",
  tags: ["insights"],
  summary: "Net commission per month paid to one of the caller's agents (Professional+)",
  description: "404 for an agent the business never partnered with.",
  request: { params: AgentIdParam, query: InsightsQuery },
  responses: {
    200: json(AgentMonths, "The agent's months"),
    ...signedInProblems("wrong-account-type", "plan-required", "not-found", "validation-failed"),
  },
});

export const exportAnalytics = createRoute({
  method: "get",
  path: "/api/analytics/export",
  operationId: "exportAnalytics",
  tags: ["insights"],
  summary: "The figures as CSV (Enterprise)",
  request: { query: InsightsQuery },
  responses: {
    200: {
      description: "text/csv: months, a blank line, then the per-agent table (AUD dollars).",
      content: { "text/csv": { schema: { type: "string" } } },
    },
    ...signedInProblems("wrong-account-type", "plan-required", "not-found", "validation-failed"),
  },
});

export const getPerformance = createRoute({
  method: "get",
  path: "/api/performance",
  operationId: "getPerformance",
  tags: ["insights"],
  summary: "The caller's (an agent's) earnings, pipeline, responsiveness and visibility",
  request: { query: InsightsQuery },
  responses: {
    200: json(AgentPerformance, "The figures"),
    ...signedInProblems("wrong-account-type", "not-found", "validation-failed"),
  },
});
