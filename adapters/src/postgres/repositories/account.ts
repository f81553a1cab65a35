/**
 * AccountRepository on PostgreSQL (issue 15): reset, verification and email-change tokens (hashes
 * only, consumed by one UPDATE … RETURNING so a link works once), sessions, notification
 * preferences, the personal-data export and the anonymising delete.
 */
import { AccountRepository, EmailTaken, type NotificationPreferences } from "@closr/core/identity";
import type { UserId } from "@closr/core/shared";
import { Effect, Option } from "effect";
import { sql } from "kysely";
import type { Db } from "../database.ts";
import { uniqueViolation } from "../errors.ts";
import { ambientLayer, transact } from "../transaction-scope.ts";
import { credentialsOf, toUser, userColumns } from "./identity.ts";
import { revokeCachedSessions } from "./session-cache.ts";

/** jsonb as an object: postgres.js may hand it back as text, PGlite as an object. */
const asPreferences = (value: unknown): NotificationPreferences => {
  const parsed = typeof value === "string" ? JSON.parse(value) : value;
  return typeof parsed === "object" && parsed !== null ? (parsed as NotificationPreferences) : {};
};

const run = <A>(f: () => Promise<A>) => Effect.promise(f);
const optionalUser = Effect.map((row: Parameters<typeof toUser>[0] | undefined) =>
  Option.fromNullable(row).pipe(Option.map(toUser)),
);

/** The user's rows in every table, as plain JSON (money in cents and AUD dollars). */
export async function exportPersonalData(db: Db, userId: number) {
  const user = await db
    .selectFrom("users")
    .select([...userColumns, "planId", "notificationPreferences", "pendingEmail"])
    .where("id", "=", userId)
    .executeTakeFirst();
  const businessProfile = await db
    .selectFrom("businessProfiles")
    .select([
      "id",
      "companyName",
      "industry",
      "size",
      "description",
      "location",
      "logo",
      "website",
      "contactEmail",
      "contactPhone",
      "createdAt",
      "updatedAt",
    ])
    .where("userId", "=", userId)
    .executeTakeFirst();
  const agentProfile = await db
    .selectFrom("agentProfiles")
    .select([
      "id",
      "fullName",
      "specialization",
      "yearsOfExperience",
      "bio",
      "location",
      "photo",
      "linkedinProfile",
      "minimumCommissionRate",
      "skills",
      "createdAt",
      "updatedAt",
    ])
    .where("userId", "=", userId)
    .executeTakeFirst();
  const side = businessProfile
    ? ({ column: "businessId", id: businessProfile.id } as const)
    : agentProfile
      ? ({ column: "agentId", id: agentProfile.id } as const)
      : undefined;
  const partnerships = side
    ? await db.selectFrom("partnerships").selectAll().where(side.column, "=", side.id).orderBy("id").execute()
    : [];
  const invoices = side
    ? await db.selectFrom("invoices").selectAll().where(side.column, "=", side.id).orderBy("id").execute()
    : [];
  const payments = side
    ? await db.selectFrom("payments").selectAll().where(side.column, "=", side.id).orderBy("id").execute()
    : [];
  const paymentMethods = await db
    .selectFrom("paymentMethods")
    .select(["id", "type", "name", "lastFour", "expiryMonth", "expiryYear", "isDefault", "createdAt"])
    .where("userId", "=", userId)
    .execute();
  const messages = await db
    .selectFrom("messages")
    .selectAll()
    .where((eb) => eb.or([eb("senderId", "=", userId), eb("receiverId", "=", userId)]))
    .orderBy("id")
    .execute();
  const reviews = await db
    .selectFrom("reviews")
    .selectAll()
    .where((eb) => eb.or([eb("reviewerId", "=", userId), eb("revieweeId", "=", userId)]))
    .execute();
  const onboarding = await db
    .selectFrom("onboarding")
    .selectAll()
    .where("userId", "=", userId)
    .executeTakeFirst();
  const verificationRequests = await db
    .selectFrom("verificationRequests")
    .select([
      "id",
      "userType",
      "status",
      "documents",
      "additionalInfo",
      "adminNotes",
      "submittedAt",
      "reviewedAt",
    ])
    .where("userId", "=", userId)
    .execute();
  const sessions = await db
    .selectFrom("session")
    .select(["createdAt", "expiresAt", "userAgent"])
    .where("userId", "=", userId)
    .execute();
  const money = <R extends { amountCents: string | number }>(row: R) => ({
    ...row,
    amountCents: Number(row.amountCents),
    amount: Number(row.amountCents) / 100,
  });
  return JSON.parse(
    JSON.stringify({
      exportedAt: new Date().toISOString(),
      user: user ?? null,
      businessProfile: businessProfile ?? null,
      agentProfile: agentProfile ?? null,
      partnerships,
      invoices: invoices.map(money),
      payments: payments.map((p) => ({ ...money(p), processingFeeCents: Number(p.processingFeeCents) })),
      paymentMethods,
      messages,
      reviews,
      onboarding: onboarding ?? null,
      verificationRequests,
      sessions,
    }),
  ) as unknown;
}

/** Erases or anonymises one user's personal data in one transaction (see AccountRepository.anonymise). */
export async function anonymiseUser(db: Db, userId: number, now: Date) {
  await transact(db, async (trx) => {
    await trx
      .updateTable("users")
      .set({
        email: `deleted-${userId}@deleted.closr.invalid`,
        username: `deleted-${userId}`,
        // Not an argon2 hash: no password can ever match it.
        passwordHash: "!deleted",
        resetTokenHash: null,
        resetTokenExpiry: null,
        emailVerificationTokenHash: null,
        emailVerificationExpiry: null,
        pendingEmail: null,
        pendingEmailTokenHash: null,
        pendingEmailExpiry: null,
        unclaimedEmail: null,
        notificationPreferences: sql`'{}'::jsonb`,
        stripeCustomerId: null,
        deletedAt: now,
      })
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("session").where("userId", "=", userId).execute();
    await trx.deleteFrom("onboarding").where("userId", "=", userId).execute();
    await trx.deleteFrom("dataExports").where("userId", "=", userId).execute();
    await trx.deleteFrom("verificationRequests").where("userId", "=", userId).execute();
    await trx.deleteFrom("paymentMethods").where("userId", "=", userId).execute();
    await trx.deleteFrom("messages").where("senderId", "=", userId).execute();
    await trx.deleteFrom("reviews").where("reviewerId", "=", userId).execute();
    const business = await trx
      .updateTable("businessProfiles")
      .set({ description: null, logo: null, website: null, contactEmail: null, contactPhone: null })
      .where("userId", "=", userId)
      .returning("id")
      .executeTakeFirst();
    const agent = await trx
      .updateTable("agentProfiles")
      .set({
        fullName: "Deleted user",
        bio: null,
        photo: null,
        linkedinProfile: null,
        skills: [],
      })
      .where("userId", "=", userId)
      .returning("id")
      .executeTakeFirst();
    const side = business
      ? ({ column: "businessId", id: business.id } as const)
      : agent
        ? ({ column: "agentId", id: agent.id } as const)
        : undefined;
    if (side) {
      await trx
        .updateTable("partnerships")
        .set({ status: "terminated", endDate: now, updatedAt: now })
        .where(side.column, "=", side.id)
        .where("status", "=", "active")
        .execute();
      await trx
        .updateTable("partnerships")
        .set({ status: "rejected", updatedAt: now })
        .where(side.column, "=", side.id)
        .where("status", "=", "pending")
        .execute();
    }
  });
}

const makeAccountRepository = (db: Db) =>
  AccountRepository.of({
    findByEmail: (email) =>
      run(() =>
        db
          .selectFrom("users")
          .select([...userColumns, "passwordHash"])
          .where("email", "=", email)
          .where("deletedAt", "is", null)
          .executeTakeFirst(),
      ).pipe(Effect.map(credentialsOf)),
    passwordHashOf: (userId) =>
      run(() =>
        db
          .selectFrom("users")
          .select("passwordHash")
          .where("id", "=", userId)
          .where("deletedAt", "is", null)
          .executeTakeFirst(),
      ).pipe(Effect.map((row) => Option.fromNullable(row?.passwordHash))),
    setResetToken: (userId, tokenHash, expiresAt) =>
      run(() =>
        db
          .updateTable("users")
          .set({ resetTokenHash: tokenHash, resetTokenExpiry: expiresAt })
          .where("id", "=", userId)
          .execute(),
      ).pipe(Effect.asVoid),
    findResetToken: (tokenHash, now) =>
      run(() =>
        db
          .selectFrom("users")
          .select("id")
          .where("resetTokenHash", "=", tokenHash)
          .where("resetTokenExpiry", ">", now)
          .where("deletedAt", "is", null)
          .executeTakeFirst(),
      ).pipe(Effect.map((row) => Option.fromNullable(row).pipe(Option.map((r) => Number(r.id) as UserId)))),
    resetPassword: (tokenHash, passwordHash, now) =>
      run(() =>
        db
          .updateTable("users")
          .set({ passwordHash, resetTokenHash: null, resetTokenExpiry: null })
          .where("resetTokenHash", "=", tokenHash)
          .where("resetTokenExpiry", ">", now)
          .where("deletedAt", "is", null)
          .returning(userColumns)
          .executeTakeFirst(),
      ).pipe(optionalUser),
    setPassword: (userId, passwordHash) =>
      run(() =>
        db
          .updateTable("users")
          .set({ passwordHash, resetTokenHash: null, resetTokenExpiry: null })
          .where("id", "=", userId)
          .execute(),
      ).pipe(Effect.asVoid),
    setEmailVerification: (userId, tokenHash, expiresAt, sentAt) =>
      run(() =>
        db
          .updateTable("users")
          .set({
            emailVerificationTokenHash: tokenHash,
            emailVerificationExpiry: expiresAt,
            emailVerificationSentAt: sentAt,
          })
          .where("id", "=", userId)
          .execute(),
      ).pipe(Effect.asVoid),
    emailVerificationSentAt: (userId) =>
      run(() =>
        db.selectFrom("users").select("emailVerificationSentAt").where("id", "=", userId).executeTakeFirst(),
      ).pipe(
        Effect.map((row) =>
          Option.fromNullable(row?.emailVerificationSentAt).pipe(Option.map((d) => new Date(d))),
        ),
      ),
    verifyEmail: (tokenHash, now) =>
      run(() =>
        db
          .updateTable("users")
          .set({ emailVerified: true, emailVerificationTokenHash: null, emailVerificationExpiry: null })
          .where("emailVerificationTokenHash", "=", tokenHash)
          .where("emailVerificationExpiry", ">", now)
          // An unclaimed address (issue 48) is never confirmed, whatever token is shown.
          .where("unclaimedEmail", "is", null)
          .where("deletedAt", "is", null)
          .returning(userColumns)
          .executeTakeFirst(),
      ).pipe(
        optionalUser,
        // The guarded actions (verification, payouts) read emailVerified from the session's user:
        // drop the cached one now rather than after the NOTIFY round trip.
        Effect.tap((user) => Effect.sync(() => Option.map(user, (u) => revokeCachedSessions(u.id)))),
      ),
    setPendingEmail: (userId, email, tokenHash, expiresAt) =>
      run(() =>
        db
          .updateTable("users")
          .set({ pendingEmail: email, pendingEmailTokenHash: tokenHash, pendingEmailExpiry: expiresAt })
          .where("id", "=", userId)
          .execute(),
      ).pipe(Effect.asVoid),
    confirmPendingEmail: (tokenHash, now) =>
      Effect.tryPromise({
        try: () =>
          transact(db, async (trx) => {
            const before = await trx
              .selectFrom("users")
              .select(["id", "email", "pendingEmail"])
              .where("pendingEmailTokenHash", "=", tokenHash)
              .where("pendingEmailExpiry", ">", now)
              .where("deletedAt", "is", null)
              .forUpdate()
              .executeTakeFirst();
            if (!before?.pendingEmail) return undefined;
            const row = await trx
              .updateTable("users")
              .set({
                email: before.pendingEmail,
                emailVerified: true,
                unclaimedEmail: null,
                pendingEmail: null,
                pendingEmailTokenHash: null,
                pendingEmailExpiry: null,
              })
              .where("id", "=", before.id)
              .returning(userColumns)
              .executeTakeFirstOrThrow();
            return { user: toUser(row), previousEmail: before.email };
          }),
        catch: (error) => error,
      }).pipe(
        Effect.map(Option.fromNullable),
        Effect.catchAll((error) =>
          uniqueViolation(error) === "users_email_key"
            ? Effect.fail(new EmailTaken({ email: "" }))
            : Effect.die(error),
        ),
      ),
    claimAddressNotice: (userId, now, notBefore) =>
      run(() =>
        db
          .updateTable("users")
          .set({ emailNoticeSentAt: now })
          .where("id", "=", userId)
          .where((eb) =>
            eb.or([eb("emailNoticeSentAt", "is", null), eb("emailNoticeSentAt", "<=", notBefore)]),
          )
          .returning("id")
          .executeTakeFirst(),
      ).pipe(Effect.map((row) => row !== undefined)),
    emailInUse: (email) =>
      run(() => db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).pipe(
        Effect.map((row) => row !== undefined),
      ),
    listSessions: (userId, now) =>
      run(() =>
        db
          .selectFrom("session")
          .select(["id", "createdAt", "expiresAt", "userAgent", "tokenHash"])
          .where("userId", "=", userId)
          .where("expiresAt", ">", now)
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .execute(),
      ).pipe(
        Effect.map((rows) =>
          rows.map((r) => ({
            id: Number(r.id),
            createdAt: new Date(r.createdAt),
            expiresAt: new Date(r.expiresAt),
            userAgent: r.userAgent,
            tokenHash: r.tokenHash,
          })),
        ),
      ),
    endSessions: (userId, keepTokenHash) =>
      run(() => {
        let q = db.deleteFrom("session").where("userId", "=", userId);
        if (keepTokenHash) q = q.where("tokenHash", "<>", keepTokenHash);
        return q.executeTakeFirst();
      }).pipe(
        Effect.tap(() => Effect.sync(() => revokeCachedSessions(userId))),
        Effect.map((r) => Number(r.numDeletedRows)),
      ),
    notificationPreferences: (userId) =>
      run(() =>
        db.selectFrom("users").select("notificationPreferences").where("id", "=", userId).executeTakeFirst(),
      ).pipe(Effect.map((row) => asPreferences(row?.notificationPreferences))),
    setNotificationPreferences: (userId, preferences) =>
      run(() =>
        db
          .updateTable("users")
          .set({
            notificationPreferences: sql`notification_preferences || ${JSON.stringify(preferences)}::text::jsonb`,
          })
          .where("id", "=", userId)
          .returning("notificationPreferences")
          .executeTakeFirstOrThrow(),
      ).pipe(Effect.map((row) => asPreferences(row.notificationPreferences))),
    setTimeZone: (userId, timeZone) =>
      run(() =>
        db
          .updateTable("users")
          .set({ timeZone })
          .where("id", "=", userId)
          .returning(userColumns)
          .executeTakeFirstOrThrow(),
      ).pipe(
        Effect.map(toUser),
        // The cached session holds the user: the next request reads the new zone.
        Effect.tap(() => Effect.sync(() => revokeCachedSessions(userId))),
      ),
    anonymise: (userId, now) =>
      run(() => anonymiseUser(db, userId, now)).pipe(
        Effect.tap(() => Effect.sync(() => revokeCachedSessions(userId))),
      ),
    exportData: (userId) => run(() => exportPersonalData(db, userId)),
    saveExport: (userId, tokenHash, data, expiresAt) =>
      run(() =>
        db
          .insertInto("dataExports")
          .values({
            userId,
            tokenHash,
            data: sql<string>`cast(${JSON.stringify(data)}::text as jsonb)`,
            expiresAt,
          })
          .returning("id")
          .executeTakeFirstOrThrow(),
      ).pipe(Effect.map((r) => Number(r.id))),
    findExport: (id, tokenHash, userId, now) =>
      run(() =>
        db
          .selectFrom("dataExports")
          .select(["id", "userId", "data", "expiresAt"])
          .where("id", "=", id)
          .where("tokenHash", "=", tokenHash)
          .where("userId", "=", userId)
          .where("expiresAt", ">", now)
          .executeTakeFirst(),
      ).pipe(
        Effect.map((row) =>
          Option.fromNullable(row).pipe(
            Option.map((r) => ({
              id: Number(r.id),
              userId: Number(r.userId) as UserId,
              data: typeof r.data === "string" ? JSON.parse(r.data) : r.data,
              expiresAt: new Date(r.expiresAt),
            })),
          ),
        ),
      ),
  });

export const AccountRepositoryPg = ambientLayer(AccountRepository, makeAccountRepository);
