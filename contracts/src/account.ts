/**
 * Account schemas (issue 15): password recovery (spec §2.4, §5, §7, §8), email verification and
 * change, password change, sessions, notification preferences, privacy rights, onboarding (§3).
 */
import { z } from "@hono/zod-openapi";
import { passwordRules, TimeZone } from "./identity.ts";

const text = (label: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
  });

const newPassword = (label: string) =>
  text(label)
    .min(passwordRules.min, { error: "Password must be at least 8 characters" })
    .max(passwordRules.max, { error: "Password must be at most 128 characters" });

const token = text("Token").min(1, { error: "Token is required" }).max(200, { error: "Token is too long" });

const email = text("Email")
  .trim()
  .max(254, { error: "Please enter a valid email" })
  .pipe(z.email({ error: "Please enter a valid email" }));

export const ForgotPasswordRequest = z.strictObject({ email }).openapi("ForgotPasswordRequest");

export const AccountMessage = z
  .object({ message: z.string() })
  .openapi("AccountMessage", { description: "A human-readable confirmation." });

export const ResetTokenQuery = z.object({
  token: token.openapi({ param: { name: "token", in: "query" } }),
});

export const ResetTokenValid = z.object({ valid: z.literal(true) }).openapi("ResetTokenValid");

export const ResetPasswordRequest = z
  .strictObject({ token, password: newPassword("Password") })
  .openapi("ResetPasswordRequest");

export const TokenRequest = z.strictObject({ token }).openapi("TokenRequest");

export const ChangeEmailRequest = z
  .strictObject({
    newEmail: email,
    password: text("Password").min(1, { error: "Password is required" }).max(passwordRules.max),
  })
  .openapi("ChangeEmailRequest");

export const ChangePasswordRequest = z
  .strictObject({
    currentPassword: text("Current password")
      .min(1, { error: "Current password is required" })
      .max(passwordRules.max),
    newPassword: newPassword("New password"),
  })
  .openapi("ChangePasswordRequest");

export const ChangePasswordResult = z
  .object({ endedSessions: z.number().int().openapi({ description: "Other sessions that were signed out" }) })
  .openapi("ChangePasswordResult");

export const AccountSession = z
  .object({
    id: z.number().int(),
    createdAt: z.string().openapi({ format: "date-time" }),
    expiresAt: z.string().openapi({ format: "date-time" }),
    userAgent: z.string().nullable(),
    current: z.boolean().openapi({ description: "The session of this request" }),
  })
  .openapi("AccountSession");

export const AccountSessions = z.object({ items: z.array(AccountSession) }).openapi("AccountSessions");

export const NotificationPreferences = z
  .object({
    connectionRequests: z.boolean(),
    acceptances: z.boolean(),
    invoices: z.boolean(),
    payments: z.boolean(),
    messagesDigest: z.boolean(),
  })
  .openapi("NotificationPreferences", { description: "true = send this kind of email (default)." });

export const NotificationPreferencesPatch = NotificationPreferences.partial()
  .strict()
  .openapi("NotificationPreferencesPatch");

export const TimeZoneRequest = z.strictObject({ timeZone: TimeZone }).openapi("TimeZoneRequest", {
  description: "The zone dates are shown, printed and e-mailed in (ADR 0059).",
});

export const PasswordConfirmation = z
  .strictObject({
    password: text("Password").min(1, { error: "Password is required" }).max(passwordRules.max),
  })
  .openapi("PasswordConfirmation");

export const ExportQuery = z.object({
  token: token.openapi({ param: { name: "token", in: "query" } }),
});

export const OnboardingStatus = z
  .enum(["not_started", "in_progress", "completed"])
  .openapi("OnboardingStatus");

export const Onboarding = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    status: OnboardingStatus,
    currentStep: z.number().int(),
    totalSteps: z.number().int(),
    completedSteps: z.array(z.number().int()),
    lastUpdated: z.string().openapi({ format: "date-time" }),
    completedAt: z.string().nullable().openapi({ format: "date-time" }),
    metadata: z.record(z.string(), z.unknown()),
  })
  .openapi("Onboarding", { description: "Spec §3 onboarding." });

export const CreateOnboardingRequest = z
  .strictObject({
    totalSteps: z
      .number({ error: "totalSteps must be a number" })
      .int({ error: "totalSteps must be a whole number" })
      .min(1, { error: "totalSteps must be at least 1" })
      .max(20, { error: "totalSteps must be at most 20" }),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi("CreateOnboardingRequest");

export const OnboardingProgressRequest = z
  .strictObject({
    step: z
      .number({ error: "step must be a number" })
      .int({ error: "step must be a whole number" })
      .min(0, { error: "step must be 0 or more" }),
    completed: z.boolean({ error: "completed must be true or false" }),
  })
  .openapi("OnboardingProgressRequest");

export const CompleteOnboardingRequest = z
  .strictObject({
    dismissed: z.boolean().optional().openapi({ description: "true when closed without finishing" }),
    totalSteps: z.number().int().min(1).max(20).optional(),
  })
  .openapi("CompleteOnboardingRequest");
