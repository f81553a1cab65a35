/**
 * Account life-cycle rules (issue 15): token lifetimes, cooldowns and shapes for password
 * recovery (OWASP Forgot Password cheat sheet), email verification and change, sessions list,
 * notification preferences and personal-data exports.
 */

import type { UserId } from "../shared/ids.ts";
import type { NotificationKind } from "../shared/mailer.ts";

export const accountPolicy = {
  /** A password reset link is valid for 30 minutes and works once. */
  resetTokenTtlMs: 30 * 60 * 1000,
  /** An email verification link is valid for 24 hours. */
  verifyEmailTtlMs: 24 * 60 * 60 * 1000,
  /** A new verification email at most once a minute. */
  verifyEmailCooldownMs: 60 * 1000,
  /** A confirm-your-new-email link is valid for 24 hours. */
  changeEmailTtlMs: 24 * 60 * 60 * 1000,
  /** At most one "someone tried to use your email" notice an hour caused by one account (issue 48). */
  addressNoticeGapMs: 60 * 60 * 1000,
  /** A "Download my data" link is valid for 1 hour. */
  exportTtlMs: 60 * 60 * 1000,
} as const;

/** One signed-in device as listed in Settings → Security. */
export interface SessionInfo {
  readonly id: number;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly userAgent: string | null;
  /** The SHA-256 of the session token; compared with the caller's to mark "this device". */
  readonly tokenHash: string;
}

/** Per-kind switches; a kind missing from the map is on. */
export type NotificationPreferences = Readonly<Partial<Record<NotificationKind, boolean>>>;

/** The stored copy of a personal-data export. */
export interface DataExport {
  readonly id: number;
  readonly userId: UserId;
  readonly data: unknown;
  readonly expiresAt: Date;
}
