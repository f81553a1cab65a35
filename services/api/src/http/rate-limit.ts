/**
 * Rate limits for login, registration and password recovery (hono-rate-limiter). With a
 * database the counters live in PostgreSQL and every process shares them (issue 21, ADR 0015);
 * without one, in this process's memory. Keys: client address (+ username for login; login also
 * per address alone, ADR 0034); signing an agreement counts per signer and agreement through
 * `failureBudget`. Over the limit → 429 problem with Retry-After.
 */
import { type Db, PgRateLimitStore } from "@closr/adapters/postgres";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { MemoryStore, rateLimiter } from "hono-rate-limiter";
import ipaddr from "ipaddr.js";
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
  /** POST /api/forgot-password per (email, client address) (default 3 per 15 min; issue 48). */
  readonly forgotPasswordByEmail?: RateLimitRule;
  /** POST /api/forgot-password per email from any address (default 20 a day; issue 48). */
  readonly forgotPasswordByEmailDaily?: RateLimitRule;
  /** POST /api/reset-password and GET /api/verify-reset-token per client address (default 30 per 15 min). */
  readonly resetPassword?: RateLimitRule;
  /** Requests per API key (issue 20; default 120 a minute). */
  readonly apiKey?: RateLimitRule;
  /** POST /api/contact and POST /api/newsletter per client address (default 5 per 10 min each). */
  readonly contact?: RateLimitRule;
  /**
   * Failed logins per client address across every username (credential stuffing; OWASP ASVS 5.0
   * V6.3; default `loginByAddressDefault`), beside `login`, which is per username and address.
   */
  readonly loginByAddress?: RateLimitRule;
  /**
   * Failed logins one device cookie may have before it is locked out and judged as an unknown
   * client (issue 48, OWASP device cookies; default `deviceCookiePolicy`, 10 per 15 min).
   */
  readonly loginByDevice?: RateLimitRule;
  /**
   * Wrong passwords a signer may give when signing one agreement (default: the `login` rule).
   * Counted per signed-in party and partnership; nothing else counts (ADR 0034).
   */
  readonly agreementSign?: RateLimitRule;
}

/**
 * Failed logins per client address across usernames: 50 per 15 min by default (LOGIN_ADDRESS_LIMIT).
 * A stuffing run tries one or two passwords for many usernames, so the per-username limit never
 * trips; 50 leaves room for an office or school behind one address whose people mistype.
 */
export const loginByAddressDefault: RateLimitRule = { limit: 50, windowMs: 15 * 60 * 1000 };

/** Contact form and newsletter defaults (issue 16). */
export const contentRateLimits = {
  contact: { limit: 5, windowMs: 10 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Forgot-password defaults (OWASP Forgot Password cheat sheet: limit per address and per
 * account). The short per-email budget counts per (email, client address), so three requests
 * for someone's email from a stranger's address do not stop the owner asking from theirs; the
 * daily ceiling per email, from any address, bounds the reset mail one inbox can be sent.
 */
export const accountRateLimits = {
  forgotPasswordByAddress: { limit: 10, windowMs: 15 * 60 * 1000 },
  forgotPasswordByEmail: { limit: 3, windowMs: 15 * 60 * 1000 },
  forgotPasswordByEmailDaily: { limit: 20, windowMs: 24 * 60 * 60 * 1000 },
  resetPassword: { limit: 30, windowMs: 15 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;

/** Defaults: 10 failed login attempts per username and address per 15 min; 20 sign-ups per address per hour. */
export const defaultRateLimits: RateLimits = {
  login: { limit: 10, windowMs: 15 * 60 * 1000 },
  register: { limit: 20, windowMs: 60 * 60 * 1000 },
};

/**
 * The client address: X-Forwarded-For's first hop when trusted, else the socket's. An
 * IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, what a dual-stack socket reports) reads as the
 * IPv4 address it carries; anything else is returned as given (stored as signing evidence).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  let address = "unknown";
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) address = forwarded;
  }
  if (address === "unknown") {
    try {
      address = getConnInfo(c).remote.address ?? "unknown";
    } catch {}
  }
  return unmapIpv4(address);
}

/** `::ffff:a.b.c.d` as `a.b.c.d`; any other text unchanged. */
function unmapIpv4(address: string): string {
  if (!ipaddr.IPv6.isValid(address)) return address;
  const parsed = ipaddr.IPv6.parse(address);
  return parsed.isIPv4MappedAddress() ? parsed.toIPv4Address().toString() : address;
}

/**
 * What a budget keyed on the client counts (issue 48): an IPv4 address as itself, an IPv6
 * address by its /64 (`2001:db8:1:2::/64`), since one subscriber is routinely given a whole
 * /64 and can rotate through it freely (RFC 6177; OWASP ASVS 5.0 V6.3 — rate limits must not
 * be evaded by trivially changing the source). IPv4-mapped IPv6 reads as IPv4, so
 * `::ffff:127.0.0.1` and `127.0.0.1` share one budget. Text that is no address (a proxy's
 * odd header) is kept, cut to 64 characters.
 */
export function budgetAddress(address: string): string {
  const unmapped = unmapIpv4(address.trim());
  if (ipaddr.IPv4.isValidFourPartDecimal(unmapped)) return ipaddr.IPv4.parse(unmapped).toString();
  // Zone ids (`fe80::1%eth0`) are not part of the address for budgeting.
  const bare = unmapped.replace(/%.*$/, "");
  if (ipaddr.IPv6.isValid(bare)) {
    const prefix = ipaddr.IPv6.parse(bare).parts.slice(0, 4);
    return `${prefix.map((part) => part.toString(16)).join(":")}::/64`;
  }
  return unmapped.slice(0, 64);
}

/** The budget key of the request's client: `budgetAddress(clientAddress(c, trustProxy))`. */
export const clientBudgetKey = (c: Context, trustProxy: boolean): string =>
  budgetAddress(clientAddress(c, trustProxy));

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

/** One request's hit on a `hitCounter`: whether it went over the limit, and when the window ends. */
export interface Hit {
  readonly over: boolean;
  readonly retryAfterSeconds: number;
}

/** A counter that spends first and gives back later (see `hitCounter`). */
export interface HitCounter {
  readonly rule: RateLimitRule;
  /** Counts one attempt against `key` (atomically in the store) and says whether it is over. */
  readonly hit: (key: string) => Promise<Hit>;
  /** Takes one attempt back (a success, or an attempt that was never judged). */
  readonly giveBack: (key: string) => Promise<void>;
}

/**
 * `rule.limit` attempts per key and window, spent before the attempt is judged so that parallel
 * attempts cannot all slip under the limit, and given back by the caller when the attempt turns
 * out not to count (the login guard: successes and refused attempts). Counters in PostgreSQL
 * when `db` is given, else in this process.
 */
export function hitCounter(rule: RateLimitRule, db?: Db): HitCounter {
  const store = rateLimitStore(db) ?? new MemoryStore();
  store.init({ windowMs: rule.windowMs } as Parameters<MemoryStore["init"]>[0]);
  return {
    rule,
    hit: async (key) => {
      const count = await store.increment(storableText(key));
      const resetAt = count.resetTime?.getTime() ?? Date.now() + rule.windowMs;
      return {
        over: count.totalHits > rule.limit,
        retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)),
      };
    },
    giveBack: async (key) => {
      await store.decrement(storableText(key));
    },
  };
}

/** Failed attempts counted by hand, for a limit only the handler can judge (see `failureBudget`). */
export interface FailureBudget {
  /** Seconds until `key` may try again, or undefined while it is under the limit. */
  readonly retryAfterSeconds: (key: string) => Promise<number | undefined>;
  /** Counts one failed attempt against `key`. */
  readonly fail: (key: string) => Promise<void>;
}

/**
 * A budget of `rule.limit` failed attempts per key and window, where only the handler knows what
 * counts (ADR 0034: a party's wrong password when signing, never a stranger's 404). Reading the
 * budget does not spend it. Counters in PostgreSQL when `db` is given, else in this process.
 */
export function failureBudget(rule: RateLimitRule, db?: Db): FailureBudget {
  const store = rateLimitStore(db) ?? new MemoryStore();
  // Both stores read only `windowMs` of the limiter's options.
  store.init({ windowMs: rule.windowMs } as Parameters<MemoryStore["init"]>[0]);
  return {
    retryAfterSeconds: async (key) => {
      const count = await store.get(storableText(key));
      if (!count || count.totalHits < rule.limit) return undefined;
      const resetAt = count.resetTime?.getTime() ?? Date.now() + rule.windowMs;
      return Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
    },
    fail: async (key) => {
      await store.increment(storableText(key));
    },
  };
}
