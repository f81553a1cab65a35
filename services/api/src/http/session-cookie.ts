/**
 * The session cookie: HttpOnly, SameSite=Lax, Path=/, Secure unless the request came over plain
 * HTTP to localhost (docs/architecture.md, Sessions). Holds the raw token; the database holds
 * only its SHA-256.
 *
 * Behind the platform's proxy (`TRUST_PROXY=1`) the scheme the browser used is the proxy's
 * `X-Forwarded-Proto` (first value), not the URL the proxy asked for: the proxy terminates TLS
 * and may call the API as `http://localhost`, so the flag follows the header (issue 48).
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";

export const SESSION_COOKIE = "closr_session";

/** The request variable that says whether the proxy's forwarded headers are trusted (set by createApp). */
export const TRUST_PROXY_VARIABLE = "trustProxy";

/**
 * The scheme the trusted proxy says the browser used: `true` for https, `false` for http, and
 * `undefined` when `trustProxy` is off or `X-Forwarded-Proto` is absent or neither (only its
 * first value is read, as the first proxy wrote it). `trustProxy` defaults to the request's
 * {@link TRUST_PROXY_VARIABLE}, which createApp sets from `TRUST_PROXY`.
 */
export function forwardedHttps(
  c: Context,
  trustProxy: boolean = c.get(TRUST_PROXY_VARIABLE) === true,
): boolean | undefined {
  if (!trustProxy) return undefined;
  const forwarded = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return forwarded === "https" ? true : forwarded === "http" ? false : undefined;
}

/**
 * Whether the session cookie carries `Secure`: what the trusted proxy forwarded
 * ({@link forwardedHttps}) when it said; otherwise always, except for plain http to localhost,
 * 127.0.0.1 or [::1] (development without TLS).
 */
export function secureCookie(c: Context): boolean {
  const forwarded = forwardedHttps(c);
  if (forwarded !== undefined) return forwarded;
  const url = new URL(c.req.url);
  return !(url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname));
}

/** The session token from the request's cookie, or undefined (absent, or longer than 128 characters). */
export const readSessionToken = (c: Context): string | undefined => {
  const value = getCookie(c, SESSION_COOKIE);
  return value && value.length <= 128 ? value : undefined;
};

/** Sets the session cookie to `token` until `expiresAt` (HttpOnly, SameSite=Lax, Path=/, Secure as {@link secureCookie}). */
export const writeSessionCookie = (c: Context, token: string, expiresAt: Date) =>
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: secureCookie(c),
    path: "/",
    expires: expiresAt,
  });

/** Deletes the session cookie (same attributes as when it was written). */
export const clearSessionCookie = (c: Context) =>
  deleteCookie(c, SESSION_COOKIE, {
    path: "/",
    secure: secureCookie(c),
    httpOnly: true,
    sameSite: "Lax",
  });

/**
 * The device cookie (issue 48, OWASP device cookies): a signed "this browser signed in to
 * <username> before" that outlives sessions and logout, sent only to POST /api/login
 * (Path=/api/login), HttpOnly, SameSite=Lax, Secure on the same rule as the session cookie.
 */
export const DEVICE_COOKIE = "closr_device";

export const readDeviceCookie = (c: Context): string | undefined => {
  const value = getCookie(c, DEVICE_COOKIE);
  return value && value.length <= 600 ? value : undefined;
};

/** Browsers keep a cookie at most 400 days (RFC 6265bis §5.5), and hono's setCookie refuses more. */
const COOKIE_LIFETIME_CAP_MS = 400 * 24 * 60 * 60 * 1000;

/**
 * Sets the device cookie until `expiresAt` (the signed value carries the same expiry, which the
 * server checks), capped at 400 days from this process's wall clock: `expiresAt` comes from the
 * app's Clock, which tests move ahead of the wall clock.
 */
export const writeDeviceCookie = (c: Context, value: string, expiresAt: Date) =>
  setCookie(c, DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: "Lax",
    secure: secureCookie(c),
    path: "/api/login",
    expires: new Date(Math.min(expiresAt.getTime(), Date.now() + COOKIE_LIFETIME_CAP_MS - 60_000)),
  });
