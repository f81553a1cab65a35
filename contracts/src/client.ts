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

/**
 * A typed client for integrators (issue 20): every call carries `Authorization: Bearer <apiKey>`
 * (a key from Settings → API, `closr_live_…`) and no cookies. `baseUrl` is the API's origin,
 * e.g. "https://closr.com.au".
 */
export function createClosrApiKeyClient(baseUrl: string, apiKey: string, fetchImpl?: typeof fetch) {
  return createClient<paths>({
    baseUrl,
    credentials: "omit",
    headers: { authorization: `Bearer ${apiKey}` },
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}
