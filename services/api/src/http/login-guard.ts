/**
 * The login guard (issue 48): OWASP "Slow Down Online Guessing Attacks with Device Cookies"
 * beside the credential-stuffing budget of ADR 0034.
 *
 * - A login presenting a valid device cookie for the login typed (`trustedDevice`, core) is
 *   judged on that device's own failures only (`login-device:<nonce>`, default 10 per 15 min):
 *   it is never refused for the client address's failures nor for the username's untrusted
 *   lockout, so a stranger — one address guessing many usernames, or many guessing one — cannot
 *   lock the real user out of a browser they signed in from before.
 * - A device cookie over its budget is judged as an unknown client (OWASP: lockout the device
 *   cookie, then treat it as untrusted).
 * - An unknown client's attempt counts against the username's untrusted budget
 *   (`login:<username>`, the `login` rule, from any address: OWASP's universal lockout for
 *   untrusted clients; OWASP ASVS 5.0 V6.3.1) and against the client address's budget
 *   (`login-address:<address or IPv6 /64>`, the `loginByAddress` rule; V6.3.2, stuffing).
 *
 * Attempts are counted before they are judged (parallel guesses cannot all slip in) and given
 * back when the login succeeds, or when the guard refuses it unjudged; only failures count
 * (OWASP Authentication cheat sheet). A refusal is a 429 `rate-limited` problem with Retry-After.
 */
import type { Db } from "@closr/adapters/postgres";
import { deviceCookiePolicy, trustedDevice } from "@closr/core/identity";
import { Effect, Option } from "effect";
import type { Context, MiddlewareHandler } from "hono";
import type { AppRuntime } from "../runtime.ts";
import { problem } from "./problem.ts";
import { clientBudgetKey, type HitCounter, hitCounter, type RateLimitRule } from "./rate-limit.ts";
import { readDeviceCookie } from "./session-cookie.ts";
import { storableText } from "./validation.ts";

export interface LoginGuardOptions {
  /** Failed logins per username from clients without a valid device cookie. */
  readonly perUsername: RateLimitRule;
  /** Failed logins per client address (IPv6 by /64) from clients without a valid device cookie. */
  readonly perAddress: RateLimitRule;
  /** Failed logins per device cookie (default `deviceCookiePolicy`). */
  readonly perDevice?: RateLimitRule | undefined;
  readonly trustProxy: boolean;
  /** Counters in PostgreSQL, shared by every process; memory when undefined. */
  readonly db?: Db | undefined;
}

/** The login as typed, as the budgets key it: trimmed, lower-cased, storable, at most 254 characters. */
async function typedLogin(c: Context): Promise<string> {
  try {
    const body = (await c.req.raw.clone().json()) as { username?: unknown };
    if (typeof body?.username === "string")
      return storableText(body.username.trim().toLowerCase().slice(0, 254));
  } catch {}
  return "";
}

/** Middleware for POST /api/login; see the module comment for the rules. */
export function loginGuard(runtime: AppRuntime, options: LoginGuardOptions): MiddlewareHandler {
  const users = hitCounter(options.perUsername, options.db);
  const addresses = hitCounter(options.perAddress, options.db);
  const devices = hitCounter(
    options.perDevice ?? { limit: deviceCookiePolicy.failuresAllowed, windowMs: deviceCookiePolicy.windowMs },
    options.db,
  );
  return async (c, next) => {
    const login = await typedLogin(c);
    const spent: (readonly [HitCounter, string])[] = [];
    const giveBack = () => Promise.all(spent.map(([counter, key]) => counter.giveBack(key)));

    const device = await runtime.runPromise(
      Effect.orElseSucceed(trustedDevice(readDeviceCookie(c), login), () => Option.none()),
    );
    let trusted = false;
    if (Option.isSome(device)) {
      const key = `login-device:${device.value.nonce}`;
      const hit = await devices.hit(key);
      // A device cookie over its budget is locked out: judged as an unknown client from here on.
      if (hit.over) await devices.giveBack(key);
      else {
        trusted = true;
        spent.push([devices, key]);
      }
    }
    if (!trusted) {
      const userKey = `login:${login}`;
      const addressKey = `login-address:${clientBudgetKey(c, options.trustProxy)}`;
      const userHit = await users.hit(userKey);
      spent.push([users, userKey]);
      const addressHit = await addresses.hit(addressKey);
      spent.push([addresses, addressKey]);
      const refusal = addressHit.over ? addressHit : userHit.over ? userHit : undefined;
      if (refusal) {
        await giveBack();
        const counter = addressHit.over ? addresses : users;
        c.header("Retry-After", String(refusal.retryAfterSeconds));
        c.header("RateLimit-Limit", String(counter.rule.limit));
        c.header("RateLimit-Remaining", "0");
        c.header("RateLimit-Reset", String(refusal.retryAfterSeconds));
        return problem(c, "rate-limited", {
          detail: addressHit.over
            ? "Too many failed logins from your network. Please wait and try again."
            : "Too many attempts. Please wait a few minutes and try again.",
        });
      }
    }
    await next();
    if (c.res.status < 400) await giveBack();
  };
}
