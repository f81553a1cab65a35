/**
 * The problem catalogue: every error the API can answer, as RFC 9457 problem details.
 * One table maps each stable code to its HTTP status, title and description; `type` is
 * `/problems/<code>`, stable once published. The OpenAPI document lists every type with its
 * description (components.schemas.ProblemType), so the contract documents each one.
 * Source: RFC 9457 §3 (members type, title, status, detail, instance; extension `errors`).
 */
import { z } from "@hono/zod-openapi";

/** One catalogue entry: the HTTP status, the problem's title, and what it means (documented). */
export interface ProblemEntry {
  readonly status: number;
  readonly title: string;
  readonly description: string;
}

export const problemCatalogue = {
  "malformed-request": {
    status: 400,
    title: "Malformed request",
    description: "The request could not be read: unparseable JSON, a malformed cookie or header.",
  },
  "invalid-token": {
    status: 400,
    title: "Invalid or expired link",
    description:
      "A password-reset, email-verification, email-change or export link that is unknown, already used or expired.",
  },
  unauthenticated: {
    status: 401,
    title: "Authentication required",
    description: `No valid session: the caller must log in ("Please log in.").`,
  },
  "invalid-credentials": {
    status: 401,
    title: "Invalid username or password",
    description: "Unknown username or wrong password; deliberately the same answer for both.",
  },
  forbidden: {
    status: 403,
    title: "Forbidden",
    description: "The caller is signed in but may not do this, e.g. create a profile for another user.",
  },
  "origin-rejected": {
    status: 403,
    title: "Cross-origin request rejected",
    description: "A state-changing request from another origin (ADR 0001 request guards).",
  },
  "wrong-account-type": {
    status: 403,
    title: "Not available for this account type",
    description: "The caller's account type (business or agent) cannot use this operation.",
  },
  "profile-required": {
    status: 403,
    title: "Create your profile first",
    description: "The caller must create their own business or agent profile first.",
  },
  "plan-limit-reached": {
    status: 403,
    title: "Plan limit reached",
    description: "A party is at its plan's limit of active partnerships (upgrade at /pricing).",
  },
  "plan-required": {
    status: 403,
    title: "Not included in your plan",
    description:
      "The caller's plan does not include this (e.g. analytics comparison or CSV export); the detail names the plan that does (upgrade at /pricing).",
  },
  "email-not-verified": {
    status: 403,
    title: "Email not verified",
    description: "The action needs a verified email address; verify it from the link sent on sign-up.",
  },
  "not-found": {
    status: 404,
    title: "Not found",
    description: "No such resource, or it belongs to another party (ids reveal nothing).",
  },
  "job-not-retryable": {
    status: 409,
    title: "Job cannot be retried",
    description:
      "Only a failed background job can be retried from the admin queue view; this one is queued, running, waiting for its next attempt or done.",
  },
  "username-taken": {
    status: 409,
    title: "Username already taken",
    description: "The username is taken, compared case-insensitively (field username).",
  },
  "profile-exists": {
    status: 409,
    title: "Profile already exists",
    description: "The caller already has a profile of this kind.",
  },
  "email-already-verified": {
    status: 409,
    title: "Email already verified",
    description: "The email address is already verified; there is nothing to resend.",
  },
  "invoice-paid": {
    status: 409,
    title: "Invoice already paid",
    description: "The invoice has been paid already; it cannot be paid again.",
  },
  "payment-in-progress": {
    status: 409,
    title: "A payment for this invoice is being processed",
    description: "A payment for the invoice is being processed by the gateway; wait for its outcome.",
  },
  "payment-intent-state": {
    status: 409,
    title: "The payment cannot do that in its current state",
    description: "The payment intent cannot take this action in its current state.",
  },
  "payment-amount-mismatch": {
    status: 409,
    title: "The payment's amount differs from the invoice's",
    description: "A completed payment's amount differs from its invoice's; only a full payment pays it.",
  },
  "payment-transition": {
    status: 409,
    title: "Payment change not allowed",
    description: "The payment's status does not allow this event (payment state machine).",
  },
  "invalid-webhook": {
    status: 400,
    title: "Invalid webhook",
    description: "A webhook with a missing, wrong or stale signature, or an unreadable body.",
  },
  "mandate-exists": {
    status: 409,
    title: "Mandate already exists",
    description: "The partnership already has a pending or active payment mandate; revoke it first.",
  },
  "mandate-transition": {
    status: 409,
    title: "Mandate change not allowed",
    description: "The payment mandate's state does not allow this change (a revoked mandate is final).",
  },
  "partnership-exists": {
    status: 409,
    title: "Partnership already exists",
    description: "The business and agent already have a pending or active partnership.",
  },
  "partnership-transition": {
    status: 409,
    title: "Partnership change not allowed",
    description: "The partnership's state, or the caller's side, does not allow this change.",
  },
  "agreement-transition": {
    status: 409,
    title: "Agreement change not allowed",
    description:
      "The agreement's stage, or the caller's side, does not allow this step (e.g. signing a version that is no longer the current proposal, countering one's own proposal).",
  },
  "opportunity-transition": {
    status: 409,
    title: "Opportunity change not allowed",
    description:
      "The opportunity's state does not allow this (e.g. publishing one that is not a draft, applying to or inviting for one that is not published, editing a closed one).",
  },
  "opportunity-limit-reached": {
    status: 403,
    title: "Published opportunity limit reached",
    description:
      "The business's plan allows no more published opportunities at once (Basic 2, Professional 10; upgrade at /pricing, or pause or close one).",
  },
  "application-transition": {
    status: 409,
    title: "Application change not allowed",
    description:
      "The application's or invitation's state, or the caller's side, does not allow this step (e.g. approving a submitted application, withdrawing an approved one, answering an expired invitation).",
  },
  "application-open": {
    status: 409,
    title: "Application already open",
    description:
      "The agent already has an open application (submitted, shortlisted or interview) to this opportunity.",
  },
  "review-not-allowed": {
    status: 403,
    title: "You cannot review this partnership",
    description:
      "Reviews are between the two sides of a partnership, once it has been active for 14 days or has ended; the detail says which rule applies.",
  },
  "review-exists": {
    status: 409,
    title: "Already reviewed",
    description: "The caller has already reviewed this partnership; reviews cannot be edited.",
  },
  "invoice-disputed": {
    status: 409,
    title: "Invoice under dispute",
    description:
      "The invoice has a dispute that is not resolved (or a dispute's resolution cancelled it), so it cannot be paid now. The detail names the dispute.",
  },
  "dispute-open": {
    status: 409,
    title: "Dispute already open",
    description: "The invoice already has a dispute that is not resolved or withdrawn; continue that one.",
  },
  "nothing-payable": {
    status: 409,
    title: "Nothing payable",
    description:
      "The partnership's payable commission lines net to $0.00 or less (clawbacks net against them), so there is nothing to invoice; a balance is never paid out below zero.",
  },
  "commission-line-not-invoiced": {
    status: 409,
    title: "Line not invoiced yet",
    description:
      "A commission line is disputed on the invoice that took it; this one is still earned or payable. Flag it once it is invoiced.",
  },
  "commission-invoice-issuer": {
    status: 403,
    title: "Issued by the other party",
    description:
      "With the RCTI clause and both parties registered for GST the business issues the commission invoice (a recipient-created tax invoice); otherwise the agent does. The detail says which.",
  },
  "invoice-transition": {
    status: 409,
    title: "Not possible in this invoice's state",
    description:
      "The invoice's life cycle does not allow this change now (ADR 0049): refunding an invoice under dispute or refunded in full, disputing a cancelled or refunded invoice or one under a card dispute. The detail says why.",
  },
  "dispute-transition": {
    status: 409,
    title: "Not possible in this dispute's state",
    description:
      "The dispute action does not apply now: the dispute moved on (an answer after its deadline, an offer you made yourself, a finished dispute). The detail says why.",
  },
  "customer-already-registered": {
    status: 409,
    title: "This customer is already registered",
    description:
      "The customer matches, by ABN, website domain or a near-identical name, one of the business's customers, one of its house accounts or another agent's registration that holds it (issue 43). Nothing is stored, and who holds it is never said.",
  },
  "deal-transition": {
    status: 409,
    title: "Not possible in this deal's state",
    description:
      "The deal step does not apply now: the deal was decided already, its protection ended, or the caller's side cannot take this step (only the business approves, rejects, renews and marks won). The detail says why.",
  },
  "sale-transition": {
    status: 409,
    title: "Not possible in this sale's state",
    description:
      "The sale step does not apply now: it was answered already, its confirmation window elapsed (it counts as confirmed), or a refund is more than what is left. The detail says why.",
  },
  "sale-duplicate": {
    status: 409,
    title: "Sale already recorded",
    description:
      "A sale of the partnership already carries this reference (externalRef, or the CSV's reference column), or the file repeats it; nothing was stored. The detail names the reference.",
  },
  "review-reply-exists": {
    status: 409,
    title: "Already replied",
    description: "The review already has its one public reply.",
  },
  "verification-open": {
    status: 409,
    title: "A verification request is already open",
    description: "The profile already has a verification request awaiting review; wait for its decision.",
  },
  "already-verified": {
    status: 409,
    title: "Already verified",
    description: "The profile is verified already; there is nothing to apply for.",
  },
  "verification-transition": {
    status: 409,
    title: "Verification change not allowed",
    description:
      "The verification request's status does not allow this decision (verification state machine).",
  },
  "signed-link-invalid": {
    status: 403,
    title: "Invalid or expired link",
    description: "A signed document link whose signature is wrong or whose expiry has passed.",
  },
  "document-too-large": {
    status: 413,
    title: "Document too large",
    description: "An uploaded verification document is larger than the accepted maximum.",
  },
  "document-type-unsupported": {
    status: 415,
    title: "Unsupported document type",
    description: "An uploaded verification document is not one of the accepted file types (PDF, PNG, JPEG).",
  },
  "payload-too-large": {
    status: 413,
    title: "Request body too large",
    description: "The request body is larger than the service accepts.",
  },
  "unsupported-media-type": {
    status: 415,
    title: "Unsupported media type",
    description: "The request body is not application/json.",
  },
  "validation-failed": {
    status: 422,
    title: "Validation failed",
    description: "One or more fields are invalid; the errors member lists each field and its message.",
  },
  "rate-limited": {
    status: 429,
    title: "Too many requests",
    description: "Too many requests from this client; retry after the Retry-After header's seconds.",
  },
  internal: {
    status: 500,
    title: "Internal server error",
    description: "An unexpected fault on the server; the request id in the response header identifies it.",
  },
  "service-unavailable": {
    status: 503,
    title: "Service unavailable",
    description: "A dependency (database, payment gateway) does not answer; try again later.",
  },
  "subscription-pending": {
    status: 409,
    title: "A checkout for another plan is waiting for payment",
    description: "A checkout for another plan is waiting for payment; finish or cancel it first.",
  },
  "payouts-required": {
    status: 403,
    title: "Set up payouts first",
    description:
      "An agent needs an enabled payout account before raising an invoice (ADR 0011): set it up at /agent/payouts.",
  },
  "payouts-not-started": {
    status: 409,
    title: "Payouts not started",
    description: "Bank details can only be given once payout onboarding has started (ADR 0011).",
  },
  "refund-not-allowed": {
    status: 409,
    title: "Refund not allowed",
    description:
      "The payment is not completed, or the amount is more than what is left to refund (ADR 0011).",
  },
  "subscription-state": {
    status: 409,
    title: "The subscription cannot do that in its current state",
    description: "The subscription's status does not allow this action (subscription state machine).",
  },
  "slug-taken": {
    status: 409,
    title: "Slug already in use",
    description: "Another content entry already has this slug; slugs are unique across all content.",
  },
  "content-version-conflict": {
    status: 409,
    title: "Content changed since you opened it",
    description:
      "The entry was saved by someone else after the version this save was based on (optimistic locking); reload it, compare and save again.",
  },
  "media-too-large": {
    status: 413,
    title: "File too large",
    description: "An uploaded media file is larger than 10 MB.",
  },
  "media-type-unsupported": {
    status: 415,
    title: "Unsupported file type",
    description:
      "An uploaded media file is not a JPEG, PNG, WebP or GIF image or a PDF (typed by its magic bytes).",
  },
  "media-in-use": {
    status: 409,
    title: "Media is in use",
    description: "The media item is referenced by content; remove it from that content before deleting it.",
  },
  "own-account": {
    status: 409,
    title: "Not on your own account",
    description: "An admin cannot suspend their own account or change their own role.",
  },
  "api-access-required": {
    status: 403,
    title: "API access is not included in your plan",
    description:
      "API keys are for Enterprise accounts, or accounts an administrator has given API access (ADR 0021); upgrade at /pricing.",
  },
  "insufficient-scope": {
    status: 403,
    title: "The API key lacks the scope for this",
    description:
      "The API key's scopes do not include the one the operation needs (`<area>:read` or `<area>:write`; the detail names it), or API keys cannot call the operation at all.",
  },
  "api-key-limit": {
    status: 409,
    title: "Too many API keys",
    description: "The account already has 20 active API keys; revoke one first.",
  },
  "webhook-endpoint-limit": {
    status: 409,
    title: "Too many webhook endpoints",
    description: "The account already has 10 webhook endpoints; delete one first.",
  },
  "idempotency-key-reused": {
    status: 422,
    title: "Idempotency key reused with a different request",
    description:
      "An Idempotency-Key was used within the last 24 hours with a different method, path or body; use a new key for a new request.",
  },
  "idempotency-key-in-use": {
    status: 409,
    title: "A request with this idempotency key is in progress",
    description: "The first request with this Idempotency-Key has not finished yet; retry shortly.",
  },
} as const satisfies Record<string, ProblemEntry>;

export type ProblemCode = keyof typeof problemCatalogue;

/** The `type` URI of a problem code (relative reference, RFC 9457 §3.1.1). */
export const problemType = (code: ProblemCode): string => `/problems/${code}`;

/**
 * The catalogue as a JSON Schema for the OpenAPI document (components.schemas.ProblemType): a flat
 * `enum` of every stable `type` URI (issue 49: every generator reads an enum; openapi-typescript-
 * codegen fails on a 3.1 `oneOf` of `const`), with each value's title and meaning in
 * `x-enum-descriptions` and its HTTP status in `x-enum-statuses`, in the same order.
 */
export const problemTypeSchema = () => {
  const codes = Object.keys(problemCatalogue) as ProblemCode[];
  return {
    type: "string" as const,
    description:
      "Every problem `type` URI the API answers (RFC 9457 §3.1.1, relative to the API's origin). Stable: a URI never changes meaning; new problems get new URIs. Each value's status, title and meaning: docs/api/problems.md.",
    enum: codes.map(problemType),
    "x-enum-descriptions": codes.map(
      (code) => `${problemCatalogue[code].title}: ${problemCatalogue[code].description}`,
    ),
    "x-enum-statuses": codes.map((code) => problemCatalogue[code].status),
    example: problemType("validation-failed"),
  };
};

export const FieldError = z
  .object({
    field: z.string().openapi({ example: "confirmPassword" }),
    message: z.string().openapi({ example: "Passwords don't match" }),
  })
  .openapi("FieldError");

export const Problem = z
  .object({
    type: z.string().openapi({
      example: "/problems/validation-failed",
      description: "The problem's stable type URI; components.schemas.ProblemType lists and explains each.",
    }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    errors: z.array(FieldError).optional(),
  })
  .openapi("Problem", { description: "RFC 9457 problem details." });

export type Problem = z.infer<typeof Problem>;

/** An example problem body of the given code, as the API answers it (RFC 9457 members). */
export const problemExample = (code: ProblemCode) => ({
  summary: problemCatalogue[code].title,
  value: {
    type: problemType(code),
    title: problemCatalogue[code].title,
    status: problemCatalogue[code].status,
    detail: problemCatalogue[code].description,
  },
});

/** A response entry for a problem of the given code, for a route's `responses`, with its example. */
export const problemResponse = (code: ProblemCode, description?: string) => ({
  description: description ?? problemCatalogue[code].title,
  content: {
    "application/problem+json": {
      schema: Problem,
      examples: { [code]: problemExample(code) } as Record<string, ReturnType<typeof problemExample>>,
    },
  },
});

/** The status of a problem code, as a literal type (401 for "unauthenticated"). */
export type ProblemStatus<C extends ProblemCode = ProblemCode> = (typeof problemCatalogue)[C]["status"];

/**
 * Response entries for several problem codes at once, keyed by status. Typed key by key, so a
 * handler may answer exactly the problem statuses its route declares (ADR 0009).
 */
export const problemResponses = <const C extends readonly ProblemCode[]>(...codes: C) => {
  const out: Record<number, ReturnType<typeof problemResponse>> = {};
  for (const code of codes) {
    const status = problemCatalogue[code].status;
    const existing = out[status];
    if (existing) {
      const merged = problemResponse(code, `${existing.description}; ${problemCatalogue[code].title}`);
      Object.assign(
        merged.content["application/problem+json"].examples,
        existing.content["application/problem+json"].examples,
      );
      out[status] = merged;
    } else out[status] = problemResponse(code);
  }
  return out as { [K in C[number] as ProblemStatus<K>]: ReturnType<typeof problemResponse> };
};

/** Problems any route can answer (malformed input, throttling, server faults). */
export const commonProblems = ["malformed-request", "internal"] as const satisfies ProblemCode[];
