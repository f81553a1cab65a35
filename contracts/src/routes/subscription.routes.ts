/** Plan catalogue route (spec §2.6 reading B, §9): public; tells a signed-in caller their plan. */
import { createRoute } from "@hono/zod-openapi";
import { commonProblems, problemResponses } from "../problems.ts";
import { PlanCatalogue } from "../subscription.ts";

export const listPlans = createRoute({
  method: "get",
  path: "/api/plans",
  operationId: "listPlans",
  tags: ["subscriptions"],
  summary: "Plans for businesses and agents, with their entitlements",
  responses: {
    200: { description: "The plan catalogue", content: { "application/json": { schema: PlanCatalogue } } },
    ...problemResponses(...commonProblems),
  },
});
