/**
 * RFC 9457 problem responses, and the single table that maps core's tagged errors to them.
 */
import { type ProblemCode, problemCatalogue, problemType } from "@closr/contracts";
import type { User } from "@closr/core/identity";
import type { Context } from "hono";
import type { AppEnv } from "./env.ts";

export interface FieldError {
  readonly field: string;
  readonly message: string;
}

/** The problem+json body for a code. */
export function problemBody(
  code: ProblemCode,
  options: {
    detail?: string | undefined;
    errors?: readonly FieldError[] | undefined;
    instance?: string | undefined;
  } = {},
) {
  const { status, title } = problemCatalogue[code];
  return {
    type: problemType(code),
    title,
    status,
    ...(options.detail ? { detail: options.detail } : {}),
    ...(options.instance ? { instance: options.instance } : {}),
    ...(options.errors ? { errors: [...options.errors] } : {}),
  };
}

/** Sends a problem from a handler, keeping headers already set on the context (request id, cookies). */
export const problem = (c: Context, code: ProblemCode, options: Parameters<typeof problemBody>[1] = {}) => {
  const body = problemBody(code, { ...options, instance: options.instance ?? c.req.path });
  // biome-ignore lint/suspicious/noExplicitAny: the catalogue's statuses are valid HTTP statuses
  return c.body(JSON.stringify(body), body.status as any, { "content-type": "application/problem+json" });
};

/** Core's tagged errors → problem code, detail and the field at fault. One row per error. */
export const errorTable: Record<
  string,
  (e: Record<string, unknown>) => { code: ProblemCode; detail: string; field?: string }
> = {
  EmailTaken: () => ({
    code: "email-taken",
    detail: "An account with this email already exists.",
    field: "email",
  }),
  UsernameTaken: () => ({
    code: "username-taken",
    detail: "This username is already taken.",
    field: "username",
  }),
  InvalidCredentials: () => ({ code: "invalid-credentials", detail: "Invalid username or password." }),
  Unauthenticated: () => ({ code: "unauthenticated", detail: "Please log in." }),
  UserNotFound: () => ({ code: "not-found", detail: "No such user." }),
  // Account (issue 15). Spec §8 words the reset-link message.
  InvalidToken: (e) =>
    e.purpose === "export"
      ? {
          code: "not-found",
          detail: "This download link is invalid or has expired. Please request a new export.",
        }
      : {
          code: "invalid-token",
          detail:
            e.purpose === "reset"
              ? "Invalid or expired token. Please request a new password reset link."
              : "This link is invalid or has expired. Please request a new one.",
        },
  WrongPassword: (e) => ({
    code: "validation-failed",
    detail:
      e.field === "currentPassword" ? "Your current password is incorrect" : "Your password is incorrect",
    field: String(e.field),
  }),
  VerificationEmailCooldown: (e) => ({
    code: "rate-limited",
    detail: `We just sent you a verification email. Please wait ${e.retryAfterSeconds} seconds before asking again.`,
  }),
  EmailAlreadyVerified: () => ({ code: "email-already-verified", detail: "Your email is already verified." }),
  EmailNotVerified: (e) => ({
    code: "email-not-verified",
    detail: `Please verify your email address before you ${e.action}. Check your inbox for the link, or send a new one from the banner.`,
  }),
  OnboardingNotFound: () => ({ code: "not-found", detail: "No onboarding yet." }),
  InvalidOnboardingStep: (e) => ({
    code: "validation-failed",
    detail: `step must be between 0 and ${Number(e.totalSteps) - 1}`,
    field: "step",
  }),
  ProfileAlreadyExists: (e) => ({
    code: "profile-exists",
    detail: `You already have ${e.kind === "agent" ? "an agent" : "a business"} profile.`,
  }),
  ProfileNotFound: (e) => ({ code: "not-found", detail: `No ${e.kind} profile found.` }),
  WrongAccountType: (e) => ({
    code: "wrong-account-type",
    detail: `Only ${e.required} accounts can ${e.action}.`,
  }),
  InvalidSkills: (e) => ({ code: "validation-failed", detail: String(e.message), field: "skills" }),
  // Invoices and payments (issue 5).
  InvoiceNotFound: () => ({ code: "not-found", detail: "Invoice not found" }),
  InvalidInvoice: (e) => ({ code: "validation-failed", detail: String(e.message), field: String(e.field) }),
  InvoiceAlreadyPaid: () => ({ code: "invoice-paid", detail: "This invoice has already been paid." }),
  PaymentInProgress: () => ({
    code: "payment-in-progress",
    detail: "A payment for this invoice is being processed. Please wait for it to finish.",
  }),
  PaymentMethodNotFound: () => ({ code: "not-found", detail: "Payment method not found." }),
  PaymentIntentNotFound: () => ({ code: "not-found", detail: "Payment not found." }),
  PaymentIntentUnexpectedState: (e) => ({ code: "payment-intent-state", detail: String(e.message) }),
  InvalidWebhook: (e) => ({ code: "invalid-webhook", detail: String(e.message) }),
  PaymentGatewayUnavailable: () => ({
    code: "service-unavailable",
    detail: "The payment service is unavailable. Please try again.",
  }),
  InvalidMessageContent: (e) => ({ code: "validation-failed", detail: String(e.message), field: "content" }),
  CannotMessageSelf: () => ({
    code: "validation-failed",
    detail: "You cannot send a message to yourself.",
    field: "receiverId",
  }),
  MessageUserNotFound: (e) => ({ code: "not-found", detail: "No such user.", field: String(e.field) }),
  // Partnerships (issue 4). Spec §8 words the missing-profile messages.
  OwnProfileRequired: (e) => ({
    code: "profile-required",
    detail: `You need to create ${e.kind === "agent" ? "an agent" : "a business"} profile first`,
  }),
  CounterpartNotFound: (e) => ({ code: "not-found", detail: `No such ${e.kind} profile.` }),
  InvalidConnectionRequest: (e) => ({
    code: "validation-failed",
    detail: String(e.message),
    field: String(e.field),
  }),
  PartnershipNotFound: () => ({ code: "not-found", detail: "No such partnership." }),
  PartnershipAlreadyExists: (e) => ({
    code: "partnership-exists",
    detail:
      e.status === "active"
        ? "You are already partners."
        : "A connection request between you is already pending.",
  }),
  PartnershipTransitionNotAllowed: (e) => ({ code: "partnership-transition", detail: String(e.reason) }),
  PartnershipLimitReached: (e) => ({
    code: "plan-limit-reached",
    detail: e.own
      ? `Your plan allows ${e.limit} active partnerships. Upgrade at /pricing to add more.`
      : `This ${e.party} has reached their plan's limit of ${e.limit} active partnerships.`,
  }),
};

/** The problem Response for a tagged error; undefined when the table has no row for it. */
export function problemForError(c: Context, error: { _tag: string }): Response | undefined {
  const row = errorTable[error._tag];
  if (!row) return undefined;
  const { code, detail, field } = row(error as unknown as Record<string, unknown>);
  return problem(c, code, { detail, errors: field ? [{ field, message: detail }] : undefined });
}

/** The session's user, or a 401 problem Response to return as is ("Please log in."). */
export const signedIn = (c: Context<AppEnv>): User | Response =>
  c.get("user") ?? problem(c, "unauthenticated", { detail: "Please log in." });
