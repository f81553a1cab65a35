/**
 * A real app on a fresh test database (see @closr/adapters/postgres/testing) for integration
 * tests, with a cookie-keeping client. Every response is checked against openapi.json; the
 * violations collected are asserted empty by the tests.
 *
 * With `CLOSR_TEST_PRISM=1` (issue 49; `pnpm --filter @closr/contracts check:prism-suite`) the app
 * is served over HTTP with Prism's validating proxy in front (testing/prism-proxy.ts) and every
 * request goes through Prism: what Prism finds joins the violations — every response violation,
 * and a request violation on a request the API accepted (status < 400). A request the API refused
 * may break the contract on purpose (the validation tests send such requests).
 */

import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inProcessRetryPolicies, startInProcessJobWorker } from "@closr/adapters/jobs";
import type { SmtpOptions } from "@closr/adapters/mail";
import { createTestDatabase, type TestDatabase } from "@closr/adapters/postgres/testing";
import type { StripeGatewayConfig } from "@closr/adapters/stripe";
import type { WebhookRetrySettings } from "@closr/core/integrations";
import type { Clock } from "@closr/core/shared";
import { serve } from "@hono/node-server";
import type { Layer } from "effect";
import { sql } from "kysely";
import pino, { type Logger } from "pino";
import { createApp } from "../app.ts";
import { defaultRateLimits, type RateLimits } from "../http/rate-limit.ts";
import { jobHandlers } from "../jobs/job-handlers.ts";
import { type AppRuntime, makeAppLayer, makeRuntime } from "../runtime.ts";
import { contractViolations } from "./contract-validator.ts";
import { type PrismProxy, prismViolationsOf, startPrismProxy } from "./prism-proxy.ts";

export interface TestApp {
  readonly app: ReturnType<typeof createApp>;
  readonly runtime: AppRuntime;
  readonly database: TestDatabase;
  /** Contract violations seen so far. */
  readonly violations: string[];
  /** Where uploaded files go (a temp dir, removed on close). */
  readonly uploadsDir: string;
  /** The HMAC key of signed file links. */
  readonly fileLinkSecret: string;
  /** Runs every due background job now (the worker also polls); resolves with how many ran. */
  readonly runJobs: () => Promise<number>;
  /** A new browser-like client with its own cookie jar. */
  readonly client: () => TestClient;
  readonly close: () => Promise<void>;
}

export interface TestClient {
  request: (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;
  readonly cookies: Map<string, string>;
}

export async function createTestApp(
  options: {
    rateLimits?: RateLimits;
    frontendsDir?: string;
    stripe?: StripeGatewayConfig & { readonly connectWebhookSecret?: string };
    /** Replaces the system clock (renewal tests move it). */
    clock?: Layer.Layer<Clock>;
    /** Send mail through SMTP (MailerSmtp) instead of the outbox. */
    smtp?: SmtpOptions;
    /**
     * "direct" (default here: tests read the outbox right after a request) delivers in the
     * Mailer call; "queued" is the production path, a durable `send-email` job (issue 21)
     * delivered by `runJobs()`.
     */
    mail?: "queued" | "direct";
    /** Outgoing webhooks' back-off (ADR 0023); tests shorten it. */
    webhookRetry?: WebhookRetrySettings;
    /** Take the client address from X-Forwarded-For (as behind the platform's proxy). */
    trustProxy?: boolean;
    /** Where the app logs (default: pino at level TEST_LOG, else silent); tests read what it wrote. */
    logger?: Logger;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const uploadsDir = mkdtempSync(join(tmpdir(), "closr-test-uploads-"));
  const fileLinkSecret = "test-file-link-secret-0123456789";
  const runtime = makeRuntime(
    makeAppLayer(
      database.db,
      undefined,
      {
        stripe: options.stripe,
        smtp: options.smtp,
        mail: options.mail ?? "direct",
        storage: { uploadsDir },
        appUrl: "http://localhost",
        webhooks: { allowPrivate: true, retry: options.webhookRetry },
      },
      options.clock,
    ),
  );
  const jobs = startInProcessJobWorker(database.db, jobHandlers(runtime), {
    pollMs: 60_000,
    retry: inProcessRetryPolicies(options.webhookRetry),
  });
  const app = createApp({
    runtime,
    db: database.db,
    logger: options.logger ?? pino({ level: process.env.TEST_LOG ?? "silent" }),
    rateLimits: options.rateLimits ?? {
      login: { ...defaultRateLimits.login, limit: 1000 },
      loginByAddress: { ...defaultRateLimits.login, limit: 1000 },
      register: { ...defaultRateLimits.register, limit: 1000 },
      forgotPasswordByAddress: { limit: 1000, windowMs: 60_000 },
      forgotPasswordByEmail: { limit: 1000, windowMs: 60_000 },
      forgotPasswordByEmailDaily: { limit: 1000, windowMs: 60_000 },
      resetPassword: { limit: 1000, windowMs: 60_000 },
      contact: { limit: 1000, windowMs: 60_000 },
    },
    frontendsDir: options.frontendsDir,
    remotes: { business: "/remotes/business/remoteEntry.js" },
    devMailbox: true,
    fileLinkSecret,
    trustProxy: options.trustProxy ?? false,
  });
  const violations: string[] = [];
  const prism = process.env.CLOSR_TEST_PRISM === "1" ? await servedBehindPrism(app) : undefined;
  /** One request to the app: in process, or over HTTP through Prism (its findings recorded). */
  const send = async (path: string, init: RequestInit): Promise<Response> => {
    if (!prism) return app.request(`http://localhost${path}`, init);
    const headers = new Headers(init.headers);
    headers.set("accept-encoding", "identity");
    const response = await fetch(`${prism.proxy.url}${path}`, { ...init, headers, redirect: "manual" });
    for (const found of prismViolationsOf(response)) {
      const [side] = found.location;
      if (side === "response" || response.status < 400)
        violations.push(
          `prism ${init.method ?? "GET"} ${path} ${response.status}: ${found.location.join(".")} ${found.message}`,
        );
    }
    return response;
  };

  const client = (): TestClient => {
    const cookies = new Map<string, string>();
    return {
      cookies,
      request: async (path, init = {}) => {
        const headers = new Headers(init.headers);
        if (init.json !== undefined) headers.set("content-type", "application/json");
        if (init.body instanceof FormData) {
          // Encode like a browser, so the multipart body carries a Content-Length.
          const encoded = new Response(init.body);
          headers.set("content-type", encoded.headers.get("content-type") ?? "");
          const bytes = new Uint8Array(await encoded.arrayBuffer());
          headers.set("content-length", String(bytes.byteLength));
          init = { ...init, body: bytes };
        }
        if (cookies.size) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
        const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
        const response = await send(path, { ...init, headers, ...(body === undefined ? {} : { body }) });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(";");
          const [name, ...rest] = pair!.split("=");
          const value = rest.join("=");
          if (!value || /max-age=0/i.test(line)) cookies.delete(name!.trim());
          else cookies.set(name!.trim(), value);
        }
        violations.push(...(await contractViolations(init.method ?? "GET", path, response)));
        return response;
      },
    };
  };

  return {
    app,
    runtime,
    database,
    violations,
    uploadsDir,
    fileLinkSecret,
    client,
    runJobs: jobs.runDue,
    close: async () => {
      await prism?.close();
      await jobs.stop();
      await runtime.dispose();
      await database.dispose();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** Serves `app` on a free port of 127.0.0.1 with Prism's proxy (report mode) in front. */
async function servedBehindPrism(app: ReturnType<typeof createApp>) {
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const proxy: PrismProxy = await startPrismProxy(
    `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  );
  return {
    proxy,
    close: async () => {
      const requests = proxy.log.filter((line) => line.includes("Request received")).length;
      const found = proxy.log.filter((line) => line.includes("Violation:")).length;
      // One line per app for check:prism-suite's summary (only in this opt-in mode).
      process.stderr.write(`[prism] ${requests} requests, ${found} violation lines logged\n`);
      await proxy.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Gives an agent profile an enabled payout account (issue 14: payouts come before the first
 * invoice), written directly like the tests' partnerships; the payout journeys test the real path.
 */
export async function enablePayouts(
  t: Pick<TestApp, "database">,
  agentProfileId: number,
  tax: { abn?: string; gstRegistered?: boolean } = {},
) {
  await sql`
    INSERT INTO payout_accounts (agent_id, gateway_account_id, charges_enabled, payouts_enabled, details_submitted, abn, gst_registered)
    VALUES (${agentProfileId}, ${`acct_test_${agentProfileId}`}, true, true, true, ${tax.abn ?? null}, ${tax.gstRegistered ?? false})
    ON CONFLICT (agent_id) DO NOTHING`.execute(t.database.db);
}

/**
 * Confirms `email`'s address the way its owner would (issue 15: verification requests and payout
 * set-up need it): reads the sign-up's "Confirm your email" link from the outbox (mail "direct")
 * and posts its token to /api/verify-email. Throws when there is no such mail or the link fails.
 */
export async function confirmEmail(t: Pick<TestApp, "client" | "database">, email: string) {
  const mails = await t.database.db
    .selectFrom("mailOutbox")
    .select(["subject", "body"])
    .where("recipient", "=", email)
    .orderBy("id", "desc")
    .execute();
  const body = mails.find((m) => m.subject.startsWith("Confirm your email"))?.body ?? "";
  const token = body.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no email confirmation link for ${email}`);
  const res = await t.client().request("/api/verify-email", { method: "POST", json: { token } });
  if (res.status !== 200) throw new Error(`verify-email answered ${res.status} for ${email}`);
}
