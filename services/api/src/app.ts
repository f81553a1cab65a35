/**
 * createApp: the Hono service. Implements the contract's routes (OpenAPIHono), so a route
 * outside the contract cannot exist; maps every failure to an RFC 9457 problem; serves the
 * OpenAPI document at /api/openapi.json with a reference UI at /api/docs; and, when
 * configured, the built frontends (shell at /, remotes under /remotes/<name>/).
 */

import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import type { TaxInvoiceSeller } from "@closr/adapters/pdf";
import { type Db, OutboxWriteFailed } from "@closr/adapters/postgres";
import { finishDocument, openApiInfo, registerContractComponents, systemRoutes } from "@closr/contracts";
import { appPage, notFoundTitle } from "@closr/contracts/site";
import { currentUser } from "@closr/core/identity";
import { serveStatic } from "@hono/node-server/serve-static";
import { OpenAPIHono } from "@hono/zod-openapi";
import { Effect } from "effect";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import type { Logger } from "pino";
import { defaultPlatform } from "./config.ts";
import { LiveEventHub } from "./events/live-event-hub.ts";
import { apiKeyAuth, bearerToken } from "./http/api-key.ts";
import type { AppEnv } from "./http/env.ts";
import { idempotency } from "./http/idempotency.ts";
import { jsonContentLength } from "./http/json-length.ts";
import { createdLocation } from "./http/location.ts";
import { loginGuard } from "./http/login-guard.ts";
import { noStoreByDefault } from "./http/no-store.ts";
import { problem } from "./http/problem.ts";
import {
  accountRateLimits,
  clientAddress,
  clientBudgetKey,
  contentRateLimits,
  defaultRateLimits,
  failureBudget,
  limitBy,
  loginByAddressDefault,
  type RateLimits,
} from "./http/rate-limit.ts";
import { readSessionToken, TRUST_PROXY_VARIABLE } from "./http/session-cookie.ts";
import { isUnrepresentable, jsonDepthLimit, validationHook } from "./http/validation.ts";
import { createOperations, type OperationsOptions } from "./ops/operations.ts";
import { builtFileReader } from "./page-render/built-files.ts";
import { pageRendererAt } from "./page-render/page-renderer.ts";
import { registerPublicSite } from "./public-site/public-site.ts";
import { registerAccountRoutes } from "./routes/account/account.handlers.ts";
import { registerOnboardingRoutes } from "./routes/account/onboarding.handlers.ts";
import { registerAgreementRoutes } from "./routes/agreements/agreements.handlers.ts";
import { registerCommissionRoutes } from "./routes/commission/commission.handlers.ts";
import { registerContentRoutes } from "./routes/content/content.handlers.ts";
import { registerDealRoutes } from "./routes/deals/deals.handlers.ts";
import { registerDisputeRoutes } from "./routes/disputes/disputes.handlers.ts";
import { registerHelpRoutes } from "./routes/help/help.handlers.ts";
import { registerIdentityRoutes, sessionResolver } from "./routes/identity/identity.handlers.ts";
import { registerInsightsRoutes } from "./routes/insights/insights.handlers.ts";
import { registerIntegrationRoutes } from "./routes/integrations/integrations.handlers.ts";
import { registerInvoiceRoutes } from "./routes/invoices/invoices.handlers.ts";
import { registerMandateRoutes } from "./routes/mandates/mandates.handlers.ts";
import { type EventStreamOptions, registerEventRoutes } from "./routes/messaging/events.handlers.ts";
import { messageSendLimiter, registerMessagingRoutes } from "./routes/messaging/messaging.handlers.ts";
import { registerNotificationRoutes } from "./routes/notifications/notifications.handlers.ts";
import { registerOperationsRoutes } from "./routes/operations/operations.handlers.ts";
import { registerOpportunityRoutes } from "./routes/opportunities/opportunities.handlers.ts";
import { registerPartnershipRoutes } from "./routes/partnership/partnership.handlers.ts";
import { registerPaymentRoutes } from "./routes/payments/payments.handlers.ts";
import { registerPayoutRoutes } from "./routes/payouts/payouts.handlers.ts";
import { registerProfileRoutes } from "./routes/profiles/profiles.handlers.ts";
import { registerPushRoutes } from "./routes/push/push.handlers.ts";
import { registerReviewRoutes } from "./routes/reviews/reviews.handlers.ts";
import { registerSubscriptionRoutes } from "./routes/subscription/subscription.handlers.ts";
import { registerDevRoutes } from "./routes/system/dev.handlers.ts";
import { registerSystemRoutes } from "./routes/system/system.handlers.ts";
import { registerVerificationRoutes } from "./routes/verification/verification.handlers.ts";
import type { AppRuntime } from "./runtime.ts";

export interface AppOptions {
  readonly runtime: AppRuntime;
  readonly db: Db;
  readonly logger: Logger;
  readonly version?: string;
  readonly rateLimits?: RateLimits;
  readonly trustProxy?: boolean;
  /** Extra origins allowed to make state-changing requests (the request's own is always allowed). */
  readonly allowedOrigins?: readonly string[];
  /** Folder holding <name>/dist for shell, business, agent, admin; omit to serve only the API. */
  readonly frontendsDir?: string | undefined;
  /**
   * The shell's built server entry (config SSR_ENTRY; ADR 0047); default
   * <frontendsDir>/shell/dist-server/entry-server.js when it exists, else pages render in the browser.
   */
  readonly ssrEntry?: string | undefined;
  /** The run-time manifest of remotes served at /remotes.json. */
  readonly remotes?: Readonly<Record<string, string>>;
  /** Serve the development outbox at GET /api/dev/mailbox (never in production). */
  readonly devMailbox?: boolean;
  /** The platform as seller on tax invoices (config PLATFORM_NAME, PLATFORM_ABN, …). */
  readonly platform?: TaxInvoiceSeller;
  /** Largest accepted request body, in bytes (default 64 KiB). */
  readonly maxBodyBytes?: number;
  /** Live event stream timings (GET /api/events); defaults in events.handlers.ts. */
  readonly eventStream?: EventStreamOptions;
  /** HMAC key of signed file links; a random one per process when unset (development, tests). */
  readonly fileLinkSecret?: string | undefined;
  /** Queue and shutdown state for /readyz and /metrics (issue 21); see ops/operations.ts. */
  readonly operations?: Omit<OperationsOptions, "db">;
  /** Keep rate-limit counters in PostgreSQL, shared by every process (default true; false = memory). */
  readonly sharedRateLimits?: boolean;
}

/** Upload routes (multipart/form-data): 3 documents of at most 10 MB each, plus the form fields. */
const UPLOAD_ROUTE =
  /^\/api\/(?:verification-requests(?:\/\d+\/resubmit)?|admin\/media|disputes\/\d+\/evidence|deals\/\d+\/proofs)$/;
/** Sales CSV imports (issue 43): text/csv or multipart/form-data, up to the upload limit (20,000 rows). */
const CSV_IMPORT_ROUTE = /^\/api\/partnerships\/\d+\/sales\/import$/;
const CSV_TYPE = /^text\/csv\s*(?:;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*;/i;
const MAX_UPLOAD_BYTES = 31 * 1024 * 1024;

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export function createApp(options: AppOptions) {
  const { runtime, db, logger } = options;
  const rateLimits = options.rateLimits ?? defaultRateLimits;
  const fileLinkSecret = options.fileLinkSecret ?? randomBytes(32).toString("base64url");
  const trustProxy = options.trustProxy ?? false;
  // Rate-limit counters shared by every process in PostgreSQL, unless turned off (ADR 0015).
  const limitDb = options.sharedRateLimits === false ? undefined : db;

  // One hook for every contract route: zod's errors, and text PostgreSQL cannot store (ADR 0034).
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  const isAllowedOrigin = (origin: string, c: Context) =>
    origin === new URL(c.req.url).origin || (options.allowedOrigins ?? []).includes(origin);

  /** Whether a state-changing cookie request comes from another site (Origin, else Sec-Fetch-Site). */
  const isCrossSite = (c: Context) => {
    const origin = c.req.header("origin");
    return origin ? !isAllowedOrigin(origin, c) : c.req.header("sec-fetch-site") === "cross-site";
  };
  const originRejected = (c: Context) =>
    problem(c, "origin-rejected", {
      detail: `Requests from ${c.req.header("origin") ?? "another site"} are not allowed.`,
    });

  app.use(requestId());
  // Read by the session cookie's Secure flag (X-Forwarded-Proto behind the proxy, issue 48).
  app.use(async (c, next) => {
    c.set(TRUST_PROXY_VARIABLE, trustProxy);
    await next();
  });
  // /healthz, /readyz, /metrics and the HTTP latency histograms (issue 21).
  let liveStreams: (() => number) | undefined;
  runtime.runPromise(LiveEventHub).then(
    (hub) => {
      liveStreams = hub.size;
    },
    () => {},
  );
  const operations = createOperations({
    db,
    sseConnections: () => liveStreams?.() ?? 0,
    ...options.operations,
  });
  app.use(operations.middleware);
  operations.register(app);
  app.use(async (c, next) => {
    const started = performance.now();
    const log = logger.child({ reqId: c.get("requestId") });
    c.set("logger", log);
    await next();
    const api = c.req.path.startsWith("/api/");
    const entry = {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      userId: c.get("user")?.id,
    };
    if (c.res.status >= 500) log.error(entry, "request failed");
    else if (api) log.info(entry, "request");
    else log.debug(entry, "asset");
  });
  // Stored files (signed links): nothing inside may run, and only our own pages may frame them
  // (the reviewer's inline preview). Registered before secureHeaders so it has the last word.
  app.use("/api/files/*", async (c, next) => {
    await next();
    c.res.headers.set(
      "content-security-policy",
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    );
    c.res.headers.set("x-frame-options", "SAMEORIGIN");
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // Stripe.js and its Payment Element (issue 5; https://docs.stripe.com/security/guide#content-security-policy).
        scriptSrc: ["'self'", "https://js.stripe.com", "https://*.js.stripe.com"],
        frameSrc: ["'self'", "https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", "https://api.stripe.com"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: "strict-origin-when-cross-origin",
      // A header a route set itself has the last word: stored media and dispute evidence keep
      // their sandboxing Content-Security-Policy (ADR 0034).
      overwrite: false,
    }),
  );
  // gzip/deflate for text, JSON, JS, CSS and SVG of 1 KB or more (hono's compress; event streams
  // pass through). JSON answers get their Content-Length first, so the threshold applies to them
  // too (ADR 0057).
  app.use(compress());
  app.use("/api/*", jsonContentLength());

  // API guards: origin, media type, body size, then the session. State-changing requests
  // must come from an allowed origin (Origin header, else Sec-Fetch-Site) and carry JSON:
  // HTML forms cannot send JSON, and cross-site fetches of JSON need a CORS preflight we never grant.
  app.use("/api/*", async (c, next) => {
    if (!UNSAFE.has(c.req.method)) return next();
    // The Origin check guards cookie sessions only (issue 20): a bearer token is never sent by
    // the browser on its own, so a request carrying one cannot be a forged cross-site request.
    const bearer = bearerToken(c) !== undefined;
    if (!bearer && isCrossSite(c)) return originRejected(c);
    const hasBody =
      Number(c.req.header("content-length") ?? 0) > 0 || c.req.header("transfer-encoding") !== undefined;
    const type = c.req.header("content-type");
    if (c.req.method === "POST" && UPLOAD_ROUTE.test(c.req.path)) {
      if (!MULTIPART_TYPE.test(type ?? ""))
        return problem(c, "unsupported-media-type", {
          detail: "Send the application as multipart/form-data.",
        });
      return next();
    }
    if (c.req.method === "POST" && CSV_IMPORT_ROUTE.test(c.req.path)) {
      if (!MULTIPART_TYPE.test(type ?? "") && !CSV_TYPE.test(type ?? ""))
        return problem(c, "unsupported-media-type", {
          detail: "Send the CSV as text/csv, or as the field `file` of multipart/form-data.",
        });
      return next();
    }
    if ((hasBody || type) && !JSON_TYPE.test(type ?? "")) {
      return problem(c, "unsupported-media-type", { detail: "Send the request body as application/json." });
    }
    return next();
  });
  // The refused body is left unread on the socket, so the connection cannot carry another
  // request: say so (Connection: close) and Node closes it after this answer (issue 21).
  const tooLarge = (c: Context) => {
    c.header("connection", "close");
    return problem(c, "payload-too-large", { detail: "The request body is too large." });
  };
  const defaultLimit = bodyLimit({ maxSize: options.maxBodyBytes ?? 64 * 1024, onError: tooLarge });
  const uploadLimit = bodyLimit({ maxSize: MAX_UPLOAD_BYTES, onError: tooLarge });
  // GET and HEAD requests have no body (the fetch standard's Request refuses one), so they skip the
  // limit: hono's bodyLimit reads `c.req.raw.body`, which turns @hono/node-server's lightweight
  // request into an undici Request (~4 % of the API's CPU under search load; ADR 0029).
  app.use("/api/*", (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD"
      ? next()
      : c.req.method === "POST" && (UPLOAD_ROUTE.test(c.req.path) || CSV_IMPORT_ROUTE.test(c.req.path))
        ? uploadLimit(c, next)
        : defaultLimit(c, next),
  );
  // JSON nested deeper than 64 levels is refused here (422), before the session, the guards and
  // anything recursive sees the value, so it is the same answer signed in or out (issue 48).
  app.use("/api/*", jsonDepthLimit());
  app.use("/api/*", sessionResolver(runtime));
  // API keys (issue 20): a bearer token replaces the session, with per-key limits and scopes.
  app.use("/api/*", apiKeyAuth(runtime, rateLimits.apiKey, limitDb));
  // Location on the 201s the contract declares it for (issue 49); outside idempotency, so a
  // replayed 201 carries it too.
  app.use("/api/*", createdLocation());
  // Idempotency-Key on the POSTs that create invoices, payment intents, partnerships, messages.
  app.use("/api/*", idempotency(db));
  // API answers carry personal data: no cache (browser, proxy or service worker) keeps them
  // unless a route says otherwise (issue 19).
  app.use("/api/*", noStoreByDefault());

  // Login (issue 48, ADR 0058): device cookies beside the per-username and per-address budgets.
  app.use(
    "/api/login",
    loginGuard(runtime, {
      perUsername: rateLimits.login,
      perAddress: rateLimits.loginByAddress ?? loginByAddressDefault,
      perDevice: rateLimits.loginByDevice,
      trustProxy,
      db: limitDb,
    }),
  );
  app.use(
    "/api/register",
    limitBy(rateLimits.register, (c) => `register:${clientBudgetKey(c, trustProxy)}`, limitDb),
  );
  app.use("/api/messages", messageSendLimiter(rateLimits.messages, limitDb));
  // Password recovery (issue 15, OWASP Forgot Password): per client address and per email.
  app.use(
    "/api/forgot-password",
    limitBy(
      rateLimits.forgotPasswordByAddress ?? accountRateLimits.forgotPasswordByAddress,
      (c) => `forgot:${clientBudgetKey(c, trustProxy)}`,
      limitDb,
    ),
  );
  // Per (email, client): a stranger asking for someone's reset link spends their own budget,
  // not the owner's (issue 48); a higher daily ceiling per email bounds the mail any one
  // address receives (OWASP Forgot Password cheat sheet).
  const forgotEmail = async (c: Context) => {
    try {
      const body = (await c.req.raw.clone().json()) as { email?: unknown };
      if (typeof body?.email === "string") return body.email.trim().toLowerCase().slice(0, 254);
    } catch {}
    return "";
  };
  app.use(
    "/api/forgot-password",
    limitBy(
      rateLimits.forgotPasswordByEmail ?? accountRateLimits.forgotPasswordByEmail,
      async (c) => `forgot-email:${await forgotEmail(c)}:${clientBudgetKey(c, trustProxy)}`,
      limitDb,
    ),
  );
  app.use(
    "/api/forgot-password",
    limitBy(
      rateLimits.forgotPasswordByEmailDaily ?? accountRateLimits.forgotPasswordByEmailDaily,
      async (c) => `forgot-email-day:${await forgotEmail(c)}`,
      limitDb,
    ),
  );
  // Contact form and newsletter sign-up (issue 16): per client address.
  for (const path of ["/api/contact", "/api/newsletter"]) {
    app.use(
      path,
      limitBy(
        rateLimits.contact ?? contentRateLimits.contact,
        (c) => `${path}:${clientBudgetKey(c, trustProxy)}`,
      ),
    );
  }
  for (const path of ["/api/reset-password", "/api/verify-reset-token"]) {
    app.use(
      path,
      limitBy(
        rateLimits.resetPassword ?? accountRateLimits.resetPassword,
        (c) => `reset:${clientBudgetKey(c, trustProxy)}`,
        limitDb,
      ),
    );
  }

  registerSystemRoutes(app, db, options.version ?? openApiInfo.info.version);
  registerIdentityRoutes(app, runtime);
  registerAccountRoutes(app, runtime);
  registerOnboardingRoutes(app, runtime);
  registerProfileRoutes(app, runtime);
  registerPartnershipRoutes(app, runtime);
  registerDevRoutes(app, runtime, { mailbox: options.devMailbox ?? false });
  registerSubscriptionRoutes(app, runtime, {
    devTools: options.devMailbox ?? false,
    seller: options.platform ?? defaultPlatform,
  });
  registerInvoiceRoutes(app, runtime);
  registerPaymentRoutes(app, runtime);
  registerMandateRoutes(app, runtime, { trustProxy });
  registerVerificationRoutes(app, runtime, { linkSecret: fileLinkSecret });
  registerPayoutRoutes(app, runtime, { seller: options.platform ?? defaultPlatform });
  registerContentRoutes(app, runtime);
  registerHelpRoutes(app, runtime);
  registerReviewRoutes(app, runtime);
  // Signing re-enters the password (issue 17): only a party's wrong passwords count, per signer
  // and agreement, so a stranger cannot lock the parties out (ADR 0034).
  registerAgreementRoutes(app, runtime, {
    trustProxy,
    signAttempts: failureBudget(rateLimits.agreementSign ?? rateLimits.login, limitDb),
  });
  registerDisputeRoutes(app, runtime);
  registerCommissionRoutes(app, runtime);
  registerDealRoutes(app, runtime);
  registerPushRoutes(app, runtime);
  registerIntegrationRoutes(app, runtime);

  registerMessagingRoutes(app, runtime);
  registerEventRoutes(app, runtime, options.eventStream);
  registerNotificationRoutes(app, runtime);
  registerOperationsRoutes(app, runtime);
  registerInsightsRoutes(app, runtime);
  registerOpportunityRoutes(app, runtime);
  registerContractComponents(app);
  // The served document is the generated one, finished as contracts/openapi.json is (ADR 0021).
  let served: unknown;
  app.openapi(systemRoutes.getOpenApiDocument, (c) => {
    served ??= finishDocument(app.getOpenAPI31Document(openApiInfo));
    return c.json(served as { openapi: string }, 200);
  });
  mountDocs(app);

  app.all("/api/*", (c) => problem(c, "not-found", { detail: `No route ${c.req.method} ${c.req.path}.` }));

  registerPublicSite(app, runtime);
  if (options.frontendsDir)
    mountFrontends(app, options.frontendsDir, options.remotes ?? {}, runtime, trustProxy, options.ssrEntry, {
      isCrossSite,
      originRejected,
    });

  app.notFound((c) => problem(c, "not-found", { detail: `Nothing at ${c.req.path}.` }));

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      const status = error.status;
      if (status === 403) return problem(c, "origin-rejected", { detail: "Cross-site request rejected." });
      if (status === 413)
        return problem(c, "payload-too-large", { detail: "The request body is too large." });
      if (status === 400)
        return problem(c, "malformed-request", { detail: error.message || "Malformed request." });
    }
    (c.get("logger") ?? logger).error({ err: error }, "unhandled error");
    // ADR 0025: the change and its follow-up job were rolled back together; nothing is half done.
    if (error instanceof OutboxWriteFailed)
      return problem(c, "internal", {
        detail: "Nothing was saved: we could not queue what this change sends. Please try again.",
      });
    return problem(c, "internal", { detail: "Something went wrong on our side. Please try again." });
  });

  return app;
}

/** Swagger UI from swagger-ui-dist, served locally (no CDN), with no inline script (CSP). */
function mountDocs(app: OpenAPIHono<AppEnv>) {
  const require = createRequire(import.meta.url);
  const dist = join(require.resolve("swagger-ui-dist/package.json"), "..");
  const assets: Record<string, string> = {
    "swagger-ui.css": "text/css; charset=utf-8",
    "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  };
  app.openapi(systemRoutes.getApiReference, (c) =>
    c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Closr API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div><script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body></html>`),
  );
  app.get("/api/docs/init.js", (c) =>
    c.body(
      'window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", persistAuthorization: true, tryItOutEnabled: true, displayOperationId: true, filter: true });',
      200,
      {
        "content-type": "text/javascript; charset=utf-8",
      },
    ),
  );
  app.get("/api/docs/:asset", (c) => {
    const type = assets[c.req.param("asset")];
    if (!type) return problem(c, "not-found");
    return c.body(readFileSync(join(dist, c.req.param("asset"))), 200, {
      "content-type": type,
      "cache-control": "public, max-age=86400",
    });
  });
}

/** Static frontends: remotes under /remotes/<name>/, the run-time manifest, and the shell with SPA fallback. */
function mountFrontends(
  app: OpenAPIHono<AppEnv>,
  dir: string,
  remotes: Readonly<Record<string, string>>,
  runtime: AppRuntime,
  trustProxy: boolean,
  ssrEntry: string | undefined,
  guard: { isCrossSite: (c: Context) => boolean; originRejected: (c: Context) => Response },
) {
  const noCache = (path: string) =>
    /(?:index\.html|remoteEntry\.js|mf-manifest\.json|sw\.js|manifest\.webmanifest|pwa-early\.js)$/.test(
      path,
    );
  const cacheHeaders = (path: string, c: Context) => {
    c.header("cache-control", noCache(path) ? "no-cache" : "public, max-age=31536000, immutable");
  };
  app.get("/remotes.json", (c) => {
    c.header("cache-control", "no-cache");
    return c.json(remotes);
  });
  for (const name of ["business", "agent", "admin"]) {
    const root = join(dir, name, "dist");
    app.use(
      `/remotes/${name}/*`,
      serveStatic({
        root,
        rewriteRequestPath: (p) => p.replace(`/remotes/${name}`, ""),
        onFound: cacheHeaders,
      }),
    );
  }
  const shell = join(dir, "shell", "dist");
  const shellFiles = serveStatic({ root: shell, onFound: cacheHeaders });
  // "/" is not the bare index.html: it comes rendered below (ADR 0047).
  app.use("*", (c, next) => (c.req.path === "/" ? next() : shellFiles(c, next)));
  const indexFile = join(shell, "index.html");
  const readIndex = builtFileReader((text) => text);
  const renderer = pageRendererAt(ssrEntry ?? join(shell, "..", "dist-server", "entry-server.js"));
  // A page's form pressed before the app hydrated it posts to the page itself (method="post", so
  // nothing typed lands in a URL or a log). Log in, sign up, forgot password and contact (the
  // forms the entry `acceptsForm`) are done by the server entry, through the same JSON API calls
  // as in the browser — so the same use cases, rate limits and Origin check (issue 46): a redirect
  // (303, with the session cookie the API set) or the page again with the outcome. Any other
  // form's answer is the page again (303), nothing done.
  const formBodyLimit = bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.text("Too large", 413) });
  app.post("*", formBodyLimit, async (c) => {
    const url = new URL(c.req.url);
    const path = url.pathname.replace(/\/+$/, "") || "/";
    const type = c.req.header("content-type") ?? "";
    const entry = existsSync(indexFile) ? await renderer() : undefined;
    if (
      !entry?.acceptsForm?.(path) ||
      !/^(?:application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)
    )
      return c.redirect(url.pathname + url.search, 303);
    // A form post is a browser's cookie request: the API's Origin check, before anything is read.
    if (guard.isCrossSite(c)) return guard.originRejected(c);
    const form: Record<string, string> = {};
    for (const [name, value] of Object.entries(await c.req.parseBody())) {
      if (typeof value === "string") form[name] = value;
    }
    const result = await entry.render({
      url: c.req.url,
      headers: c.req.raw.headers,
      clientAddress: clientAddress(c, trustProxy),
      api: async (request) => app.request(request, undefined, c.env),
      template: readIndex(indexFile) ?? "",
      remoteServerEntry: (name) => remoteServerEntry(dir, remotes, name),
      form,
    });
    for (const cookie of result.setCookies ?? []) c.header("set-cookie", cookie, { append: true });
    c.header("cache-control", "private, no-store");
    if (result.kind === "redirect") return c.redirect(result.location, 303);
    return c.html(preloadRemote(result.html, path, dir, remotes), result.status as 200);
  });
  app.get("*", async (c) => {
    if (!existsSync(indexFile)) {
      return c.text("The frontends are not built yet: run pnpm build (pnpm start does it for you).", 503);
    }
    if (/\.[a-z0-9]+$/i.test(c.req.path))
      return problem(c, "not-found", { detail: `Nothing at ${c.req.path}.` });
    c.header("cache-control", "no-cache");
    const path = c.req.path.replace(/\/+$/, "") || "/";
    // A signed-in user opening /auth goes to their dashboard (spec §2.3) without a round trip.
    const token = path === "/auth" ? readSessionToken(c) : undefined;
    if (token) {
      const session = await runtime.runPromise(Effect.either(currentUser(token)));
      if (session._tag === "Right")
        return c.redirect(
          session.right.user.userType === "business" ? "/business/dashboard" : "/agent/dashboard",
          302,
        );
    }
    const html = readIndex(indexFile);
    if (html === undefined) {
      return c.text("The frontends are not built yet: run pnpm build (pnpm start does it for you).", 503);
    }
    // Pages the shell renders on the server (ADR 0047): the React page in #root, its title and
    // status, and the query cache it hydrates from. Outside the contract's validation hook: text
    // PostgreSQL cannot store never reaches it (ADR 0034).
    const search = new URL(c.req.url).searchParams;
    const storable =
      !isUnrepresentable(c.req.path) && ![...search.keys(), ...search.values()].some(isUnrepresentable);
    const entry = storable ? await renderer() : undefined;
    if (entry?.rendersOnServer(path)) {
      try {
        const result = await entry.render({
          url: c.req.url,
          headers: c.req.raw.headers,
          clientAddress: clientAddress(c, trustProxy),
          api: async (request) => app.request(request, undefined, c.env),
          template: html,
          remoteServerEntry: (name) => remoteServerEntry(dir, remotes, name),
        });
        if (result.kind === "redirect") return c.redirect(result.location, result.status as 302);
        // A page rendered with a session holds that user's data (ADR 0051): never stored by a
        // shared cache, nor by the browser's (a later visitor of the same machine, the back button
        // after signing out).
        if (readSessionToken(c) !== undefined) c.header("cache-control", "private, no-store");
        return c.html(preloadRemote(result.html, path, dir, remotes), result.status as 200);
      } catch (error) {
        // The app still draws the page in the browser from the bare index.html below.
        (c.get("logger") ?? console).error({ err: error }, "server render failed");
      }
    }
    // Signed-in pages (and any page when the server entry is absent) render in the browser; the
    // served HTML still has the page's <title>; a path no page answers is a 404 (ADR 0038).
    const known = appPage(path);
    const titled = withTitle(html, known?.title ?? notFoundTitle);
    return c.html(preloadRemote(titled, path, dir, remotes), known ? 200 : 404);
  });
}

/**
 * The path of remote `name`'s server bundle (<dir>/<name>/dist-server/register.cjs, ADR 0053) when
 * this server serves that remote (its /remotes.json URL is under /remotes/<name>/, as
 * `preloadRemote` checks) and the file exists; undefined otherwise: a remote served from elsewhere
 * may be a different version than the files here, so its area renders the skeleton.
 */
function remoteServerEntry(
  dir: string,
  remotes: Readonly<Record<string, string>>,
  name: string,
): string | undefined {
  if (!remotes[name]?.startsWith(`/remotes/${name}/`)) return undefined;
  const file = resolve(dir, name, "dist-server", "register.cjs");
  return existsSync(file) ? file : undefined;
}

/** index.html with `title` (escaped) in place of its <title>; unchanged when `title` is null. */
function withTitle(indexHtml: string, title: string | null): string {
  if (title === null) return indexHtml;
  return indexHtml.replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`);
}

/** HTML-escapes text for element content and attribute values. */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

/** The parts of a remote's mf-manifest.json that `preloadRemote` reads (read once per file version). */
const readManifest = builtFileReader(
  (text) =>
    JSON.parse(text) as {
      exposes?: {
        name: string;
        assets?: { js?: { sync?: string[] }; css?: { sync?: string[]; async?: string[] } };
      }[];
    },
);

/**
 * For a page inside a remote's area (/business/…, /agent/…, /admin…), adds modulepreload links
 * for that remote's entry and the chunks of its `./register` module (from the remote's
 * dist/mf-manifest.json), so the browser fetches them alongside the shell's own JavaScript
 * instead of after the session check and /remotes.json (issue 19, dashboard performance), and
 * stylesheet links for the CSS of that module (`assets.css`: the server may have drawn the remote's
 * page, ADR 0053, which must not show unstyled until the remote's JavaScript adds its CSS).
 * Only remotes served here (a /remotes/<name>/ URL); an unreadable manifest preloads the entry only.
 */
function preloadRemote(
  indexHtml: string,
  path: string,
  dir: string,
  remotes: Readonly<Record<string, string>>,
): string {
  const name = /^\/(business|agent|admin)(?:\/|$)/.exec(path)?.[1];
  const entry = name ? remotes[name] : undefined;
  if (!name || !entry?.startsWith(`/remotes/${name}/`)) return indexHtml;
  const urls = [entry];
  const styles: string[] = [];
  const manifest = readManifest(join(dir, name, "dist", "mf-manifest.json"));
  // No manifest (remote not built with one): the entry alone still saves a round trip.
  const register = manifest?.exposes?.find((e) => e.name === "register");
  for (const asset of register?.assets?.js?.sync ?? []) urls.push(`/remotes/${name}/${asset}`);
  const css = register?.assets?.css;
  for (const asset of new Set([...(css?.sync ?? []), ...(css?.async ?? [])]))
    styles.push(`/remotes/${name}/${asset}`);
  const links = [
    ...styles.map((u) => `<link rel="stylesheet" href="${u}">`),
    ...urls.map((u) => `<link rel="modulepreload" crossorigin href="${u}">`),
  ].join("");
  return indexHtml.replace("</head>", `${links}</head>`);
}
