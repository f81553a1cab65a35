/**
 * In-memory ApiKeyRepository for unit tests. Like the Postgres adapter: the secret is returned
 * once at creation (`closr_live_` + 43 characters), keys list newest first, revoking is
 * idempotent and only for the owner, a revoked key no longer authenticates.
 */
import { Effect, Layer, Option } from "effect";
import { aUser } from "../../identity/testing/index.ts";
import { ApiKeyId, type UserId } from "../../shared/ids.ts";
import { API_KEY_PREFIX, type ApiKey } from "../model.ts";
import { ApiKeyRepository } from "../ports.ts";

export function makeApiKeyMemory() {
  const keys: { key: ApiKey; secret: string }[] = [];
  const grants = new Set<UserId>();
  const layer = Layer.succeed(ApiKeyRepository, {
    create: (userId, name, scopes) =>
      Effect.sync(() => {
        const secret = `${API_KEY_PREFIX}${String(keys.length + 1).padStart(43, "k")}`;
        const key: ApiKey = {
          id: ApiKeyId.make(keys.length + 1),
          userId,
          name,
          hint: secret.slice(0, 15),
          scopes,
          createdAt: new Date(0),
          lastUsedAt: null,
          revokedAt: null,
        };
        keys.push({ key, secret });
        return { key, secret };
      }),
    list: (userId) =>
      Effect.sync(() =>
        keys
          .filter((k) => k.key.userId === userId)
          .map((k) => k.key)
          .reverse(),
      ),
    countActive: (userId) =>
      Effect.sync(() => keys.filter((k) => k.key.userId === userId && !k.key.revokedAt).length),
    revoke: (userId, id, now) =>
      Effect.sync(() => {
        const found = keys.find((k) => k.key.id === id && k.key.userId === userId);
        if (!found) return Option.none();
        found.key = { ...found.key, revokedAt: found.key.revokedAt ?? now };
        return Option.some(found.key);
      }),
    authenticate: (secret) =>
      Effect.sync(() => {
        const found = keys.find((k) => k.secret === secret && !k.key.revokedAt);
        return found
          ? Option.some({ key: found.key, user: aUser(found.key.userId, "business") })
          : Option.none();
      }),
    hasGrant: (userId) => Effect.sync(() => grants.has(userId)),
    grant: (userId) => Effect.sync(() => void grants.add(userId)),
  });
  return { layer, keys, grants };
}
