/**
 * DeviceCookies with node:crypto (issue 48; OWASP "Slow Down Online Guessing Attacks with
 * Device Cookies"): the value is `v1.<login, base64url>.<nonce>.<expiry, epoch seconds>.<HMAC>`,
 * the HMAC-SHA-256 of everything before it under the server secret (DEVICE_COOKIE_SECRET),
 * compared in constant time. Nothing is stored: a cookie is valid while its signature checks
 * and it has not expired; changing the secret invalidates every device cookie.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { type DeviceCookie, DeviceCookies } from "@closr/core/identity";
import { Effect, Layer, Option } from "effect";

const VERSION = "v1";
const NONCE = /^[A-Za-z0-9_-]{22,64}$/;

/** The device-cookie signer over `secret` (at least 32 characters; throws otherwise). */
export function deviceCookiesHmac(secret: string) {
  if (secret.length < 32) throw new Error("DEVICE_COOKIE_SECRET must be at least 32 characters");
  const mac = (payload: string) => createHmac("sha256", secret).update(payload, "utf8").digest();
  return DeviceCookies.of({
    nonce: Effect.sync(() => randomBytes(18).toString("base64url")),
    sign: (cookie: DeviceCookie) => {
      const payload = [
        VERSION,
        Buffer.from(cookie.login, "utf8").toString("base64url"),
        cookie.nonce,
        String(Math.floor(cookie.expiresAt.getTime() / 1000)),
      ].join(".");
      return `${payload}.${mac(payload).toString("base64url")}`;
    },
    read: (value: string) => {
      if (value.length > 600) return Option.none();
      const parts = value.split(".");
      if (parts.length !== 5 || parts[0] !== VERSION) return Option.none();
      const [, login, nonce, expires, signature] = parts as [string, string, string, string, string];
      if (!NONCE.test(nonce) || !/^\d{1,12}$/.test(expires)) return Option.none();
      const expected = mac(parts.slice(0, 4).join("."));
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return Option.none();
      return Option.some({
        login: Buffer.from(login, "base64url").toString("utf8"),
        nonce,
        expiresAt: new Date(Number(expires) * 1000),
      });
    },
  });
}

/** The Layer of `deviceCookiesHmac(secret)`. */
export const DeviceCookiesHmac = (secret: string) => Layer.succeed(DeviceCookies, deviceCookiesHmac(secret));
