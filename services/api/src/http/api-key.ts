/**
 * API-key authentication (issue 20, ADR 0021). A request with `Authorization: Bearer closr_live_…`
 * acts as the key's account: the key is looked up by its SHA-256, then
 * - unknown, malformed or revoked key, or an account without API access → 401 unauthenticated;
 * - per-key rate limit (default 120 requests a minute; counters in PostgreSQL, rate-limit.ts) with
 *   `RateLimit-Limit` / `RateLimit-Remaining` / `RateLimit-Reset` headers (IETF draft 6) → 429;
 * - the operation's scope (contracts' operationScope: the tag's area, read for GET, write
 *   otherwise): an operation outside the API-key areas, or a scope the key lacks → 403
 *   insufficient-scope; the contracts' `anyKeyOperations` (GET /api/user, "who am I") need no
 *   scope, so any valid key may call them.
 * The session cookie is ignored on such a request, and the Origin check does not apply (browsers
 * never attach a bearer token by themselves, so there is no cross-site request to forge).
 */

import type { Db } from "@closr/adapters/postgres";
import { allRoutes, anyKeyOperations, operationNeedsCaller, operationScope } from "@closr/contracts";
import { authenticateApiKey, scopeAllows } from "@closr/core/integrations";
import { Option } from "effect";
import type { Context, MiddlewareHandler } from "hono";
import type { AppRuntime } from "../runtime.ts";
import type { AppEnv } from "./env.ts";
import { problem } from "./problem.ts";
import { limitBy, type RateLimitRule } from "./rate-limit.ts";

/** Default per-key limit: 120 requests a minute. */
export const defaultApiKeyRateLimit: RateLimitRule = { limit: 120, windowMs: 60_000 };

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The bearer token of a request, if it sends one. */
export const bearerToken = (c: Context): string | undefined =>
  BEARER.exec(c.req.header("authorization") ?? "")?.[1];

interface Matcher {
  readonly method: string;
  readonly pattern: RegExp;
  readonly literal: boolean;
  readonly tags: readonly string[] | undefined;
  readonly public: boolean;
  /** Any valid key may call it (no scope). */
  readonly anyKey: boolean;
}

/** The contract's operations as method + path patterns, literal paths first. */
const matchers: readonly Matcher[] = allRoutes
  .map((route) => ({
    method: route.method.toUpperCase(),
    pattern: new RegExp(
      `^${route.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`,
    ),
    literal: !route.path.includes("{"),
    tags: route.tags,
    public: !operationNeedsCaller(route.responses),
    anyKey: anyKeyOperations.has(route.operationId ?? ""),
  }))
  .sort((a, b) => Number(b.literal) - Number(a.literal));

/**
 * The API-key scope the operation at `method path` needs; null = API keys cannot call it;
 * undefined = none needed (a public operation, an any-key operation, or no such operation: it
 * answers 404).
 */
export function scopeFor(method: string, path: string) {
  const match = matchers.find((m) => m.method === method.toUpperCase() && m.pattern.test(path));
  if (!match || match.public || match.anyKey) return undefined;
  return operationScope(method, match.tags) ?? null;
}

export function apiKeyAuth(
  runtime: AppRuntime,
  rule: RateLimitRule = defaultApiKeyRateLimit,
  db?: Db,
): MiddlewareHandler<AppEnv> {
  const limiter = limitBy(rule, (c) => `api-key:${c.get("apiKey")?.id}`, db, {
    detail: "Too many requests with this API key. Retry after the RateLimit-Reset header's seconds.",
  });
  return async (c, next) => {
    const secret = bearerToken(c);
    if (secret === undefined) return next();
    const found = await runtime.runPromise(authenticateApiKey(secret));
    if (Option.isNone(found)) {
      c.header("www-authenticate", 'Bearer error="invalid_token"');
      return problem(c, "unauthenticated", { detail: "The API key is invalid or has been revoked." });
    }
    c.set("user", found.value.user);
    c.set("apiKey", found.value.key);
    return limiter(c, async () => {
      const needed = scopeFor(c.req.method, c.req.path);
      if (needed === null) {
        c.res = problem(c, "insufficient-scope", {
          detail: `API keys cannot call ${c.req.method} ${c.req.path}; it needs the signed-in session.`,
        });
        return;
      }
      if (needed && !scopeAllows(found.value.key.scopes, needed)) {
        c.res = problem(c, "insufficient-scope", { detail: `This API key needs the ${needed} scope.` });
        return;
      }
      await next();
    });
  };
}
