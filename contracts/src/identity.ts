/**
 * Identity schemas: users, registration and login payloads.
 * Field names and messages: spec §3 (users), §5 (registration, login). Registration email
 * format and password length are "not shown" in the spec; we require a valid email and the
 * reset rule's 8-character minimum, with a 128-character maximum against hashing abuse.
 */
import { isTimeZone } from "@closr/format";
import { z } from "@hono/zod-openapi";

export const UserType = z.enum(["business", "agent"]).openapi("UserType");
export const VerificationStatus = z.enum(["unverified", "pending", "verified"]).openapi("VerificationStatus");
export const UserRole = z.enum(["member", "admin"]).openapi("UserRole", {
  description: "admin may edit public content and review verification requests (docs/architecture.md).",
});

/** An IANA time zone name the server knows ("Australia/Perth"; ADR 0059). */
export const TimeZone = z
  .string({ error: "Time zone must be text" })
  .refine(isTimeZone, { error: "Time zone must be an IANA time zone, such as Australia/Sydney" })
  .openapi("TimeZone", {
    description:
      "IANA time zone in which every date shown, printed or e-mailed to the user is formatted (default Australia/Sydney).",
    example: "Australia/Sydney",
  });

export const User = z
  .object({
    id: z.number().int().openapi({ example: 1 }),
    email: z.string().openapi({ example: "ava@harbourtech.com.au" }),
    username: z.string().openapi({ example: "ava" }),
    userType: UserType,
    verificationStatus: VerificationStatus,
    role: UserRole,
    emailVerified: z.boolean(),
    createdAt: z.string().openapi({ format: "date-time" }),
    timeZone: TimeZone,
  })
  .openapi("User", { description: "The signed-in user (own fields only)." });
export type User = z.infer<typeof User>;

/** A string field whose missing value reads "<Label> is required" and wrong type "<Label> must be text". */
const text = (label: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
  });

export const usernameRules = { min: 3, max: 30, pattern: /^[A-Za-z0-9_.-]+$/ } as const;
export const passwordRules = { min: 8, max: 128 } as const;

export const RegisterRequest = z
  .strictObject({
    email: text("Email")
      .trim()
      .max(254, { error: "Email must be at most 254 characters" })
      .pipe(z.email({ error: "Please enter a valid email" })),
    username: text("Username")
      .trim()
      .min(usernameRules.min, { error: "Username must be at least 3 characters" })
      .max(usernameRules.max, { error: "Username must be at most 30 characters" })
      .regex(usernameRules.pattern, {
        error: "Username may contain only letters, numbers, dots, dashes and underscores",
      })
      .openapi({ example: "acme_sales" }),
    password: text("Password")
      .min(passwordRules.min, { error: "Password must be at least 8 characters" })
      .max(passwordRules.max, { error: "Password must be at most 128 characters" }),
    userType: z
      .enum(["business", "agent"], { error: "Account type must be business or agent" })
      .default("business")
      .openapi({ description: "business or agent; default business (spec §2.3)" }),
    verificationStatus: z
      .literal("unverified", { error: "New accounts start unverified" })
      .optional()
      .openapi({ description: "Accepted for compatibility (spec §5); only unverified." }),
    timeZone: TimeZone.optional().openapi({
      description:
        "The browser's IANA time zone (Intl.DateTimeFormat().resolvedOptions().timeZone); default Australia/Sydney.",
    }),
  })
  .openapi("RegisterRequest");
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const LoginRequest = z
  .strictObject({
    username: text("Username")
      .trim()
      .min(1, { error: "Username is required" })
      .max(254, { error: "Username must be at most 254 characters" }),
    password: text("Password")
      .min(1, { error: "Password is required" })
      .max(passwordRules.max, { error: "Password must be at most 128 characters" }),
  })
  .openapi("LoginRequest");
export type LoginRequest = z.input<typeof LoginRequest>;

export const Health = z
  .object({
    status: z.literal("ok"),
    database: z.literal("ok"),
    version: z.string(),
  })
  .openapi("Health");
