/**
 * Route definitions for the account life cycle (issue 15). Password recovery paths are the
 * spec's (§7); the rest are ours. A bad, used or expired link answers 400 invalid-token.
 */
import { createRoute, z } from "@hono/zod-openapi";
import {
  AccountMessage,
  AccountSessions,
  ChangeEmailRequest,
  ChangePasswordRequest,
  ChangePasswordResult,
  ExportQuery,
  ForgotPasswordRequest,
  NotificationPreferences,
  NotificationPreferencesPatch,
  PasswordConfirmation,
  ResetPasswordRequest,
  ResetTokenQuery,
  ResetTokenValid,
  TimeZoneRequest,
  TokenRequest,
} from "../account.ts";
import { IdParam } from "../common.ts";
import { User } from "../identity.ts";
import { commonProblems, problemResponses } from "../problems.ts";
import { body, json, signedInProblems, signedInWriteProblems, writeProblems } from "./route-helpers.ts";

export const forgotPassword = createRoute({
  method: "post",
  path: "/api/forgot-password",
  operationId: "forgotPassword",
  tags: ["account"],
  summary: "Ask for a password reset link",
  description:
    "Always answers 200 with the same body, in the same time, whether or not the email has an account; a known email receives a single-use link valid for 30 minutes. Rate limited per email and per client address.",
  request: body(ForgotPasswordRequest),
  responses: {
    200: json(AccountMessage, "Accepted"),
    ...problemResponses("rate-limited", ...writeProblems, ...commonProblems),
  },
});

export const verifyResetToken = createRoute({
  method: "get",
  path: "/api/verify-reset-token",
  operationId: "verifyResetToken",
  tags: ["account"],
  summary: "Check a password reset token",
  request: { query: ResetTokenQuery },
  responses: {
    200: json(ResetTokenValid, "The token is valid"),
    ...problemResponses("invalid-token", "not-found", "validation-failed", ...commonProblems),
  },
});

export const resetPassword = createRoute({
  method: "post",
  path: "/api/reset-password",
  operationId: "resetPassword",
  tags: ["account"],
  summary: "Set a new password with a reset token",
  description: "Uses the token once, ends every session of the account and emails a notice.",
  request: body(ResetPasswordRequest),
  responses: {
    200: json(AccountMessage, "Password changed"),
    ...problemResponses("invalid-token", "not-found", "rate-limited", ...writeProblems, ...commonProblems),
  },
});

export const verifyEmail = createRoute({
  method: "post",
  path: "/api/verify-email",
  operationId: "verifyEmail",
  tags: ["account"],
  summary: "Confirm the email address with the link sent at sign-up",
  request: body(TokenRequest),
  responses: {
    200: json(User, "The user, email verified"),
    ...problemResponses("invalid-token", "not-found", ...writeProblems, ...commonProblems),
  },
});

export const resendVerificationEmail = createRoute({
  method: "post",
  path: "/api/email-verification",
  operationId: "resendVerificationEmail",
  tags: ["account"],
  summary: "Send the email verification link again (at most once a minute)",
  responses: {
    202: json(AccountMessage, "Sent"),
    ...signedInProblems("email-already-verified", "rate-limited", "origin-rejected"),
  },
});

export const changeEmail = createRoute({
  method: "post",
  path: "/api/account/email",
  operationId: "changeEmail",
  tags: ["account"],
  summary: "Change the email: a confirmation link goes to the new address",
  description:
    "The same answer whether or not another account uses the new address (no account enumeration); when one does, its owner is told by email instead and nothing changes.",
  request: body(ChangeEmailRequest),
  responses: {
    202: json(AccountMessage, "Confirmation sent to the new address"),
    ...signedInWriteProblems(),
  },
});

export const confirmEmailChange = createRoute({
  method: "post",
  path: "/api/account/email/confirm",
  operationId: "confirmEmailChange",
  tags: ["account"],
  summary: "Confirm the new email with the link sent to it",
  request: body(TokenRequest),
  responses: {
    200: json(User, "The user with the new email"),
    ...problemResponses("invalid-token", "not-found", ...writeProblems, ...commonProblems),
  },
});

export const changePassword = createRoute({
  method: "post",
  path: "/api/account/password",
  operationId: "changePassword",
  tags: ["account"],
  summary: "Change the password (current one required); other sessions end",
  request: body(ChangePasswordRequest),
  responses: {
    200: json(ChangePasswordResult, "Changed"),
    ...signedInWriteProblems(),
  },
});

export const listSessions = createRoute({
  method: "get",
  path: "/api/account/sessions",
  operationId: "listSessions",
  tags: ["account"],
  summary: "The caller's signed-in devices",
  responses: {
    200: json(AccountSessions, "Sessions, newest first"),
    ...signedInProblems(),
  },
});

export const signOutEverywhere = createRoute({
  method: "delete",
  path: "/api/account/sessions",
  operationId: "signOutEverywhere",
  tags: ["account"],
  summary: "Sign out everywhere, this device included",
  responses: {
    204: { description: "Every session ended" },
    ...signedInProblems("origin-rejected"),
  },
});

export const getNotificationPreferences = createRoute({
  method: "get",
  path: "/api/account/notification-preferences",
  operationId: "getNotificationPreferences",
  tags: ["account"],
  summary: "Which notification emails the caller receives",
  responses: {
    200: json(NotificationPreferences, "Preferences"),
    ...signedInProblems(),
  },
});

export const updateNotificationPreferences = createRoute({
  method: "patch",
  path: "/api/account/notification-preferences",
  operationId: "updateNotificationPreferences",
  tags: ["account"],
  summary: "Switch notification emails on or off",
  request: body(NotificationPreferencesPatch),
  responses: {
    200: json(NotificationPreferences, "Preferences"),
    ...signedInWriteProblems(),
  },
});

export const setTimeZone = createRoute({
  method: "put",
  path: "/api/account/time-zone",
  operationId: "setTimeZone",
  tags: ["account"],
  summary: "Change the time zone dates are shown, printed and e-mailed in",
  description:
    "An IANA zone name (Australia/Sydney, Australia/Perth, …); an unknown name answers 422. Answers the user as now stored.",
  request: body(TimeZoneRequest),
  responses: {
    200: json(User, "The user with the new time zone"),
    ...signedInWriteProblems(),
  },
});

export const requestDataExport = createRoute({
  method: "post",
  path: "/api/account/export",
  operationId: "requestDataExport",
  tags: ["account"],
  summary: "Download my data: build a JSON export in the background and email a link",
  responses: {
    202: json(AccountMessage, "Queued"),
    ...signedInProblems("origin-rejected"),
  },
});

export const downloadDataExport = createRoute({
  method: "get",
  path: "/api/account/exports/{id}",
  operationId: "downloadDataExport",
  tags: ["account"],
  summary: "The JSON export (owner only, signed-in, link valid 1 hour)",
  request: { params: IdParam, query: ExportQuery },
  responses: {
    200: json(z.record(z.string(), z.unknown()), "Everything Closr holds about the caller"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const deleteAccount = createRoute({
  method: "post",
  path: "/api/account/delete",
  operationId: "deleteAccount",
  tags: ["account"],
  summary: "Delete my account (password required)",
  description:
    "Erases or anonymises personal data, ends every session and clears the cookie. Invoices and payments are kept (financial records); the counterpart still sees them.",
  request: body(PasswordConfirmation),
  responses: {
    204: { description: "Deleted" },
    ...signedInWriteProblems(),
  },
});
