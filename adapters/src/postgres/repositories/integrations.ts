/**
 * Integrations on PostgreSQL (issue 20): `ApiKeyRepository` over api_keys and api_access_grants.
 * The secret is `closr_live_` + 32 random bytes in base64url (256 bits, node:crypto); the row keeps
 * its SHA-256 (hex) and a hint (prefix + first 4 characters). Lookups hash the presented secret
 * and compare by the unique index, so the secret is never stored or logged.
 */
import { createHash, randomBytes } from "node:crypto";
import type { User } from "@closr/core/identity";
import { API_KEY_PREFIX, type ApiKey, ApiKeyRepository, type ApiKeyScope } from "@closr/core/integrations";
import { ApiKeyId, type UserId } from "@closr/core/shared";
import { Effect, Option } from "effect";
import { sql } from "kysely";
import type { Db } from "../database.ts";
import { ambientLayer } from "../transaction-scope.ts";
import { toUser } from "./identity.ts";

/** SHA-256 of a secret, hex (what api_keys.key_hash holds). */
export const hashApiKey = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** A new secret: the prefix and 43 base64url characters (32 random bytes). */
export const generateApiKeySecret = () => `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;

type KeyRow = {
  id: number;
  userId: number;
  name: string;
  hint: string;
  scopes: string[];
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
  revokedAt: Date | string | null;
};

const toKey = (row: KeyRow): ApiKey => ({
  id: ApiKeyId.make(Number(row.id)),
  userId: Number(row.userId) as UserId,
  name: row.name,
  hint: row.hint,
  scopes: [...row.scopes] as ApiKeyScope[],
  createdAt: new Date(row.createdAt),
  lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt) : null,
  revokedAt: row.revokedAt ? new Date(row.revokedAt) : null,
});

const keyColumns = [
  "id",
  "userId",
  "name",
  "hint",
  "scopes",
  "createdAt",
  "lastUsedAt",
  "revokedAt",
] as const;

const makeApiKeyRepository = (db: Db) =>
  ApiKeyRepository.of({
    create: (userId, name, scopes) =>
      Effect.promise(async () => {
        const secret = generateApiKeySecret();
        const row = await db
          .insertInto("apiKeys")
          .values({
            userId,
            name,
            hint: secret.slice(0, API_KEY_PREFIX.length + 4),
            keyHash: hashApiKey(secret),
            scopes: [...scopes],
          })
          .returning(keyColumns)
          .executeTakeFirstOrThrow();
        return { key: toKey(row), secret };
      }),
    list: (userId) =>
      Effect.promise(async () => {
        const rows = await db
          .selectFrom("apiKeys")
          .select(keyColumns)
          .where("userId", "=", userId)
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .execute();
        return rows.map(toKey);
      }),
    countActive: (userId) =>
      Effect.promise(async () => {
        const row = await db
          .selectFrom("apiKeys")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("userId", "=", userId)
          .where("revokedAt", "is", null)
          .executeTakeFirstOrThrow();
        return Number(row.n);
      }),
    revoke: (userId, id, now) =>
      Effect.promise(async () => {
        const row = await db
          .updateTable("apiKeys")
          .set({ revokedAt: sql<Date>`coalesce(revoked_at, ${now})` })
          .where("id", "=", id)
          .where("userId", "=", userId)
          .returning(keyColumns)
          .executeTakeFirst();
        return Option.fromNullable(row).pipe(Option.map(toKey));
      }),
    authenticate: (secret, now) =>
      Effect.promise(async () => {
        const row = await db
          .selectFrom("apiKeys as k")
          .innerJoin("users as u", "u.id", "k.userId")
          .select([
            "k.id",
            "k.userId",
            "k.name",
            "k.hint",
            "k.scopes",
            "k.createdAt",
            "k.lastUsedAt",
            "k.revokedAt",
            "u.email",
            "u.username",
            "u.userType",
            "u.verificationStatus",
            "u.role",
            "u.emailVerified",
            "u.createdAt as userCreatedAt",
            "u.unclaimedEmail",
            "u.timeZone",
          ])
          .where("k.keyHash", "=", hashApiKey(secret))
          .where("k.revokedAt", "is", null)
          .where("u.deletedAt", "is", null)
          .where("u.suspendedAt", "is", null)
          .executeTakeFirst();
        if (!row) return Option.none<{ key: ApiKey; user: User }>();
        const minuteAgo = new Date(now.getTime() - 60_000);
        if (!row.lastUsedAt || new Date(row.lastUsedAt) < minuteAgo) {
          await db.updateTable("apiKeys").set({ lastUsedAt: now }).where("id", "=", row.id).execute();
        }
        const user = toUser({ ...row, id: row.userId, createdAt: row.userCreatedAt });
        return Option.some({ key: toKey(row), user });
      }),
    hasGrant: (userId) =>
      Effect.promise(async () => {
        const row = await db
          .selectFrom("apiAccessGrants")
          .select("userId")
          .where("userId", "=", userId)
          .executeTakeFirst();
        return row !== undefined;
      }),
    grant: (userId) =>
      Effect.promise(() =>
        db
          .insertInto("apiAccessGrants")
          .values({ userId })
          .onConflict((oc) => oc.column("userId").doNothing())
          .execute()
          .then(() => undefined),
      ),
  });

export const ApiKeyRepositoryPg = ambientLayer(ApiKeyRepository, makeApiKeyRepository);
