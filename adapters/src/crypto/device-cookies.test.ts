import { Effect, Option } from "effect";
import { describe, expect, it } from "vitest";
import { deviceCookiesHmac } from "./device-cookies.ts";

const secret = "a device cookie secret of 32+ chars";

describe("deviceCookiesHmac", () => {
  const cookies = deviceCookiesHmac(secret);
  const cookie = {
    login: "ava.harbour",
    nonce: Effect.runSync(cookies.nonce),
    expiresAt: new Date("2027-12-01T00:00:00Z"),
  };

  it("reads back what it signed", () => {
    expect(cookies.read(cookies.sign(cookie))).toEqual(Option.some(cookie));
  });

  it("refuses a changed login, nonce or expiry, another secret's signature and junk", () => {
    const value = cookies.sign(cookie);
    const [v, , nonce, expires, sig] = value.split(".");
    const otherLogin = Buffer.from("mallory").toString("base64url");
    expect(Option.isNone(cookies.read([v, otherLogin, nonce, expires, sig].join(".")))).toBe(true);
    expect(Option.isNone(cookies.read(value.replace(`.${expires}.`, ".9999999999.")))).toBe(true);
    const other = deviceCookiesHmac(`${secret}!`);
    expect(Option.isNone(cookies.read(other.sign(cookie)))).toBe(true);
    for (const junk of ["", "v1", "v1.a.b.c.d", "v2.a.b.c.d.e", `${value}x`, "x".repeat(700)]) {
      expect(Option.isNone(cookies.read(junk))).toBe(true);
    }
  });

  it("gives 144-bit nonces and needs a real secret", () => {
    expect(Buffer.from(Effect.runSync(cookies.nonce), "base64url")).toHaveLength(18);
    expect(() => deviceCookiesHmac("short")).toThrow(/DEVICE_COOKIE_SECRET/);
  });
});
