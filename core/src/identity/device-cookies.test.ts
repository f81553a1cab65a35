import { Effect, Layer, Option } from "effect";
import { describe, expect, it } from "vitest";
import { makeTestClock } from "../shared/clock.ts";
import { cookieVouchesFor, deviceCookiePolicy, issueDeviceCookie, trustedDevice } from "./device-cookies.ts";
import { deviceCookiesFake, makeIdentityMemory } from "./testing/index.ts";
import { register } from "./use-cases.ts";

const start = new Date("2026-12-01T00:00:00Z");

function world() {
  const identity = makeIdentityMemory();
  const clock = makeTestClock(start);
  const layer = Layer.mergeAll(identity.layer, clock.layer, deviceCookiesFake());
  const run = <A, E>(effect: Effect.Effect<A, E, Layer.Layer.Success<typeof layer>>) =>
    Effect.runPromise(Effect.provide(effect, layer));
  return { clock, run };
}

const ava = {
  email: "ava@example.com.au",
  username: "Ava",
  password: "correct horse",
  userType: "agent",
} as const;

describe("device cookies (OWASP: Slow Down Online Guessing Attacks with Device Cookies)", () => {
  it("issues a cookie for the account's username that vouches for it, typed in any case or as its email", async () => {
    const { run } = world();
    const signedIn = await run(register(ava));
    const device = await run(issueDeviceCookie(signedIn.user));
    expect(device.expiresAt.getTime() - start.getTime()).toBe(deviceCookiePolicy.lifetimeMs);
    for (const typed of ["Ava", "ava", " AVA ", "ava@example.com.au", "AVA@EXAMPLE.COM.AU"]) {
      const trusted = await run(trustedDevice(device.value, typed));
      expect(Option.isSome(trusted), typed).toBe(true);
    }
  });

  it("does not vouch for another login, a bad signature, no cookie or an expired cookie", async () => {
    const { run, clock } = world();
    const signedIn = await run(register(ava));
    await run(register({ ...ava, email: "bo@example.com.au", username: "bo" }));
    const device = await run(issueDeviceCookie(signedIn.user));
    expect(Option.isNone(await run(trustedDevice(device.value, "bo")))).toBe(true);
    expect(Option.isNone(await run(trustedDevice(device.value, "bo@example.com.au")))).toBe(true);
    expect(Option.isNone(await run(trustedDevice(device.value, "nobody@example.com.au")))).toBe(true);
    expect(Option.isNone(await run(trustedDevice(`${device.value}x`, "ava")))).toBe(true);
    expect(Option.isNone(await run(trustedDevice(undefined, "ava")))).toBe(true);
    clock.advance(deviceCookiePolicy.lifetimeMs);
    expect(Option.isNone(await run(trustedDevice(device.value, "ava")))).toBe(true);
  });

  it("gives each sign-in a new nonce", async () => {
    const { run } = world();
    const signedIn = await run(register(ava));
    const a = await run(issueDeviceCookie(signedIn.user));
    const b = await run(issueDeviceCookie(signedIn.user));
    expect(a.value).not.toBe(b.value);
  });

  it("cookieVouchesFor is pure: expiry and username", () => {
    const cookie = { login: "ava", nonce: "n", expiresAt: new Date(start.getTime() + 1000) };
    expect(cookieVouchesFor(cookie, "AVA", start)).toBe(true);
    expect(cookieVouchesFor(cookie, "ava", new Date(start.getTime() + 1000))).toBe(false);
    expect(cookieVouchesFor(cookie, "bo", start)).toBe(false);
  });
});
