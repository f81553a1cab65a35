import { Effect, Either, Layer, Option } from "effect";
import { describe, expect, it } from "vitest";
import { aUser } from "../identity/testing/index.ts";
import { makeTestClock } from "../shared/clock.ts";
import { ApiKeyId } from "../shared/ids.ts";
import { subscriptionPlanStub } from "../subscription/testing/index.ts";
import { MAX_ACTIVE_KEYS } from "./model.ts";
import { makeApiKeyMemory } from "./testing/index.ts";
import {
  authenticateApiKey,
  createApiKey,
  grantApiAccess,
  hasApiAccess,
  listApiKeys,
  revokeApiKey,
} from "./use-cases.ts";

const enterprise = aUser(1, "business");
const basic = aUser(2, "business");
const admin = aUser(3, "business", { role: "admin" });

/** User 1 on Enterprise (API access), user 2 on Basic; a fixed clock. */
const world = () => {
  const memory = makeApiKeyMemory();
  const layer = Layer.mergeAll(
    memory.layer,
    subscriptionPlanStub({ 1: "enterprise" }),
    makeTestClock(new Date("2026-11-28T00:00:00Z")).layer,
  );
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, layer) as Effect.Effect<A, E, never>));
  return { memory, run };
};

const leftOf = (result: Either.Either<unknown, unknown>) => (Either.isLeft(result) ? result.left : undefined);

describe("API key use cases", () => {
  it("API access: Enterprise, an admin's grant, or the admin role", async () => {
    const { run } = world();
    expect(Either.getOrThrow(await run(hasApiAccess(enterprise)))).toBe(true);
    expect(Either.getOrThrow(await run(hasApiAccess(admin)))).toBe(true);
    expect(Either.getOrThrow(await run(hasApiAccess(basic)))).toBe(false);
    await run(grantApiAccess(basic));
    expect(Either.getOrThrow(await run(hasApiAccess(basic)))).toBe(true);
  });

  it("creates a key with a trimmed name and the secret once; without access ApiAccessRequired", async () => {
    const { run } = world();
    const created = Either.getOrThrow(await run(createApiKey(enterprise, "  CRM sync ", ["invoices:read"])));
    expect(created.key).toMatchObject({ name: "CRM sync", userId: 1 });
    expect(created.secret).toMatch(/^closr_live_/);
    expect(Either.getOrThrow(await run(listApiKeys(enterprise)))).toMatchObject({
      access: true,
      keys: [{ name: "CRM sync" }],
    });
    expect(leftOf(await run(createApiKey(basic, "x", [])))).toMatchObject({ _tag: "ApiAccessRequired" });
  });

  it("ApiKeyLimitReached at the limit of active keys", async () => {
    const { run } = world();
    for (let i = 0; i < MAX_ACTIVE_KEYS; i++) await run(createApiKey(enterprise, `key ${i}`, []));
    expect(leftOf(await run(createApiKey(enterprise, "one more", [])))).toMatchObject({
      _tag: "ApiKeyLimitReached",
      limit: MAX_ACTIVE_KEYS,
    });
  });

  it("revokes the caller's own key (then it no longer authenticates); another's is ApiKeyNotFound", async () => {
    const { run } = world();
    const { key, secret } = Either.getOrThrow(await run(createApiKey(enterprise, "CRM", [])));
    expect(Option.isSome(Either.getOrThrow(await run(authenticateApiKey(secret))))).toBe(true);
    expect(leftOf(await run(revokeApiKey(basic, key.id)))).toMatchObject({
      _tag: "ApiKeyNotFound",
      id: key.id,
    });
    expect(Either.getOrThrow(await run(revokeApiKey(enterprise, key.id))).revokedAt).not.toBeNull();
    expect(Option.isNone(Either.getOrThrow(await run(authenticateApiKey(secret))))).toBe(true);
    expect(leftOf(await run(revokeApiKey(enterprise, ApiKeyId.make(99))))).toMatchObject({
      _tag: "ApiKeyNotFound",
    });
  });

  it("a malformed secret authenticates nobody", async () => {
    const { run } = world();
    expect(Option.isNone(Either.getOrThrow(await run(authenticateApiKey("closr_live_short"))))).toBe(true);
  });
});
