/**
 * Account use cases (issue 15): password recovery (OWASP Forgot Password cheat sheet), email
 * verification and change, password change, sessions, notification preferences, and the
 * privacy rights to a copy of one's data (APP 12) and to erasure (APP 13).
 * Tokens are ≥ 256 random bits (SessionTokens.generate), stored only as SHA-256 hashes.
 * Emails are best effort: a mail failure is logged and never fails the change.
 */
import { Effect, Option } from "effect";
import { AppUrl } from "../shared/app-url.ts";
import { Clock } from "../shared/clock.ts";
import type { UserId } from "../shared/ids.ts";
import { JobQueue } from "../shared/jobs.ts";
import { type Email, Mailer } from "../shared/mailer.ts";
import { atomically } from "../shared/unit-of-work.ts";
import { accountPolicy, type NotificationPreferences } from "./account-model.ts";
import { AccountRepository } from "./account-ports.ts";
import {
  EmailAlreadyVerified,
  EmailNotVerified,
  InvalidToken,
  VerificationEmailCooldown,
  WrongPassword,
} from "./errors.ts";
import { normalizeEmail, type User } from "./model.ts";
import { PasswordHasher, SessionTokens } from "./ports.ts";

/** Sends an email; a failure is logged, never raised (ADR 0006). */
export const sendBestEffort = (email: Email) =>
  Effect.flatMap(Mailer, (mailer) => mailer.send(email)).pipe(
    Effect.catchAllCause((cause) =>
      Effect.logWarning("email not sent").pipe(Effect.annotateLogs({ subject: email.subject, cause })),
    ),
  );

const newToken = Effect.gen(function* () {
  const tokens = yield* SessionTokens;
  const token = yield* tokens.generate;
  return { token, hash: tokens.hash(token) };
});

const now = Effect.flatMap(Clock, (clock) => clock.now);

const checkPassword = (userId: UserId, password: string, field: string) =>
  Effect.gen(function* () {
    const accounts = yield* AccountRepository;
    const hasher = yield* PasswordHasher;
    const stored = yield* accounts.passwordHashOf(userId);
    if (Option.isNone(stored)) {
      yield* hasher.hash(password);
      return yield* new WrongPassword({ field });
    }
    if (!(yield* hasher.verify(stored.value, password))) return yield* new WrongPassword({ field });
  });

/**
 * POST /api/forgot-password: queues the lookup and answers at once. The request does the same
 * work (one insert) whether or not the email has an account, so neither the answer nor its
 * timing tells them apart; the job does the rest.
 */
export const requestPasswordReset = Effect.fn("account.requestPasswordReset")(function* (email: string) {
  const jobs = yield* JobQueue;
  yield* jobs.enqueue("password-reset-request", { email: normalizeEmail(email) });
}, atomically);

/** The "password-reset-request" job: for a known email, a 30-minute single-use link by email. */
export const runPasswordResetRequest = Effect.fn("account.runPasswordResetRequest")(function* (payload: {
  readonly email: string;
}) {
  const accounts = yield* AccountRepository;
  const found = yield* accounts.findByEmail(normalizeEmail(payload.email));
  if (Option.isNone(found)) return false;
  const user = found.value.user;
  const { token, hash } = yield* newToken;
  const at = yield* now;
  yield* accounts.setResetToken(user.id, hash, new Date(at.getTime() + accountPolicy.resetTokenTtlMs));
  const { origin } = yield* AppUrl;
  yield* sendBestEffort({
    to: user.email,
    subject: "Reset your Closr password",
    text: `Hi ${user.username},\n\nSomeone (hopefully you) asked to reset the password of your Closr account. The link below works once and expires in 30 minutes.\n\nIf you did not ask, ignore this email: your password stays as it is.`,
    action: { label: "Reset your password", url: `${origin}/reset-password?token=${token}` },
  });
  return true;
}, atomically);

/** GET /api/verify-reset-token: succeeds for an unexpired, unused token; else InvalidToken. */
export const verifyResetToken = Effect.fn("account.verifyResetToken")(function* (token: string) {
  const accounts = yield* AccountRepository;
  const tokens = yield* SessionTokens;
  const found = yield* accounts.findResetToken(tokens.hash(token), yield* now);
  if (Option.isNone(found)) return yield* new InvalidToken({ purpose: "reset" });
});

const passwordChangedEmail = (user: User): Email => ({
  to: user.email,
  subject: "Your Closr password was changed",
  text: `Hi ${user.username},\n\nThe password of your Closr account was just changed, and every device was signed out.\n\nIf this was not you, reset your password now and contact support.`,
});

/**
 * POST /api/reset-password: sets the new password when the token is valid (once: the token is
 * cleared in the same statement), ends every session of the user and emails "your password
 * was changed". Fails with InvalidToken for an unknown, used or expired token.
 */
export const resetPassword = Effect.fn("account.resetPassword")(function* (input: {
  readonly token: string;
  readonly password: string;
}) {
  const accounts = yield* AccountRepository;
  const tokens = yield* SessionTokens;
  const hasher = yield* PasswordHasher;
  const tokenHash = tokens.hash(input.token);
  const at = yield* now;
  if (Option.isNone(yield* accounts.findResetToken(tokenHash, at))) {
    return yield* new InvalidToken({ purpose: "reset" });
  }
  const passwordHash = yield* hasher.hash(input.password);
  const updated = yield* accounts.resetPassword(tokenHash, passwordHash, at);
  if (Option.isNone(updated)) return yield* new InvalidToken({ purpose: "reset" });
  yield* accounts.endSessions(updated.value.id);
  yield* sendBestEffort(passwordChangedEmail(updated.value));
  return updated.value;
}, atomically);

/**
 * "Someone tried to use your email" to the owner of `address` (issue 48; OWASP Authentication
 * cheat sheet: answer sign-up and email change the same whether or not the address is taken,
 * and tell the owner by email instead). At most one notice an hour is caused by any one account
 * (`accountPolicy.addressNoticeGapMs`), so resending cannot flood the owner's inbox.
 */
const noticeToOwner = Effect.fn("account.noticeToOwner")(function* (
  requester: User,
  address: string,
  attempt: "sign-up" | "email-change",
) {
  const accounts = yield* AccountRepository;
  const owner = yield* accounts.findByEmail(address);
  if (Option.isNone(owner) || owner.value.user.id === requester.id) return;
  const at = yield* now;
  const allowed = yield* accounts.claimAddressNotice(
    requester.id,
    at,
    new Date(at.getTime() - accountPolicy.addressNoticeGapMs),
  );
  if (!allowed) return;
  const { origin } = yield* AppUrl;
  const what =
    attempt === "sign-up"
      ? "create a Closr account with your email address"
      : "change another Closr account's email to your address";
  yield* sendBestEffort({
    to: owner.value.user.email,
    subject: "Someone tried to use your email on Closr",
    text: `Hi ${owner.value.user.username},

Someone tried to ${what}. Your account already uses it, so nothing was changed and no other account can use this address.

If it was you, log in with your username or email, or reset your password at ${origin}/forgot-password. If it was not you, you can ignore this email.`,
    action: { label: "Log in to Closr", url: `${origin}/auth` },
  });
});

/**
 * Issues a 24-hour email verification link and emails it (at sign-up and on resend). For an
 * account whose address belongs to another account (`User.unclaimedEmail`, issue 48) the same
 * record is kept — so the answer and the resend cooldown are the same — but no link is sent:
 * the address's owner gets the notice instead.
 */
export const sendVerificationEmail = Effect.fn("account.sendVerificationEmail")(function* (user: User) {
  const accounts = yield* AccountRepository;
  const { token, hash } = yield* newToken;
  const at = yield* now;
  yield* accounts.setEmailVerification(
    user.id,
    hash,
    new Date(at.getTime() + accountPolicy.verifyEmailTtlMs),
    at,
  );
  if (user.unclaimedEmail !== undefined) return yield* noticeToOwner(user, user.unclaimedEmail, "sign-up");
  const { origin } = yield* AppUrl;
  yield* sendBestEffort({
    to: user.email,
    subject: "Confirm your email for Closr",
    text: `Welcome to Closr, ${user.username}!\n\nPlease confirm that this is your email address. The link is valid for 24 hours.`,
    action: { label: "Confirm your email", url: `${origin}/verify-email?token=${token}` },
  });
}, atomically);

/** POST /api/email-verification: a new link, at most once a minute; EmailAlreadyVerified when done. */
export const resendVerificationEmail = Effect.fn("account.resendVerificationEmail")(function* (user: User) {
  if (user.emailVerified) return yield* new EmailAlreadyVerified();
  const accounts = yield* AccountRepository;
  const at = yield* now;
  const sentAt = yield* accounts.emailVerificationSentAt(user.id);
  if (Option.isSome(sentAt)) {
    const waited = at.getTime() - sentAt.value.getTime();
    if (waited < accountPolicy.verifyEmailCooldownMs) {
      return yield* new VerificationEmailCooldown({
        retryAfterSeconds: Math.ceil((accountPolicy.verifyEmailCooldownMs - waited) / 1000),
      });
    }
  }
  yield* sendVerificationEmail(user);
}, atomically);

/** POST /api/verify-email: marks the email verified; InvalidToken for a bad link. */
export const verifyEmail = Effect.fn("account.verifyEmail")(function* (token: string) {
  const accounts = yield* AccountRepository;
  const tokens = yield* SessionTokens;
  const user = yield* accounts.verifyEmail(tokens.hash(token), yield* now);
  if (Option.isNone(user)) return yield* new InvalidToken({ purpose: "verify-email" });
  return user.value;
});

/** Fails with EmailNotVerified unless the user confirmed their email (verification requests, payouts). */
export const requireVerifiedEmail = (user: User, action: string) =>
  user.emailVerified ? Effect.void : Effect.fail(new EmailNotVerified({ action }));

/**
 * POST /api/account/email: sends a confirmation link to the new address; the email changes
 * only when that link is used. Needs the current password (WrongPassword on field password).
 * An address another account uses gets the same answer (OWASP Authentication cheat sheet, no
 * account enumeration; issue 48): nothing is stored, and its owner gets a notice instead of a
 * link. The account's own address is accepted and changes nothing.
 */
export const requestEmailChange = Effect.fn("account.requestEmailChange")(function* (
  user: User,
  input: { readonly newEmail: string; readonly password: string },
) {
  const accounts = yield* AccountRepository;
  const email = normalizeEmail(input.newEmail);
  yield* checkPassword(user.id, input.password, "password");
  if (email === user.email) return email;
  if (yield* accounts.emailInUse(email)) {
    yield* noticeToOwner(user, email, "email-change");
    return email;
  }
  const { token, hash } = yield* newToken;
  const at = yield* now;
  yield* accounts.setPendingEmail(
    user.id,
    email,
    hash,
    new Date(at.getTime() + accountPolicy.changeEmailTtlMs),
  );
  const { origin } = yield* AppUrl;
  yield* sendBestEffort({
    to: email,
    subject: "Confirm your new email for Closr",
    text: `Hi ${user.username},\n\nYou asked to use this address for your Closr account. Confirm it within 24 hours; until then your current email stays in use.`,
    action: { label: "Confirm your new email", url: `${origin}/confirm-email?token=${token}` },
  });
  return email;
}, atomically);

/**
 * POST /api/account/email/confirm: the new address replaces the old one (verified); the old one
 * is told. An address that another account has claimed since the link was sent is never
 * attached: InvalidToken, as for any dead link (the unique index decides, so races lose too).
 */
export const confirmEmailChange = Effect.fn("account.confirmEmailChange")(function* (token: string) {
  const accounts = yield* AccountRepository;
  const tokens = yield* SessionTokens;
  const changed = yield* accounts
    .confirmPendingEmail(tokens.hash(token), yield* now)
    .pipe(Effect.catchTag("EmailTaken", () => new InvalidToken({ purpose: "change-email" })));
  if (Option.isNone(changed)) return yield* new InvalidToken({ purpose: "change-email" });
  const { user, previousEmail } = changed.value;
  yield* sendBestEffort({
    to: previousEmail,
    subject: "Your Closr email was changed",
    text: `Hi ${user.username},\n\nYour Closr account now uses ${user.email}. If this was not you, contact support at once.`,
  });
  return user;
}, atomically);

/**
 * POST /api/account/password: needs the current password (WrongPassword on currentPassword);
 * every other session ends; "your password was changed" by email.
 */
export const changePassword = Effect.fn("account.changePassword")(function* (
  user: User,
  input: { readonly currentPassword: string; readonly newPassword: string; readonly currentToken: string },
) {
  const accounts = yield* AccountRepository;
  const hasher = yield* PasswordHasher;
  const tokens = yield* SessionTokens;
  yield* checkPassword(user.id, input.currentPassword, "currentPassword");
  yield* accounts.setPassword(user.id, yield* hasher.hash(input.newPassword));
  const ended = yield* accounts.endSessions(user.id, tokens.hash(input.currentToken));
  yield* sendBestEffort(passwordChangedEmail(user));
  return ended;
}, atomically);

/** GET /api/account/sessions: the user's devices, the caller's own marked `current`. */
export const listSessions = Effect.fn("account.listSessions")(function* (user: User, currentToken: string) {
  const accounts = yield* AccountRepository;
  const tokens = yield* SessionTokens;
  const currentHash = tokens.hash(currentToken);
  const sessions = yield* accounts.listSessions(user.id, yield* now);
  return sessions.map((s) => ({ ...s, current: s.tokenHash === currentHash }));
});

/** DELETE /api/account/sessions: "Sign out everywhere", this device included. */
export const signOutEverywhere = Effect.fn("account.signOutEverywhere")(function* (user: User) {
  const accounts = yield* AccountRepository;
  return yield* accounts.endSessions(user.id);
});

export const getNotificationPreferences = Effect.fn("account.getNotificationPreferences")(function* (
  user: User,
) {
  return yield* (yield* AccountRepository).notificationPreferences(user.id);
});

export const setNotificationPreferences = Effect.fn("account.setNotificationPreferences")(function* (
  user: User,
  preferences: NotificationPreferences,
) {
  return yield* (yield* AccountRepository).setNotificationPreferences(user.id, preferences);
});

/**
 * PUT /api/account/time-zone: the zone every date the user sees, prints or is e-mailed is
 * formatted in (issue 46, ADR 0059). `timeZone` is an IANA name the contract has validated.
 */
export const setTimeZone = Effect.fn("account.setTimeZone")(function* (user: User, timeZone: string) {
  return yield* (yield* AccountRepository).setTimeZone(user.id, timeZone);
});

/** POST /api/account/export: queues "Download my data"; the link arrives by email. */
export const requestDataExport = Effect.fn("account.requestDataExport")(function* (user: User) {
  yield* (yield* JobQueue).enqueue("data-export", { userId: user.id });
}, atomically);

/** The "data-export" job: builds the JSON, stores it for 1 hour, emails a link only the owner can open. */
export const runDataExport = Effect.fn("account.runDataExport")(function* (payload: {
  readonly userId: number;
}) {
  const accounts = yield* AccountRepository;
  const userId = payload.userId as UserId;
  const data = yield* accounts.exportData(userId);
  const { token, hash } = yield* newToken;
  const at = yield* now;
  const id = yield* accounts.saveExport(
    userId,
    hash,
    data,
    new Date(at.getTime() + accountPolicy.exportTtlMs),
  );
  const email = (data as { user?: { email?: string; username?: string } }).user;
  if (!email?.email) return id;
  const { origin } = yield* AppUrl;
  yield* sendBestEffort({
    to: email.email,
    subject: "Your Closr data is ready",
    text: `Hi ${email.username ?? ""},\n\nThe copy of your data you asked for is ready. The link works for 1 hour, and only while you are signed in to Closr.`,
    action: { label: "Download my data", url: `${origin}/api/account/exports/${id}?token=${token}` },
  });
  return id;
}, atomically);

/** GET /api/account/exports/{id}: the export, for its owner, with a valid token; else InvalidToken. */
export const downloadDataExport = Effect.fn("account.downloadDataExport")(function* (
  user: User,
  id: number,
  token: string,
) {
  const accounts = yield* AccountRepository;
  const tokens = yield* SessionTokens;
  const found = yield* accounts.findExport(id, tokens.hash(token), user.id, yield* now);
  if (Option.isNone(found)) return yield* new InvalidToken({ purpose: "export" });
  return found.value.data;
});

/**
 * POST /api/account/delete: after re-authentication (WrongPassword on field password), erases
 * or anonymises the user's personal data and ends every session; invoices and payments stay.
 */
export const deleteAccount = Effect.fn("account.deleteAccount")(function* (
  user: User,
  input: { readonly password: string },
) {
  const accounts = yield* AccountRepository;
  yield* checkPassword(user.id, input.password, "password");
  const email = user.email;
  yield* accounts.anonymise(user.id, yield* now);
  yield* sendBestEffort({
    to: email,
    subject: "Your Closr account was deleted",
    text: `Hi ${user.username},\n\nYour Closr account was deleted and your personal data erased. Invoices and payments are kept as Australian tax law requires.`,
  });
}, atomically);
