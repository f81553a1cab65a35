/**
 * Account ports (issue 15): what password recovery, email verification and change, sessions,
 * notification preferences, deletion and exports need from storage. Token arguments are always
 * SHA-256 hashes; raw tokens never reach storage. Every "consume" is one atomic statement, so a
 * link works once even under concurrent clicks.
 */
import { Context, type Effect, type Option } from "effect";
import type { UserId } from "../shared/ids.ts";
import type { DataExport, NotificationPreferences, SessionInfo } from "./account-model.ts";
import type { EmailTaken } from "./errors.ts";
import type { User } from "./model.ts";

export class AccountRepository extends Context.Tag("identity/AccountRepository")<
  AccountRepository,
  {
    /** The live (not deleted) user with that email, with the password hash. */
    readonly findByEmail: (
      email: string,
    ) => Effect.Effect<Option.Option<{ readonly user: User; readonly passwordHash: string }>>;
    /** The password hash of a live user. */
    readonly passwordHashOf: (userId: UserId) => Effect.Effect<Option.Option<string>>;
    /** Stores a reset token hash and expiry, replacing any earlier one. */
    readonly setResetToken: (userId: UserId, tokenHash: string, expiresAt: Date) => Effect.Effect<void>;
    /** The user whose unexpired reset token has that hash. */
    readonly findResetToken: (tokenHash: string, now: Date) => Effect.Effect<Option.Option<UserId>>;
    /** Clears the token and sets the new password hash in one statement when the token is valid. */
    readonly resetPassword: (
      tokenHash: string,
      passwordHash: string,
      now: Date,
    ) => Effect.Effect<Option.Option<User>>;
    readonly setPassword: (userId: UserId, passwordHash: string) => Effect.Effect<void>;
    /** Stores an email verification token hash, its expiry and when it was sent. */
    readonly setEmailVerification: (
      userId: UserId,
      tokenHash: string,
      expiresAt: Date,
      sentAt: Date,
    ) => Effect.Effect<void>;
    /** When the last verification email was sent, if any. */
    readonly emailVerificationSentAt: (userId: UserId) => Effect.Effect<Option.Option<Date>>;
    /** Marks the email verified and clears the token, when the token is valid. */
    readonly verifyEmail: (tokenHash: string, now: Date) => Effect.Effect<Option.Option<User>>;
    /** Stores a pending new email with its confirmation token. */
    readonly setPendingEmail: (
      userId: UserId,
      email: string,
      tokenHash: string,
      expiresAt: Date,
    ) => Effect.Effect<void>;
    /**
     * Moves the pending email into place (verified, and no longer unclaimed) when the token is
     * valid; EmailTaken when another account holds the address by then (core answers InvalidToken).
     */
    readonly confirmPendingEmail: (
      tokenHash: string,
      now: Date,
    ) => Effect.Effect<Option.Option<{ readonly user: User; readonly previousEmail: string }>, EmailTaken>;
    /**
     * Records that `userId` caused a "someone tried to use your email" notice at `now`, unless it
     * caused one after `notBefore`; true when recorded (send the notice), false otherwise. One
     * atomic statement (users.email_notice_sent_at).
     */
    readonly claimAddressNotice: (userId: UserId, now: Date, notBefore: Date) => Effect.Effect<boolean>;
    /** True when a live account already uses that email. */
    readonly emailInUse: (email: string) => Effect.Effect<boolean>;
    /** The user's unexpired sessions, newest first. */
    readonly listSessions: (userId: UserId, now: Date) => Effect.Effect<readonly SessionInfo[]>;
    /** Ends the user's sessions, except the one with `keepTokenHash`; returns how many ended. */
    readonly endSessions: (userId: UserId, keepTokenHash?: string) => Effect.Effect<number>;
    readonly notificationPreferences: (userId: UserId) => Effect.Effect<NotificationPreferences>;
    /** Stores the user's IANA time zone (already validated); returns the user as now stored. */
    readonly setTimeZone: (userId: UserId, timeZone: string) => Effect.Effect<User>;
    readonly setNotificationPreferences: (
      userId: UserId,
      preferences: NotificationPreferences,
    ) => Effect.Effect<NotificationPreferences>;
    /**
     * Erases or anonymises the user's personal data in one transaction (issue 15, APP 13):
     * login identifiers replaced, password unusable, tokens, sessions, onboarding, payment
     * methods, verification requests and sent messages deleted, profiles stripped of personal
     * fields, open partnerships ended. Invoices and payments stay (financial records).
     */
    readonly anonymise: (userId: UserId, now: Date) => Effect.Effect<void>;
    /** Everything the platform holds about the user, as JSON (APP 12). */
    readonly exportData: (userId: UserId) => Effect.Effect<unknown>;
    readonly saveExport: (
      userId: UserId,
      tokenHash: string,
      data: unknown,
      expiresAt: Date,
    ) => Effect.Effect<number>;
    /** The export with that id and token hash, if unexpired and owned by `userId`. */
    readonly findExport: (
      id: number,
      tokenHash: string,
      userId: UserId,
      now: Date,
    ) => Effect.Effect<Option.Option<DataExport>>;
  }
>() {}
