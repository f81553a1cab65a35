/**
 * Finishing the OpenAPI document (issue 20, ADR 0021): what every operation carries without each
 * route file repeating it. Applied to the generated contracts/openapi.json and to the document the
 * service serves at /api/openapi.json, so both are the same.
 *
 * - `info.license` / `info.contact`, the declared `tags` with descriptions;
 * - the security schemes (`session` cookie, `apiKey` bearer) and each operation's requirement:
 *   an operation that can answer the `unauthenticated` problem needs a caller; it accepts an API
 *   key when its tag belongs to an API-key area (profiles, partnerships, invoices, payments,
 *   messages, opportunities), with the scope `<area>:read` (GET) or `<area>:write` (anything else); the few
 *   `anyKeyOperations` (who am I) accept any valid API key, with no scope;
 * - a description for every operation: its own text (or summary) plus who may call it;
 * - examples: request bodies and success responses get one sampled from their schema when the
 *   route gives none (the lint gate then validates each against its schema); problem responses
 *   carry one example per problem code (problems.ts).
 */
import { sample } from "openapi-sampler";
import {
  createdLocations,
  deprecatedBehaviours,
  headerComponents,
  headerRef,
  type ResponseHeaderName,
  rateLimitedOperations,
  rateLimitHeaders,
} from "./headers.ts";
import { type ProblemCode, problemCatalogue, problemExample, problemResponse } from "./problems.ts";

/** The areas an API key's scopes are granted per (issue 20). */
export const apiKeyAreas = [
  "profiles",
  "partnerships",
  "invoices",
  "payments",
  "messages",
  "opportunities",
] as const;
export type ApiKeyArea = (typeof apiKeyAreas)[number];
/** A scope: read-only (`<area>:read`) or read-write (`<area>:write`, which includes read) per area. */
export type ApiKeyScopeName = `${ApiKeyArea}:${"read" | "write"}`;

/** The operation tags whose operations an API key may call, and the area each belongs to. */
export const tagAreas: Readonly<Record<string, ApiKeyArea>> = {
  profiles: "profiles",
  partnerships: "partnerships",
  invoices: "invoices",
  payments: "payments",
  messaging: "messages",
  // Issue 43: deals and sales belong to a partnership (partnerships:read / partnerships:write).
  deals: "partnerships",
  sales: "partnerships",
  opportunities: "opportunities",
};

/**
 * Every tag an operation may use, with its description (the document declares them in
 * alphabetical order). A new tag needs a row here, or the lint gate fails with `operation-tag-defined`.
 */
export const tagDescriptions: Readonly<Record<string, string>> = {
  system: "Health and version of the service.",
  identity: "Registration, log-in and log-out with the session cookie.",
  account: "The signed-in user's own account: settings, password, email, export and deletion.",
  onboarding: "The first-run checklist of a new business or agent.",
  profiles: "Business and agent profiles: create, edit, read and search the marketplace.",
  partnerships: "Partnerships between a business and an agent: connect, accept, reject, withdraw and end.",
  subscriptions: "Plans, checkout and the subscription of an account.",
  messaging: "Conversations and messages between the parties of a partnership.",
  invoices: "Commission invoices an agent raises on an active partnership.",
  payments: "Paying invoices through the payment gateway, and the gateway's webhooks.",
  verification: "Verification of a business or agent profile by document review.",
  payouts: "An agent's payout account and payouts of commission.",
  content: "Public site content (pages, posts, media) and its administration.",
  help: "The help centre's articles by topic, one article and article search (public, spec §2.1 /help).",
  reviews: "Reviews between the parties of a partnership and their replies.",
  notifications: "In-app notifications and notification preferences.",
  insights: "Analytics for profiles and the marketplace.",
  push: "Web push subscriptions of the signed-in user's devices.",
  integrations: "API keys and outgoing webhook endpoints for integrators (Settings → API).",
  agreements:
    "Commission agreements of a partnership: terms, versions, counter-proposals, signatures and the signed PDF.",
  commission:
    "The commission ledger of a partnership: lines from confirmed sales under the terms in force, clawbacks, monthly statements (JSON and PDF) and the invoice of the payable lines (recipient-created under the RCTI rule).",
  deals:
    "Deal registrations: the customer an agent brings under a partnership, the conflict check, protection, and the business's customers and house accounts.",
  sales:
    "Sales against a won or protected deal: reported by the business (form, API, CSV import) or by the agent and confirmed.",
  disputes: "Disputes on an invoice: offers, evidence, mediation by staff and the resolution that follows.",
  operations: "Staff views of the background job queue (ADR 0022).",
  opportunities:
    "Opportunities a business posts (draft, published, paused, closed), agents' applications to them and the business's invitations; approval starts the partnership and its draft agreement.",
  webhooks:
    "Events Closr POSTs to an account's webhook endpoints (OpenAPI `webhooks`): signed, retried for 3 days, in order per object.",
};

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON
type Json = any;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** The API-key scope an operation needs, or undefined when API keys cannot call it. */
export const operationScope = (
  method: string,
  tags: readonly string[] | undefined,
): ApiKeyScopeName | undefined => {
  const area = tags?.map((tag) => tagAreas[tag]).find((a) => a !== undefined);
  if (!area) return undefined;
  return `${area}:${method.toLowerCase() === "get" ? "read" : "write"}`;
};

const problemExamples = (response: Json): Record<string, unknown> =>
  response?.content?.["application/problem+json"]?.examples ?? {};

/** Whether an operation needs a caller: it can answer the `unauthenticated` problem (401). */
export const operationNeedsCaller = (responses: Json): boolean =>
  "unauthenticated" in problemExamples(responses?.["401"]);

/**
 * Operations any valid API key may call, whatever its scopes (ADR 0039): they only tell the caller
 * about itself, so no scope is needed and none could be granted for them. `getCurrentUser`
 * (GET /api/user) is the "who am I" of a key: the account it acts as.
 */
export const anyKeyOperations: ReadonlySet<string> = new Set(["getCurrentUser"]);

/** The operations that take an `Idempotency-Key` header (services/api/src/http/idempotency.ts). */
export const idempotentOperations: ReadonlySet<string> = new Set([
  "createInvoice",
  "createPaymentIntent",
  "createPartnership",
  "sendMessage",
  "reportSale",
]);

/**
 * What the `session` scheme says about the Origin rule (issue 49): the guard of services/api
 * (app.ts, ADR 0001) for every state-changing cookie request.
 */
export const sessionSchemeDescription =
  "The browser session: the `closr_session` cookie (HttpOnly; SameSite=Lax; Secure except on plain localhost) set by POST /api/login and POST /api/register, with sliding expiry. **Origin rule:** a state-changing request (POST, PUT, PATCH, DELETE) made with this cookie must carry an `Origin` header of the site itself (the scheme, host and port the API is served from, e.g. `https://closr.com.au`) or of an origin the deployment allows (`ALLOWED_ORIGINS`); without `Origin`, a `Sec-Fetch-Site: cross-site` request is refused too. Anything else answers 403 `/problems/origin-rejected` before the body is read. Requests with an API key (`Authorization: Bearer`) are not subject to the rule. State-changing requests must also send their body as `application/json` (415 otherwise).";

/**
 * Descriptions of parameters their route leaves undescribed, by `<path> <name>` first, then by
 * name (issue 49: every parameter described). A new parameter with a name not here needs its own
 * `.openapi({ description })`, or the lint gate fails on `oas3-parameter-description`.
 */
export const parameterDescriptions: Readonly<Record<string, string>> = {
  id: "The object's id (a positive integer).",
  partnershipId: "The partnership's id.",
  userId: "The other user's id (a user id, not a profile id).",
  agentId: "The agent's profile id.",
  documentId: "The document's number within the verification request (from 1).",
  page: "The page, from 1.",
  pageSize: "Items per page.",
  limit: "At most this many items.",
  token: "The token from the link that was emailed.",
  specialization: "Agents whose specialization contains this text.",
  location: "Only profiles in this location.",
  industry: "Only businesses in this industry.",
  size: "Only businesses of this size.",
  from: "The first day of the period (yyyy-MM-dd, in the business's zone, Australia/Sydney by default).",
  to: "The last day of the period (yyyy-MM-dd, inclusive).",
  search: "Only items whose name or text contains this.",
  slug: "The item's slug (its address).",
  status: "Only requests in these statuses (comma-separated).",
  kind: "Only jobs of this kind (e.g. send-email).",
  variant: "The original file, or its thumbnail.",
  saleAmount: "The sale's amount in AUD dollars (2 decimals) to compute the commission of.",
  "/api/files/{prefix}/{file} prefix": "The file's area (e.g. verification).",
  "/api/files/{prefix}/{file} file": "The stored file's key from its signed link.",
  "/api/files/{prefix}/{file} name":
    "The file name to download as (Content-Disposition), from the signed link.",
  "/api/media/files/{name} name": "The stored media file's name.",
  disposition: "How the browser should present the file: download it (attachment) or show it (inline).",
  "/api/files/{prefix}/{file} type": "The media type to answer with, from the signed link.",
  "/api/files/{prefix}/{file} signature": "The link's signature (HMAC), from the signed link.",
  "/api/content type": "Only content of this type.",
  "/api/content slug": "Only the content with this slug.",
  "/api/files/{prefix}/{file} expires": "When the signed link expires, in Unix seconds.",
};

/**
 * Endpoints Stripe posts signed events to: their body is a Stripe event object
 * (https://docs.stripe.com/api/events/object), verified on its raw bytes by the handler, so it is
 * declared here (not as a zod body, which would parse it before the signature is checked).
 */
const stripeEventReceivers = new Set(["stripeWebhook", "stripeConnectWebhook"]);
const stripeEventBody: Json = {
  required: true,
  description:
    "A Stripe event as Stripe sends it (https://docs.stripe.com/api/events/object), signed in the Stripe-Signature header; further fields Stripe adds are accepted.",
  content: {
    "application/json": {
      schema: {
        type: "object",
        required: ["id", "object", "type", "data"],
        properties: {
          id: { type: "string", description: "The event's id (evt_…); each is applied once." },
          object: { type: "string", enum: ["event"], description: "Always `event`." },
          type: { type: "string", description: "The event type, e.g. payment_intent.succeeded." },
          data: {
            type: "object",
            required: ["object"],
            properties: { object: { type: "object", description: "The object the event is about." } },
            description: "The event's object.",
          },
          created: { type: "integer", description: "When Stripe created the event (Unix seconds)." },
          livemode: { type: "boolean", description: "False for test-mode events." },
          api_version: { type: ["string", "null"], description: "The Stripe API version of the payload." },
          account: { type: "string", description: "The connected account (Connect events)." },
        },
      },
      example: {
        id: "evt_1QabcDEF",
        object: "event",
        type: "payment_intent.succeeded",
        data: { object: { id: "pi_1QabcDEF", object: "payment_intent" } },
        created: 1796169600,
        livemode: false,
        api_version: "2025-06-30.basil",
      },
    },
  },
};

/** Finishes a generated OpenAPI 3.1 document in place and returns it (see the module comment). */
export function finishDocument<D extends Json>(document: D): D {
  const doc: Json = document;
  doc.info = {
    ...doc.info,
    contact: {
      name: "Closr developer support",
      email: "developers@closr.com.au",
      url: "https://closr.com.au/contact",
    },
    license: { name: "Closr API Terms of Use", url: "https://closr.com.au/terms" },
  };
  doc.components ??= {};
  doc.components.securitySchemes = {
    session: {
      type: "apiKey",
      in: "cookie",
      name: "closr_session",
      description: sessionSchemeDescription,
    },
    apiKey: {
      type: "http",
      scheme: "bearer",
      bearerFormat: "closr_live_<43 base64url characters>",
      description:
        "An API key from Settings → API, sent as `Authorization: Bearer closr_live_…`. It acts as the account that created it, limited to its scopes (`<area>:read` or `<area>:write` for profiles, partnerships, invoices, payments, messages, opportunities). Answers carry RateLimit-* headers; too many requests answer 429.",
    },
    ...doc.components.securitySchemes,
  };
  doc.components.headers = { ...headerComponents, ...doc.components.headers };
  // The problem `type` member is one of the catalogue's URIs (components.schemas.ProblemType);
  // typed as any string too, so a client built today reads a problem type added later.
  const problem = doc.components.schemas?.Problem;
  if (problem?.properties?.type) {
    const { description, example } = problem.properties.type;
    problem.properties.type = {
      anyOf: [{ $ref: "#/components/schemas/ProblemType" }, { type: "string" }],
      description,
      example,
    };
  }

  const used = new Set<string>();
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      for (const tag of operation.tags ?? []) used.add(tag);
      finishOperation(doc, path, method, operation);
    }
  }
  for (const item of Object.values<Json>(doc.webhooks ?? {})) {
    for (const method of METHODS) if (item[method]) for (const tag of item[method].tags ?? []) used.add(tag);
  }
  for (const [operationId, template] of Object.entries(createdLocations)) {
    if (!doc.paths?.[template]?.get)
      throw new Error(`createdLocations.${operationId}: ${template} is not a GET operation of the document`);
  }
  // Alphabetical (Spectral's openapi-tags-alphabetical, every rule on since issue 49).
  doc.tags = Object.entries(tagDescriptions)
    .filter(([name]) => used.has(name))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, description]) => ({ name, description }));
  // Keep the document's key order readable: openapi, info, servers, tags, paths, webhooks, components.
  const { openapi, info, servers, tags, paths, webhooks, components, ...rest } = doc;
  for (const key of Object.keys(doc)) delete doc[key];
  Object.assign(doc, { openapi, info, servers, tags, paths, webhooks, components, ...rest });
  return document;
}

function finishOperation(doc: Json, path: string, method: string, operation: Json) {
  const responses: Json = operation.responses ?? {};
  const needsCaller = operationNeedsCaller(responses);
  const scope = operationScope(method, operation.tags);
  let access: string;
  if (!needsCaller) {
    operation.security = [];
    access = "Public: no authentication.";
  } else if (anyKeyOperations.has(operation.operationId)) {
    operation.security = [{ session: [] }, { apiKey: [] }];
    addProblem(responses, "rate-limited");
    access = "Needs a signed-in caller: the session cookie, or any valid API key (no scope needed).";
  } else if (scope) {
    operation.security = [{ session: [] }, { apiKey: [] }];
    operation["x-api-key-scope"] = scope;
    // What the API-key guard can answer before the operation runs (services/api/src/http/api-key.ts).
    addProblem(responses, "insufficient-scope");
    addProblem(responses, "rate-limited");
    access = `Needs a signed-in caller: the session cookie, or an API key with the \`${scope}\` scope${scope.endsWith(":read") ? ` (or \`${scope.replace(":read", ":write")}\`)` : ""}.`;
  } else {
    operation.security = [{ session: [] }];
    access =
      "Needs a signed-in caller with the session cookie (API keys cannot call this operation: 403 insufficient-scope).";
    addProblem(responses, "insufficient-scope");
  }
  if (idempotentOperations.has(operation.operationId)) {
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description:
          "A unique key (1–255 characters, e.g. a UUID) to retry this request safely: for 24 hours the same key and body answer the first response again (header `Idempotent-Replayed: true`); the same key with a different body answers 422 idempotency-key-reused; while the first request runs, 409 idempotency-key-in-use.",
        schema: { type: "string", minLength: 1, maxLength: 255 },
        example: "5f0c7a52-8d7e-4a4f-9d1c-1b2f3e4d5a6b",
      },
    ];
    addProblem(responses, "idempotency-key-reused");
    addProblem(responses, "idempotency-key-in-use");
  }
  finishParameters(path, operation);
  const write = method !== "get" && method !== "head";
  if (write && !operation.requestBody && stripeEventReceivers.has(operation.operationId)) {
    operation.requestBody = stripeEventBody;
    // The guards read it like any body (nesting depth, text that cannot be stored).
    addProblem(responses, "validation-failed");
  }
  if (write && !operation.requestBody) {
    // Every write declares its body (issue 49): an empty object where it takes none, so a client
    // that sends `{}` is as right as one that sends nothing.
    operation.requestBody = {
      required: false,
      description: "Nothing to send: no body, or an empty JSON object.",
      content: {
        "application/json": { schema: { type: "object", additionalProperties: false }, example: {} },
      },
    };
    // A body that is sent is still read by the guards (nesting depth, text that cannot be stored).
    addProblem(responses, "validation-failed");
  }
  // The Origin rule (issue 49): every write a session cookie can make can be refused for it.
  if (write && operation.security?.some((requirement: Json) => "session" in requirement))
    addProblem(responses, "origin-rejected");
  const limited = rateLimitedOperations.has(operation.operationId);
  if (limited) addProblem(responses, "rate-limited");
  declareHeaders(operation, responses, limited);
  const codes = new Set<string>();
  for (const response of Object.values<Json>(responses))
    for (const code of Object.keys(problemExamples(response))) codes.add(code);
  const problems = [...codes]
    .filter((code) => code in problemCatalogue)
    .map((code) => `\`/problems/${code}\``)
    .join(", ");
  const lead =
    (operation.description as string | undefined)?.trim() || `${operation.summary ?? operation.operationId}.`;
  operation.description = [
    lead,
    `**Access.** ${access}`,
    problems ? `**Problems** (documented in components.schemas.ProblemType): ${problems}.` : "",
  ]
    .filter(Boolean)
    .join("\n\n");

  const body = operation.requestBody?.content?.["application/json"];
  if (body?.schema && body.example === undefined && body.examples === undefined) {
    body.example = sampleOf(doc, body.schema);
  }
  for (const [status, response] of Object.entries<Json>(responses)) {
    if (!status.startsWith("2")) continue;
    const media = response?.content?.["application/json"];
    if (media?.schema && media.example === undefined && media.examples === undefined) {
      media.example = sampleOf(doc, media.schema);
    }
  }
  void path;
}

/** Describes the parameters the route left undescribed (`parameterDescriptions`); nullable query ints become plain. */
function finishParameters(path: string, operation: Json) {
  for (const parameter of operation.parameters ?? []) {
    if (!parameter.description && !parameter.schema?.description) {
      const text =
        parameterDescriptions[`${path} ${parameter.name}`] ?? parameterDescriptions[parameter.name];
      if (text) parameter.description = text;
    } else if (!parameter.description && parameter.schema?.description) {
      parameter.description = parameter.schema.description;
    }
    // A query value is never JSON null (issue 49): `["integer", "null"]` is an integer.
    const type = parameter.schema?.type;
    if (Array.isArray(type) && type.includes("null")) {
      const rest = type.filter((t: string) => t !== "null");
      parameter.schema.type = rest.length === 1 ? rest[0] : rest;
    }
  }
}

const withHeader = (response: Json, ...names: ResponseHeaderName[]) => {
  response.headers ??= {};
  for (const name of names) response.headers[name] ??= headerRef(name);
};

/**
 * The response headers an operation sends (issue 49, headers.ts): Set-Cookie on every answer
 * (the session cookie may be renewed or cleared), RateLimit-* where limited (per client, or per
 * API key on the operations a key can call), Retry-After on 429, Idempotent-Replayed where
 * `Idempotency-Key` is taken, Location on the 201s of `createdLocations`, Deprecation on the 200
 * of a deprecated behaviour.
 */
function declareHeaders(operation: Json, responses: Json, limited: boolean) {
  // Every request with a valid API key passes the per-key limiter first (services/api
  // api-key.ts): on an operation keys may call (or a public one) every answer carries RateLimit-*;
  // on a session-only operation a key only ever gets 403 insufficient-scope or 429.
  const security: Json[] = operation.security ?? [];
  const byKey = security.length === 0 || security.some((requirement: Json) => "apiKey" in requirement);
  const id = operation.operationId as string;
  for (const [status, response] of Object.entries<Json>(responses)) {
    withHeader(response, "Set-Cookie");
    if (limited || byKey || status === "403" || status === "429") withHeader(response, ...rateLimitHeaders);
    if (status === "429") withHeader(response, "Retry-After");
    if (idempotentOperations.has(id)) withHeader(response, "Idempotent-Replayed");
    if (status === "201" && createdLocations[id]) withHeader(response, "Location");
    if (status === "200" && deprecatedBehaviours[id]) withHeader(response, "Deprecation", "Link");
  }
}

/** Adds a problem code to an operation's responses, next to the codes of the same status. */
function addProblem(responses: Json, code: ProblemCode) {
  const status = String(problemCatalogue[code].status);
  const existing = responses[status];
  const examples = existing?.content?.["application/problem+json"]?.examples;
  if (!existing) {
    responses[status] = JSON.parse(
      JSON.stringify(problemResponse(code), (key, value) =>
        key === "schema" ? { $ref: "#/components/schemas/Problem" } : value,
      ),
    );
  } else if (examples && !(code in examples)) {
    examples[code] = problemExample(code);
    existing.description = `${existing.description}; ${problemCatalogue[code].title}`;
  }
}

const sampleOf = (doc: Json, schema: Json) =>
  sample(schema, { skipReadOnly: false, skipWriteOnly: true, quiet: true, enablePatterns: true }, doc);
