/**
 * Identity model: users and sessions. Fields: spec §3 (users) plus `role`
 * (docs/architecture.md: admin pages need the admin role, not merely a verified account).
 */
import { defaultTimeZone } from "@closr/format";
import { Schema } from "effect";
import { UserId } from "../shared/ids.ts";

export const UserType = Schema.Literal("business", "agent");
export type UserType = typeof UserType.Type;

export const VerificationStatus = Schema.Literal("unverified", "pending", "verified");
export type VerificationStatus = typeof VerificationStatus.Type;

export const UserRole = Schema.Literal("member", "admin");
export type UserRole = typeof UserRole.Type;

export class User extends Schema.Class<User>("User")({
  id: UserId,
  email: Schema.String,
  username: Schema.String,
  userType: UserType,
  verificationStatus: VerificationStatus,
  role: UserRole,
  emailVerified: Schema.Boolean,
  createdAt: Schema.DateFromSelf,
  /**
   * The address this account asked for at sign-up that already belonged to another account
   * (issue 48: sign-up answers the same either way, OWASP Authentication cheat sheet). Shown to
   * the account itself as its email; never confirmed, never mailed: `email` is then a
   * placeholder under the reserved `.invalid` TLD that no mail reaches.
   */
  unclaimedEmail: Schema.optional(Schema.String),
  /** IANA zone every date shown, printed or e-mailed to the user is formatted in (ADR 0059). */
  timeZone: Schema.optionalWith(Schema.String, { default: () => defaultTimeZone }),
}) {}

/** The email an account shows its own user: the unclaimed address it asked for, else its email. */
export const shownEmail = (user: User): string => user.unclaimedEmail ?? user.email;

/** A user together with their stored password hash; never leaves the identity context. */
export interface UserCredentials {
  readonly user: User;
  readonly passwordHash: string;
}

/** What registration stores (the hash, never the password). */
export interface NewUser {
  readonly email: string;
  readonly username: string;
  readonly passwordHash: string;
  readonly userType: UserType;
  /** IANA zone from the browser at sign-up (validated by the contract); absent: Australia/Sydney. */
  readonly timeZone?: string | undefined;
}

/** A session as stored: only the SHA-256 hash of its token is kept. */
export interface Session {
  readonly userId: UserId;
  readonly tokenHash: string;
  readonly expiresAt: Date;
  readonly renewedAt: Date;
  /** The browser's User-Agent at sign-in (Settings → Security lists it). */
  readonly userAgent?: string | null | undefined;
}

/** Session policy: idle lifetime and how often the expiry slides forward (ms). */
export const sessionPolicy = {
  /** A session unused for this long expires: 7 days. */
  idleTimeoutMs: 7 * 24 * 60 * 60 * 1000,
  /** The expiry is pushed forward at most once per hour of use, to spare writes. */
  renewAfterMs: 60 * 60 * 1000,
} as const;

/** Emails compare case-insensitively; stored lower-cased and trimmed. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Usernames keep their case for display but are unique case-insensitively. */
export const normalizeUsername = (username: string): string => username.trim();
