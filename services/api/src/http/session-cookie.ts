/**
 * The session cookie: HttpOnly, SameSite=Lax, Path=/, Secure except on plain-HTTP localhost
 * (docs/architecture.md, Sessions). Holds the raw token; the database holds only its SHA-256.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";

export const SESSION_COOKIE = "closr_session";

const isPlainLocalhost = (c: Context) => {
  const url = new URL(c.req.url);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
};

export const readSessionToken = (c: Context): string | undefined => {
  const value = getCookie(c, SESSION_COOKIE);
  return value && value.length <= 128 ? value : undefined;
};

export const writeSessionCookie = (c: Context, token: string, expiresAt: Date) =>
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: !isPlainLocalhost(c),
    path: "/",
    expires: expiresAt,
  });

export const clearSessionCookie = (c: Context) =>
  deleteCookie(c, SESSION_COOKIE, {
    path: "/",
    secure: !isPlainLocalhost(c),
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

export const writeDeviceCookie = (c: Context, value: string, expiresAt: Date) =>
  setCookie(c, DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: "Lax",
    secure: !isPlainLocalhost(c),
    path: "/api/login",
    expires: expiresAt,
  });
