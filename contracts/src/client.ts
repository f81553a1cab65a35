/**
 * A typed API client over the generated OpenAPI types (openapi-fetch).
 * Every call sends cookies (spec §7).
 */
import createClient from "openapi-fetch";
import type { components, paths } from "./generated/openapi.ts";

export type { components, paths };
export type ApiUser = components["schemas"]["User"];
export type ApiProblem = components["schemas"]["Problem"];

/** Creates a client for the API at `baseUrl` (default: same origin). */
export function createClosrClient(baseUrl = "", fetchImpl?: typeof fetch) {
  return createClient<paths>({
    baseUrl,
    credentials: "include",
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}

export type ClosrClient = ReturnType<typeof createClosrClient>;
