/** Route definitions for operations: health. */
import { createRoute } from "@hono/zod-openapi";
import { Health } from "../identity.ts";
import { commonProblems, problemResponses } from "../problems.ts";

export const getHealth = createRoute({
  method: "get",
  path: "/api/health",
  operationId: "getHealth",
  tags: ["system"],
  summary: "Liveness and database reachability",
  responses: {
    200: { description: "Healthy", content: { "application/json": { schema: Health } } },
    ...problemResponses("service-unavailable", ...commonProblems),
  },
});
