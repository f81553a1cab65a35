/** Route definitions for operations: health. */
import { createRoute, z } from "@hono/zod-openapi";
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

/**
 * The contract itself (issue 49): this OpenAPI 3.1 document, so a validating proxy or a client
 * generator pointed at the API finds the document's own path in it.
 */
export const getOpenApiDocument = createRoute({
  method: "get",
  path: "/api/openapi.json",
  operationId: "getOpenApiDocument",
  tags: ["system"],
  summary: "This OpenAPI 3.1 document",
  description:
    "The API's contract as OpenAPI 3.1 JSON: every operation, schema, problem type, header and webhook event (the same document as contracts/openapi.json in the SDK).",
  responses: {
    200: {
      description: "The OpenAPI document",
      content: {
        "application/json": {
          schema: z
            .object({ openapi: z.string().openapi({ example: "3.1.0" }) })
            .catchall(z.unknown())
            .openapi("OpenApiDocument", {
              description: "An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0).",
            }),
          example: { openapi: "3.1.0", info: { title: "Closr API", version: "0.1.0" }, paths: {} },
        },
      },
    },
    ...problemResponses(...commonProblems),
  },
});

/** The reference UI over the document (Swagger UI): an HTML page, not JSON. */
export const getApiReference = createRoute({
  method: "get",
  path: "/api/docs",
  operationId: "getApiReference",
  tags: ["system"],
  summary: "The API reference (HTML)",
  description: "The interactive API reference with Try it, drawn from GET /api/openapi.json.",
  responses: {
    200: {
      description: "The reference page",
      content: { "text/html": { schema: z.string().openapi({ example: "<!doctype html>…" }) } },
    },
    ...problemResponses(...commonProblems),
  },
});
