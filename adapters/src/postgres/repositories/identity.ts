/**
 * Identity repositories on PostgreSQL: UserRepositoryPg and SessionStorePg.
 * Uniqueness (email, case-insensitive username) is enforced by unique indexes, so two
 * concurrent registrations of one name cannot both succeed.
 */
import { randomUUID } from "node:crypto";
import {
  SessionStore,
  User,
  UsernameTaken,
  UserRepository,
  unclaimedLoginCandidates,
} from "@closr/core/identity";
import type { UserId } from "@closr/core/shared";
import { Effect, Layer, Option } from "effect";
import { sql } from "kysely";
import type { Db } from "../database.ts";
import { PgDatabase } from "../database-service.ts";
import { uniqueViolation } from "../errors.ts";
import { ambientLayer, joinAmbient } from "../transaction-scope.ts";
import { cachedSessionStore } from "./session-cache.ts";

/** The columns a User is read from. */
export const userColumns = [
  "id",
  "email",
  "username",
  "userType",
  "verificationStatus",
  "role",
  "emailVerified",
  "createdAt",
  "unclaimedEmail",
  "timeZone",
] as const;

type UserRow = {
  id: number;
  email: string;
  username: string;
  userType: "business" | "agent";
  verificationStatus: "unverified" | "pending" | "verified";
  role: "member" | "admin";
  emailVerified: boolean;
  createdAt: Date;
  /** Issue 48; a query that does not read it shows the placeholder instead. */
  unclaimedEmail?: string | null;
  timeZone: string;
};

/** Maps a row to the core User (adapter boundary: rows never leak). */
export const toUser = (row: UserRow): User =>
  new User({
    id: Number(row.id) as UserId,
    email: row.email,
    username: row.username,
    userType: row.userType,
    verificationStatus: row.verificationStatus,
    role: row.role,
    emailVerified: row.emailVerified,
    createdAt: new Date(row.createdAt),
    ...(row.unclaimedEmail ? { unclaimedEmail: row.unclaimedEmail } : {}),
    timeZone: row.timeZone,
  });

/**
 * The `email` of an account whose address another account holds (issue 48): unique, and under
 * the reserved `.invalid` TLD (RFC 6761), so no mail is ever delivered to it.
 */
export const unclaimedPlaceholder = () => `unclaimed-${randomUUID()}@unclaimed.closr.invalid`;

/** A user row with its password hash, if any, as the user and the hash (for log-in checks). */
export const credentialsOf = (row: (UserRow & { passwordHash: string }) | undefined) =>
  Option.fromNullable(row).pipe(Option.map((r) => ({ user: toUser(r), passwordHash: r.passwordHash })));

const makeUserRepository = (db: Db) =>
  UserRepository.of({
    insert: (input) =>
      Effect.tryPromise({
        try: async () => {
          const values = {
            email: input.email,
            username: input.username,
            passwordHash: input.passwordHash,
            userType: input.userType,
            ...(input.timeZone ? { timeZone: input.timeZone } : {}),
          };
          // Claim the email when it is free; ON CONFLICT on users_email_key only, so a username
          // clash still raises, and a concurrent sign-up with the same email lands below.
          const claimed = await db
            .insertInto("users")
            .values(values)
            .onConflict((oc) => oc.column("email").doNothing())
            .returning(userColumns)
            .executeTakeFirst();
          if (claimed) return claimed;
          return db
            .insertInto("users")
            .values({ ...values, email: unclaimedPlaceholder(), unclaimedEmail: input.email })
            .returning(userColumns)
            .executeTakeFirstOrThrow();
        },
        catch: (error) => error,
      }).pipe(
        Effect.map(toUser),
        Effect.catchAll((error): Effect.Effect<never, UsernameTaken> => {
          const constraint = uniqueViolation(error);
          if (constraint === "users_username_lower_key") {
            return Effect.fail(new UsernameTaken({ username: input.username }));
          }
          return Effect.die(error);
        }),
      ),
    findCredentials: (login) =>
      Effect.promise(() =>
        db
          .selectFrom("users")
          .select([...userColumns, "passwordHash"])
          .where((eb) =>
            eb.or([
              eb(sql`lower(username)`, "=", login.toLowerCase()),
              eb("email", "=", login.toLowerCase()),
            ]),
          )
          .where("deletedAt", "is", null)
          // A suspended account cannot log in (issue 16).
          .where("suspendedAt", "is", null)
          .executeTakeFirst(),
      ).pipe(Effect.map(credentialsOf)),
    findUnclaimedCredentials: (email) =>
      Effect.promise(() =>
        db
          .selectFrom("users")
          .select([...userColumns, "passwordHash"])
          .where("unclaimedEmail", "=", email.toLowerCase())
          .where("deletedAt", "is", null)
          .where("suspendedAt", "is", null)
          .orderBy("id", "desc")
          .limit(unclaimedLoginCandidates)
          .execute(),
      ).pipe(
        Effect.map((rows) => rows.map((row) => ({ user: toUser(row), passwordHash: row.passwordHash }))),
      ),
    findById: (id) =>
      Effect.promise(() =>
        db.selectFrom("users").select(userColumns).where("id", "=", id).executeTakeFirst(),
      ).pipe(Effect.map((row) => Option.fromNullable(row).pipe(Option.map(toUser)))),
    setRole: (username, role) =>
      Effect.promise(() =>
        db
          .updateTable("users")
          .set({ role })
          .where(sql`lower(username)`, "=", username.toLowerCase())
          .returning(userColumns)
          .executeTakeFirst(),
      ).pipe(Effect.map((row) => Option.fromNullable(row).pipe(Option.map(toUser)))),
  });

const makeSessionStore = (db: Db) =>
  SessionStore.of({
    create: (session) =>
      Effect.promise(() =>
        db
          .insertInto("session")
          .values({
            tokenHash: session.tokenHash,
            userId: session.userId,
            expiresAt: session.expiresAt,
            renewedAt: session.renewedAt,
            userAgent: session.userAgent?.slice(0, 300) ?? null,
          })
          .execute(),
      ).pipe(Effect.asVoid),
    findActive: (tokenHash, now) =>
      Effect.promise(() =>
        db
          .selectFrom("session")
          .innerJoin("users", "users.id", "session.userId")
          .select([
            "session.userId",
            "session.tokenHash",
            "session.expiresAt",
            "session.renewedAt",
            "users.id",
            "users.email",
            "users.username",
            "users.userType",
            "users.verificationStatus",
            "users.role",
            "users.emailVerified",
            "users.createdAt",
            "users.unclaimedEmail",
            "users.timeZone",
          ])
          .where("session.tokenHash", "=", tokenHash)
          .where("session.expiresAt", ">", now)
          // A suspended account has no active session (issue 16), even before its rows are gone.
          .where("users.suspendedAt", "is", null)
          .executeTakeFirst(),
      ).pipe(
        Effect.map((row) =>
          Option.fromNullable(row).pipe(
            Option.map((r) => ({
              session: {
                userId: Number(r.userId) as UserId,
                tokenHash: r.tokenHash,
                expiresAt: new Date(r.expiresAt),
                renewedAt: new Date(r.renewedAt),
              },
              user: toUser(r),
            })),
          ),
        ),
      ),
    renew: (tokenHash, expiresAt, renewedAt) =>
      Effect.promise(() =>
        db.updateTable("session").set({ expiresAt, renewedAt }).where("tokenHash", "=", tokenHash).execute(),
      ).pipe(Effect.asVoid),
    remove: (tokenHash) =>
      Effect.promise(() => db.deleteFrom("session").where("tokenHash", "=", tokenHash).execute()).pipe(
        Effect.asVoid,
      ),
    removeExpired: (now) =>
      Effect.promise(() => db.deleteFrom("session").where("expiresAt", "<=", now).executeTakeFirst()).pipe(
        Effect.map((r) => Number(r.numDeletedRows)),
      ),
  });

export const UserRepositoryPg = ambientLayer(UserRepository, makeUserRepository);
/**
 * The session store, cached per process for 30 s with revocation broadcast over
 * LISTEN/NOTIFY (session-cache.ts, ADR 0015).
 */
export const SessionStorePg = Layer.scoped(
  SessionStore,
  Effect.flatMap(PgDatabase, (db) => cachedSessionStore(db, joinAmbient(makeSessionStore)(db))),
);
