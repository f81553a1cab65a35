/**
 * The response headers the API sends, declared once (issue 49, ADR 0061): each is a component
 * (`components.headers`), and the tables below say which operations send which, so the document
 * declares them the same way everywhere (document.ts `finishDocument` applies them) and the
 * service sends exactly what is declared (services/api: rate limits, idempotency, Location).
 *
 * Adding a route: if it is rate limited per client, add its operationId to `rateLimitedOperations`;
 * if it takes `Idempotency-Key`, to `idempotentOperations` (document.ts); if its 201 creates an
 * object readable at a GET path, to `createdLocations`. Operations an API key can call get the
 * RateLimit-* headers by themselves (the per-key limit), and every operation declares Set-Cookie
 * (any request with the session cookie may renew or clear it).
 * Sources: IETF draft-ietf-httpapi-ratelimit-headers-06 (what hono-rate-limiter's "draft-6" sends),
 * RFC 9110 §10.2.3 (Retry-After) and §10.2.2 (Location), RFC 6265 (Set-Cookie), RFC 9745
 * (Deprecation), RFC 8594 (Sunset).
 */

/** A header object of the document (OpenAPI 3.1 Header Object). */
export interface HeaderObject {
  readonly description: string;
  readonly schema: Readonly<Record<string, unknown>>;
  readonly example?: unknown;
}

export const headerComponents = {
  "RateLimit-Limit": {
    description:
      "Requests allowed in the current window (IETF RateLimit header fields, draft 6). Sent on rate-limited operations.",
    schema: { type: "integer", minimum: 0 },
    example: 120,
  },
  "RateLimit-Remaining": {
    description: "Requests left in the current window (draft 6). 0 on a 429.",
    schema: { type: "integer", minimum: 0 },
    example: 119,
  },
  "RateLimit-Reset": {
    description: "Seconds until the current window ends and the budget is full again (draft 6).",
    schema: { type: "integer", minimum: 0 },
    example: 60,
  },
  "RateLimit-Policy": {
    description: "The limit and its window in seconds, `<limit>;w=<seconds>` (draft 6).",
    schema: { type: "string" },
    example: "120;w=60",
  },
  "Retry-After": {
    description: "Seconds to wait before trying again (RFC 9110 §10.2.3). Sent with 429.",
    schema: { type: "integer", minimum: 0 },
    example: 60,
  },
  "Idempotent-Replayed": {
    description:
      "`true` when this answer is the stored answer of an earlier request with the same `Idempotency-Key` (nothing was done again).",
    schema: { type: "string", enum: ["true"] },
    example: "true",
  },
  "Set-Cookie": {
    description:
      "The `closr_session` cookie (HttpOnly; SameSite=Lax; Secure except on plain localhost): set by log-in and registration, cleared by log-out, password reset, signing out everywhere and account deletion; any request carrying the cookie may renew it (sliding expiry) or clear it when it has expired. Log-in and registration also set `closr_device` (Path=/api/login), the browser's own failed-login budget.",
    schema: { type: "string" },
    example:
      "closr_session=Xq3vT9aE1bYh0nK2cW7pLr5sD8fG4jM6uQzA1oI3eVw; Path=/; HttpOnly; SameSite=Lax; Secure",
  },
  Location: {
    description: "The created object's address (RFC 9110 §10.2.2), a path on the API's origin.",
    schema: { type: "string", format: "uri-reference" },
    example: "/api/invoices/31",
  },
  Deprecation: {
    description:
      'The answer is a deprecated behaviour of this operation (RFC 9745): the date it was deprecated as an HTTP structured-field date (`@<unix seconds>`). The `Link` header (rel="successor-version") names the operation that replaces it; docs/api/changelog.md says when it goes.',
    schema: { type: "string" },
    example: "@1796169600",
  },
  Link: {
    description:
      'Links about this answer (RFC 8288): with `Deprecation`, `rel="successor-version"` to what replaces it.',
    schema: { type: "string" },
    example: '</api/agent-profiles/me>; rel="successor-version"',
  },
} as const satisfies Record<string, HeaderObject>;

export type ResponseHeaderName = keyof typeof headerComponents;

/** The headers the integration suite's validator checks: a response may carry them only where declared. */
export const declaredResponseHeaders: readonly ResponseHeaderName[] = Object.keys(
  headerComponents,
) as ResponseHeaderName[];

/** A `$ref` to a header component. */
export const headerRef = (name: ResponseHeaderName) => ({ $ref: `#/components/headers/${name}` });

/** The RateLimit-* headers every answer of a limited operation carries. */
export const rateLimitHeaders = [
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "RateLimit-Policy",
] as const satisfies readonly ResponseHeaderName[];

/**
 * Operations limited per client, beside the per-key limit of API keys (services/api/src/app.ts:
 * `limitBy`, the login guard, the message send limiter). Their answers carry RateLimit-*; a 429
 * carries Retry-After.
 */
export const rateLimitedOperations: ReadonlySet<string> = new Set([
  "login",
  "register",
  "forgotPassword",
  "resetPassword",
  "verifyResetToken",
  "sendContactMessage",
  "subscribeNewsletter",
  "sendMessage",
]);

/**
 * 201 answers that carry `Location`: operationId → the GET path of the created object, `{id}`
 * filled from the answer's `id` (services/api/src/http/location.ts). Each path must be a GET
 * operation of the document (finishDocument checks).
 */
export const createdLocations: Readonly<Record<string, string>> = {
  createAgentProfile: "/api/agent-profiles/{id}",
  createBusinessProfile: "/api/business-profiles/{id}",
  createPartnership: "/api/partnerships/{id}",
  createInvoice: "/api/invoices/{id}",
  createContent: "/api/content/{id}",
  openDispute: "/api/disputes/{id}",
  registerDeal: "/api/deals/{id}",
  reportSale: "/api/sales/{id}",
  createOpportunity: "/api/opportunities/{id}",
  applyToOpportunity: "/api/applications/{id}",
  acceptInvitation: "/api/applications/{id}",
  flagCommissionLine: "/api/disputes/{id}",
  startMandate: "/api/mandates/{id}",
};

/**
 * Operations with a deprecated behaviour kept for one version (RFC 9745): operationId → when it
 * was deprecated and what replaces it. Their 200 declares Deprecation and Link.
 */
export const deprecatedBehaviours: Readonly<
  Record<string, { readonly since: string; readonly replacement: string; readonly note: string }>
> = {
  listAgentProfiles: {
    since: "2026-12-02",
    replacement: "/api/agent-profiles/me",
    note: "An agent calling this gets its own profile (deprecated, removed in the next version): read it at GET /api/agent-profiles/me.",
  },
  listBusinessProfiles: {
    since: "2026-12-02",
    replacement: "/api/business-profiles/me",
    note: "A business calling this gets its own profile (deprecated, removed in the next version): read it at GET /api/business-profiles/me.",
  },
};

/** The `Deprecation` header value of a date (`yyyy-MM-dd`, UTC midnight): `@<unix seconds>` (RFC 9745 §2.1). */
export const deprecationHeaderValue = (since: string): string =>
  `@${Math.floor(Date.parse(`${since}T00:00:00Z`) / 1000)}`;
