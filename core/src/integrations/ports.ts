/** Integrations ports: stored API keys and administrator grants of API access. */
import { Context, type Effect, type Option } from "effect";
import type { User } from "../identity/index.ts";
import type { ApiKeyId, UserId } from "../shared/ids.ts";
import type { ApiKey, ApiKeyScope } from "./model.ts";

export class ApiKeyRepository extends Context.Tag("integrations/ApiKeyRepository")<
  ApiKeyRepository,
  {
    /** Creates a key: generates the secret, stores its SHA-256 only, returns the secret once. */
    readonly create: (
      userId: UserId,
      name: string,
      scopes: readonly ApiKeyScope[],
    ) => Effect.Effect<{ readonly key: ApiKey; readonly secret: string }>;
    /** The user's keys, newest first, revoked ones included. */
    readonly list: (userId: UserId) => Effect.Effect<readonly ApiKey[]>;
    readonly countActive: (userId: UserId) => Effect.Effect<number>;
    /** Revokes the user's key (idempotent); None when it is not theirs. */
    readonly revoke: (userId: UserId, id: ApiKeyId, now: Date) => Effect.Effect<Option.Option<ApiKey>>;
    /**
     * The active key with this secret and its owner (not deleted, not suspended), recording its
     * use at `now` (at most once a minute); None for unknown or revoked keys.
     */
    readonly authenticate: (
      secret: string,
      now: Date,
    ) => Effect.Effect<Option.Option<{ readonly key: ApiKey; readonly user: User }>>;
    /** Whether an administrator has granted the user API access (until Enterprise covers it). */
    readonly hasGrant: (userId: UserId) => Effect.Effect<boolean>;
    readonly grant: (userId: UserId) => Effect.Effect<void>;
  }
>() {}
