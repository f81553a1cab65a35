/**
 * Rate limits for login, registration and password recovery (hono-rate-limiter). With a
 * database the counters live in PostgreSQL and every process shares them (issue 21, ADR 0015);
 * without one, in this process's memory. Keys: client address (+ username for login).
 * Over the limit → 429 problem with Retry-After.
 */
import { type Db, PgRateLimitStore } from "@closr/adapters/postgres";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { rateLimiter } from "hono-rate-limiter";
import { problem } from "./problem.ts";
import { storableText } from "./validation.ts";

export interface RateLimitRule {
  /** Requests allowed per window. */
  readonly limit: number;
  /** Window length in ms. */
  readonly windowMs: number;
}

export interface RateLimits {
  readonly login: RateLimitRule;
  readonly register: RateLimitRule;
  /** Messages one user may send (POST /api/messages); default 30 a minute. */
  readonly messages?: RateLimitRule;
  /** POST /api/forgot-password per client address (default 10 per 15 min). */
  readonly forgotPasswordByAddress?: RateLimitRule;
  /** POST /api/forgot-password per email (default 3 per 15 min). */
  readonly forgotPasswordByEmail?: RateLimitRule;
  /** POST /api/reset-password and GET /api/verify-reset-token per client address (default 30 per 15 min). */
  readonly resetPassword?: RateLimitRule;
  /** Requests per API key (issue 20; default 120 a minute). */
  readonly apiKey?: RateLimitRule;
  /** POST /api/contact and POST /api/newsletter per client address (default 5 per 10 min each). */
  readonly contact?: RateLimitRule;
}

/** Contact form and newsletter defaults (issue 16). */
export const contentRateLimits = {
  contact: { limit: 5, windowMs: 10 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;

/** Forgot-password defaults (OWASP Forgot Password cheat sheet: limit per address and per account). */
export const accountRateLimits = {
  forgotPasswordByAddress: { limit: 10, windowMs: 15 * 60 * 1000 },
  forgotPasswordByEmail: { limit: 3, windowMs: 15 * 60 * 1000 },
  resetPassword: { limit: 30, windowMs: 15 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;

/** Defaults: 10 failed login attempts per username and address per 15 min; 20 sign-ups per address per hour. */
export const defaultRateLimits: RateLimits = {
  login: { limit: 10, windowMs: 15 * 60 * 1000 },
  register: { limit: 20, windowMs: 60 * 60 * 1000 },
};

/** The client address: X-Forwarded-For's first hop when trusted, else the socket's. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** The shared store over `db`, or undefined for the in-memory default. */
export const rateLimitStore = (db: Db | undefined) => (db ? new PgRateLimitStore(db) : undefined);

/**
 * A limiter for `rule` keyed by `key`; counters in PostgreSQL when `db` is given. With
 * `failuresOnly` a request answered below 400 gives its hit back, so only failed attempts
 * count (OWASP Authentication cheat sheet: lock out on failed logins, not on successful ones).
 */
export function limitBy(
  rule: RateLimitRule,
  key: (c: Context) => string | Promise<string>,
  db?: Db,
  options: { readonly failuresOnly?: boolean; readonly detail?: string } = {},
): MiddlewareHandler {
  const store = rateLimitStore(db);
  return rateLimiter({
    ...(store ? { store } : {}),
    windowMs: rule.windowMs,
    limit: rule.limit,
    standardHeaders: "draft-6",
    // A key may carry what the client typed (a username): keep it storable before validation runs.
    keyGenerator: async (c) => storableText(await key(c)),
    skipSuccessfulRequests: options.failuresOnly ?? false,
    handler: (c) =>
      problem(c, "rate-limited", {
        detail: options.detail ?? "Too many attempts. Please wait a few minutes and try again.",
      }),
  });
}
