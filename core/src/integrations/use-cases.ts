/**
 * API key use cases (issue 20): who has API access, and creating, listing, revoking and
 * authenticating keys. Access: the Enterprise plan's `apiAccess` entitlement (getBilling), an
 * administrator's grant, or the admin role.
 */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { Clock } from "../shared/clock.ts";
import type { ApiKeyId } from "../shared/ids.ts";
import { getBilling } from "../subscription/index.ts";
import { ApiAccessRequired, ApiKeyLimitReached, ApiKeyNotFound } from "./errors.ts";
import { API_KEY_PATTERN, type ApiKeyScope, MAX_ACTIVE_KEYS, normaliseScopes } from "./model.ts";
import { ApiKeyRepository } from "./ports.ts";

/** Whether the user may use the API now (Enterprise, an admin's grant, or an admin). */
export const hasApiAccess = Effect.fn("integrations.hasApiAccess")(function* (user: User) {
  if (user.role === "admin") return true;
  const billing = yield* getBilling(user);
  if (billing.entitlements.apiAccess) return true;
  return yield* (yield* ApiKeyRepository).hasGrant(user.id);
});

/** Fails with ApiAccessRequired unless the user may use the API (keys and webhooks). */
export const requireApiAccess = (user: User) =>
  Effect.flatMap(hasApiAccess(user), (ok) => (ok ? Effect.void : Effect.fail(new ApiAccessRequired())));

/** Settings → API: whether the caller has access, and their keys (newest first). */
export const listApiKeys = Effect.fn("integrations.listApiKeys")(function* (user: User) {
  const access = yield* hasApiAccess(user);
  const keys = yield* (yield* ApiKeyRepository).list(user.id);
  return { access, keys };
});

/** Creates a key with `name` and `scopes`; the secret is in the result and nowhere else. */
export const createApiKey = Effect.fn("integrations.createApiKey")(function* (
  user: User,
  name: string,
  scopes: readonly string[],
) {
  yield* requireApiAccess(user);
  const repository = yield* ApiKeyRepository;
  if ((yield* repository.countActive(user.id)) >= MAX_ACTIVE_KEYS)
    return yield* Effect.fail(new ApiKeyLimitReached({ limit: MAX_ACTIVE_KEYS }));
  return yield* repository.create(user.id, name.trim(), normaliseScopes(scopes));
});

/** Revokes one of the caller's keys; later requests with it answer 401. */
export const revokeApiKey = Effect.fn("integrations.revokeApiKey")(function* (user: User, id: ApiKeyId) {
  const now = yield* (yield* Clock).now;
  const revoked = yield* (yield* ApiKeyRepository).revoke(user.id, id, now);
  return yield* Option.match(revoked, {
    onNone: () => Effect.fail(new ApiKeyNotFound({ id })),
    onSome: Effect.succeed,
  });
});

/**
 * The key and user of a bearer secret, or None (malformed, unknown, revoked, or the account has
 * lost API access).
 */
export const authenticateApiKey = Effect.fn("integrations.authenticateApiKey")(function* (secret: string) {
  if (!API_KEY_PATTERN.test(secret)) return Option.none();
  const now = yield* (yield* Clock).now;
  const found = yield* (yield* ApiKeyRepository).authenticate(secret, now);
  if (Option.isNone(found)) return found;
  if (!(yield* hasApiAccess(found.value.user))) return Option.none();
  return found;
});

/** `pnpm api:grant <username>`: an administrator grants an account API access. */
export const grantApiAccess = Effect.fn("integrations.grantApiAccess")(function* (user: User) {
  yield* (yield* ApiKeyRepository).grant(user.id);
});

export type { ApiKeyScope };
