/**
 * The problem catalogue: every error the API can answer, as RFC 9457 problem details.
 * One table maps each stable code to its HTTP status and title; `type` is `/problems/<code>`.
 * Source: RFC 9457 §3 (members type, title, status, detail, instance; extension `errors`).
 */
import { z } from "@hono/zod-openapi";

export const problemCatalogue = {
  "malformed-request": { status: 400, title: "Malformed request" },
  "invalid-token": { status: 400, title: "Invalid or expired link" },
  unauthenticated: { status: 401, title: "Authentication required" },
  "invalid-credentials": { status: 401, title: "Invalid username or password" },
  forbidden: { status: 403, title: "Forbidden" },
  "origin-rejected": { status: 403, title: "Cross-origin request rejected" },
  "wrong-account-type": { status: 403, title: "Not available for this account type" },
  "profile-required": { status: 403, title: "Create your profile first" },
  "plan-limit-reached": { status: 403, title: "Plan limit reached" },
  "email-not-verified": { status: 403, title: "Email not verified" },
  "not-found": { status: 404, title: "Not found" },
  "email-taken": { status: 409, title: "Email already registered" },
  "username-taken": { status: 409, title: "Username already taken" },
  "profile-exists": { status: 409, title: "Profile already exists" },
  "email-already-verified": { status: 409, title: "Email already verified" },
  "invoice-paid": { status: 409, title: "Invoice already paid" },
  "payment-in-progress": { status: 409, title: "A payment for this invoice is being processed" },
  "payment-intent-state": { status: 409, title: "The payment cannot do that in its current state" },
  "invalid-webhook": { status: 400, title: "Invalid webhook" },
  "partnership-exists": { status: 409, title: "Partnership already exists" },
  "partnership-transition": { status: 409, title: "Partnership change not allowed" },
  "payload-too-large": { status: 413, title: "Request body too large" },
  "unsupported-media-type": { status: 415, title: "Unsupported media type" },
  "validation-failed": { status: 422, title: "Validation failed" },
  "rate-limited": { status: 429, title: "Too many requests" },
  internal: { status: 500, title: "Internal server error" },
  "service-unavailable": { status: 503, title: "Service unavailable" },
} as const;

export type ProblemCode = keyof typeof problemCatalogue;

/** The `type` URI of a problem code (relative reference, RFC 9457 §3.1.1). */
export const problemType = (code: ProblemCode): string => `/problems/${code}`;

export const FieldError = z
  .object({
    field: z.string().openapi({ example: "confirmPassword" }),
    message: z.string().openapi({ example: "Passwords don't match" }),
  })
  .openapi("FieldError");

export const Problem = z
  .object({
    type: z.string().openapi({ example: "/problems/validation-failed" }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    errors: z.array(FieldError).optional(),
  })
  .openapi("Problem", { description: "RFC 9457 problem details." });

export type Problem = z.infer<typeof Problem>;

/** A response entry for a problem of the given code, for a route's `responses`. */
export const problemResponse = (code: ProblemCode, description?: string) => ({
  description: description ?? problemCatalogue[code].title,
  content: { "application/problem+json": { schema: Problem } },
});

/** Response entries for several problem codes at once, keyed by status. */
export const problemResponses = (...codes: ProblemCode[]) => {
  const out: Record<number, ReturnType<typeof problemResponse>> = {};
  for (const code of codes) {
    const status = problemCatalogue[code].status;
    const existing = out[status];
    out[status] = existing
      ? problemResponse(code, `${existing.description}; ${problemCatalogue[code].title}`)
      : problemResponse(code);
  }
  return out;
};

/** Problems any route can answer (malformed input, throttling, server faults). */
export const commonProblems = ["malformed-request", "internal"] as const satisfies ProblemCode[];
