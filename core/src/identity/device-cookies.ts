/**
 * Device cookies (issue 48): OWASP "Slow Down Online Guessing Attacks with Device Cookies".
 * A browser that signed in to an account successfully is given a signed cookie naming that
 * account's login and a random nonce. On later logins the cookie tells a known device from
 * an unknown one: a known device is judged on its own failures (its nonce is locked out after
 * `deviceCookiePolicy.failuresAllowed` in a window), never on a stranger's, so failures from
 * other clients — one address guessing many usernames, or many addresses guessing one — cannot
 * lock the real user out of a device they have used before. Unknown ("untrusted") clients share
 * the per-username lockout and the per-address budget (OWASP ASVS 5.0 V6.3.1, V6.3.2).
 *
 * Core holds the rule (what a valid cookie is, whose it is, how many failures it may have);
 * signing is the `DeviceCookies` port (HMAC-SHA-256 with a server secret in the adapter), and
 * counting failures is the service's rate-limit store.
 */
import { Context, Effect, Option } from "effect";
import { Clock } from "../shared/clock.ts";
import type { User } from "./model.ts";
import { UserRepository } from "./ports.ts";

/** What a valid device cookie says: whose device it is, its nonce, and until when it holds. */
export interface DeviceCookie {
  /** The account's username, lower-cased (usernames are unique case-insensitively). */
  readonly login: string;
  /** ≥ 128 random bits (base64url): the device's identity for its own failure budget. */
  readonly nonce: string;
  readonly expiresAt: Date;
}

/**
 * Device-cookie policy (OWASP device cookies: N attempts per time period T, per device).
 * A device may fail 10 times in 15 minutes before its cookie is locked out for the rest of the
 * window; a locked-out cookie is then judged as an unknown client. The cookie lives a year and
 * is replaced at every successful sign-in.
 */
export const deviceCookiePolicy = {
  failuresAllowed: 10,
  windowMs: 15 * 60 * 1000,
  lifetimeMs: 365 * 24 * 60 * 60 * 1000,
} as const;

/** Signs and reads device cookies; the adapter keeps the server secret (DEVICE_COOKIE_SECRET). */
export class DeviceCookies extends Context.Tag("identity/DeviceCookies")<
  DeviceCookies,
  {
    /** A new nonce for a device cookie (≥ 128 random bits, base64url). */
    readonly nonce: Effect.Effect<string>;
    /** The cookie value for `cookie`: its fields and an HMAC over them with the server secret. */
    readonly sign: (cookie: DeviceCookie) => string;
    /** The cookie inside `value` when its signature is valid (constant-time check), else None. Expiry is not checked. */
    readonly read: (value: string) => Option.Option<DeviceCookie>;
  }
>() {}

/** The login a device cookie is bound to: the account's username, compared case-insensitively. */
export const deviceLogin = (username: string): string => username.trim().toLowerCase();

/**
 * Whether `cookie` vouches for a login typed as `typed` at `now` (pure): unexpired and bound to
 * that username. A login typed as an email is decided by `trustedDevice`, which looks it up.
 */
export const cookieVouchesFor = (cookie: DeviceCookie, typed: string, now: Date): boolean =>
  cookie.expiresAt.getTime() > now.getTime() && cookie.login === deviceLogin(typed);

/**
 * After a successful sign-in: a new device cookie for `user` (OWASP: issue a new device cookie
 * at every successful authentication), as the value to set and its expiry.
 */
export const issueDeviceCookie = Effect.fn("identity.issueDeviceCookie")(function* (user: User) {
  const cookies = yield* DeviceCookies;
  const now = yield* (yield* Clock).now;
  const cookie: DeviceCookie = {
    login: deviceLogin(user.username),
    nonce: yield* cookies.nonce,
    expiresAt: new Date(now.getTime() + deviceCookiePolicy.lifetimeMs),
  };
  return { value: cookies.sign(cookie), expiresAt: cookie.expiresAt };
});

/**
 * Before a login attempt: the device cookie presented (`value`) when it is valid for the login
 * typed (`typed`, a username or an email), else None — the attempt is then from an untrusted
 * client. Whether the device is locked out is the caller's budget to read (OWASP: a locked-out
 * device cookie counts as untrusted). A login typed as an email is looked up, and vouched for
 * when the account it names is the cookie's.
 */
export const trustedDevice = Effect.fn("identity.trustedDevice")(function* (
  value: string | undefined,
  typed: string,
) {
  if (!value) return Option.none<DeviceCookie>();
  const cookies = yield* DeviceCookies;
  const cookie = cookies.read(value);
  if (Option.isNone(cookie)) return cookie;
  const now = yield* (yield* Clock).now;
  if (cookie.value.expiresAt.getTime() <= now.getTime()) return Option.none<DeviceCookie>();
  if (cookieVouchesFor(cookie.value, typed, now)) return cookie;
  if (!typed.includes("@")) return Option.none<DeviceCookie>();
  const found = yield* (yield* UserRepository).findCredentials(typed.trim());
  return Option.isSome(found) && deviceLogin(found.value.user.username) === cookie.value.login
    ? cookie
    : Option.none<DeviceCookie>();
});
