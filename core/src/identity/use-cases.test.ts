import { Effect, Exit, Layer, Option } from "effect";
import { describe, expect, it } from "vitest";
import { makeTestClock } from "../shared/clock.ts";
import { sessionPolicy } from "./model.ts";
import { makeIdentityMemory } from "./testing/index.ts";
import { currentUser, grantAdmin, login, logout, register } from "./use-cases.ts";

const start = new Date("2026-01-01T00:00:00Z");

function world() {
  const identity = makeIdentityMemory();
  const clock = makeTestClock(start);
  const layer = Layer.merge(identity.layer, clock.layer);
  const run = <A, E>(effect: Effect.Effect<A, E, Layer.Layer.Success<typeof layer>>) =>
    Effect.runPromiseExit(Effect.provide(effect, layer));
  return { identity, clock, run };
}

const ava = {
  email: "Ava@Example.com.au ",
  username: "ava",
  password: "correct horse",
  userType: "business",
} as const;

const failureTag = (exit: Exit.Exit<unknown, { _tag: string }>) =>
  Exit.isFailure(exit) && exit.cause._tag === "Fail" ? exit.cause.error._tag : undefined;

describe("register", () => {
  it("stores a normalised email and a hash, never the password, and starts a session", async () => {
    const { identity, run } = world();
    const exit = await run(register(ava));
    expect(Exit.isSuccess(exit)).toBe(true);
    if (!Exit.isSuccess(exit)) return;
    expect(exit.value.user.email).toBe("ava@example.com.au");
    expect(exit.value.user.verificationStatus).toBe("unverified");
    expect(exit.value.user.role).toBe("member");
    expect(identity.users[0]?.passwordHash).toBe("fake$correct horse");
    expect(exit.value.expiresAt.getTime() - start.getTime()).toBe(sessionPolicy.idleTimeoutMs);
    expect(identity.sessions.has(`sha256(${exit.value.token})`)).toBe(true);
    expect(identity.sessions.has(exit.value.token)).toBe(false);
  });

  it("keeps a taken email (any case) unclaimed and rejects a taken username (any case)", async () => {
    const { identity, run } = world();
    await run(register(ava));
    const other = await run(
      register({ ...ava, username: "other", email: "AVA@example.com.au", password: "other password" }),
    );
    expect(Exit.isSuccess(other)).toBe(true);
    const stored = identity.users.find((u) => u.user.username === "other")!.user;
    expect(stored.unclaimedEmail).toBe("ava@example.com.au");
    expect(stored.email).toMatch(/\.invalid$/);
    // By that email, each signs in with their own password, the owner as before.
    const byEmail = await run(login({ username: "ava@example.com.au", password: "correct horse" }));
    expect(Exit.isSuccess(byEmail) && byEmail.value.user.username).toBe("ava");
    await run(register({ ...ava, username: "third", email: "ava@example.com.au", password: "another one" }));
    const third = await run(login({ username: "AVA@example.com.au", password: "another one" }));
    expect(Exit.isSuccess(third) && third.value.user.username).toBe("third");
    expect(failureTag(await run(login({ username: "ava@example.com.au", password: "nope nope" })))).toBe(
      "InvalidCredentials",
    );
    expect(failureTag(await run(register({ ...ava, email: "new@example.com", username: "AVA" })))).toBe(
      "UsernameTaken",
    );
  });
});

describe("login", () => {
  it("signs in by username or by email, with a new token each time", async () => {
    const { run } = world();
    await run(register(ava));
    const a = await run(login({ username: "AVA", password: "correct horse" }));
    const b = await run(login({ username: "ava@example.com.au", password: "correct horse" }));
    expect(Exit.isSuccess(a) && Exit.isSuccess(b)).toBe(true);
    if (Exit.isSuccess(a) && Exit.isSuccess(b)) expect(a.value.token).not.toBe(b.value.token);
  });

  it("gives the same error for a wrong password and an unknown user, hashing once in both cases", async () => {
    const { identity, run } = world();
    await run(register(ava));
    const before = identity.hashCalls();
    expect(failureTag(await run(login({ username: "ava", password: "wrong" })))).toBe("InvalidCredentials");
    expect(identity.hashCalls() - before).toBe(1);
    expect(failureTag(await run(login({ username: "nobody", password: "wrong" })))).toBe(
      "InvalidCredentials",
    );
    expect(identity.hashCalls() - before).toBe(2);
  });
});

describe("sessions", () => {
  it("resolves the user, renews after an hour of use, and expires after 7 idle days", async () => {
    const { clock, run } = world();
    const signedUp = await run(register(ava));
    if (!Exit.isSuccess(signedUp)) throw new Error("setup");
    const token = signedUp.value.token;

    const fresh = await run(currentUser(token));
    expect(Exit.isSuccess(fresh) && Option.isNone(fresh.value.renewedUntil)).toBe(true);

    clock.advance(2 * 60 * 60 * 1000);
    const renewed = await run(currentUser(token));
    if (!Exit.isSuccess(renewed)) throw new Error("expected success");
    expect(Option.getOrThrow(renewed.value.renewedUntil).getTime()).toBe(
      start.getTime() + 2 * 60 * 60 * 1000 + sessionPolicy.idleTimeoutMs,
    );

    clock.advance(sessionPolicy.idleTimeoutMs + 1);
    expect(failureTag(await run(currentUser(token)))).toBe("Unauthenticated");
  });

  it("logout ends the session", async () => {
    const { run } = world();
    const signedUp = await run(register(ava));
    if (!Exit.isSuccess(signedUp)) throw new Error("setup");
    await run(logout(signedUp.value.token));
    expect(failureTag(await run(currentUser(signedUp.value.token)))).toBe("Unauthenticated");
  });

  it("an unknown token is unauthenticated", async () => {
    const { run } = world();
    expect(failureTag(await run(currentUser("made-up")))).toBe("Unauthenticated");
  });
});

describe("grantAdmin", () => {
  it("grants the admin role, and fails for an unknown username", async () => {
    const { run } = world();
    await run(register(ava));
    const granted = await run(grantAdmin("Ava"));
    expect(Exit.isSuccess(granted) && granted.value.role).toBe("admin");
    expect(failureTag(await run(grantAdmin("ghost")))).toBe("UserNotFound");
  });
});
