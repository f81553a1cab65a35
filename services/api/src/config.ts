/** The platform as seller on tax invoices (issue 13); ABN 51 824 753 556 has a valid checksum. */
export const defaultPlatform = {
  name: "Closr Pty Ltd",
  abn: "51824753556",
  address: "Level 1, 1 Martin Place, Sydney NSW 2000",
  email: "billing@closr.com.au",
} as const;

/**
 * Service configuration from the environment. Every setting has a default that runs the
 * whole product on one port over the embedded database.
 */
import { resolve } from "node:path";
import { isValidAbn } from "@closr/core/subscription";

export interface Config {
  readonly port: number;
  /** REGISTER_LIMIT_PER_HOUR: sign-ups per client address per hour (default 20, ADR 0001). */
  readonly registerLimitPerHour: number;
  /**
   * LOGIN_ADDRESS_LIMIT: failed logins per client address per 15 minutes across every username
   * (credential stuffing; default 50, ADR 0034). Behind a proxy, set TRUST_PROXY so the address
   * is the client's, not the proxy's.
   */
  readonly loginAddressLimit: number;
  /** APP_URL: the public origin of the web app, for links in emails (default http://localhost:PORT). */
  readonly appUrl: string;
  /** postgres:// URL; unset means embedded PGlite under `dataDir`. */
  readonly databaseUrl: string | undefined;
  /** DATABASE_READ_URL: a read replica for search queries (issue 21); unset = the primary. */
  readonly databaseReadUrl: string | undefined;
  /**
   * JOB_WORKERS=0: this process enqueues jobs but runs none (a web-only process beside worker
   * processes; bench:queue uses it to build a backlog). Default: it runs them.
   */
  readonly jobWorkers: boolean;
  /** SHUTDOWN_TIMEOUT_MS: how long SIGTERM waits for in-flight requests (default 10 000). */
  readonly shutdownTimeoutMs: number;
  readonly dataDir: string;
  readonly production: boolean;
  readonly logLevel: string;
  /** Origins (scheme://host:port) allowed to make state-changing cookie requests, besides the request's own. */
  readonly allowedOrigins: readonly string[];
  /** Trust X-Forwarded-For for the client address (behind a load balancer). */
  readonly trustProxy: boolean;
  /** Folder holding frontends/<name>/dist; unset means do not serve the frontends. */
  readonly frontendsDir: string | undefined;
  /** The shell's built server entry (SSR_ENTRY; ADR 0047); unset = frontends/shell/dist-server/entry-server.js. */
  readonly ssrEntry: string | undefined;
  /** Where the shell finds each remote's entry (run-time manifest, /remotes.json). */
  readonly remotes: Readonly<Record<"business" | "agent" | "admin", string>>;
  /** Seed demo users: by default on the embedded database; SEED_DEMO=1 forces it, 0 stops it; never in production. */
  readonly seedDemo: boolean;
  /** SMTP_URL (smtp://user:pass@host:587) and MAIL_FROM: real email; unset = the development outbox. */
  readonly smtp: { readonly transport: string; readonly from: string } | undefined;
  /** SUPPORT_EMAIL: where the contact form is delivered (default support@closr.com.au). */
  readonly supportEmail: string;
  /** The platform on tax invoices: PLATFORM_NAME, PLATFORM_ABN (checksum checked), PLATFORM_ADDRESS, PLATFORM_EMAIL. */
  readonly platform: {
    readonly name: string;
    readonly abn: string;
    readonly address: string;
    readonly email: string;
  };
  /** Stripe (issue 5): set when STRIPE_SECRET_KEY is; otherwise the local payment gateway is used. */
  readonly stripe:
    | {
        readonly secretKey: string;
        /** STRIPE_WEBHOOK_SECRET (whsec_…): verifies POST /api/stripe/webhook. */
        readonly webhookSecret: string | undefined;
        /** STRIPE_PUBLISHABLE_KEY (pk_…): given to the browser at run time via /api/payment-config. */
        readonly publishableKey: string | undefined;
        /** STRIPE_API_BASE: another host for Stripe's API (a local stand-in). */
        readonly apiBase: string | undefined;
        /** STRIPE_CONNECT_WEBHOOK_SECRET: verifies POST /api/stripe/connect-webhook (default: STRIPE_WEBHOOK_SECRET). */
        readonly connectWebhookSecret: string | undefined;
      }
    | undefined;
  /** PLATFORM_FEE_PERCENT (default 5): the platform fee on an invoice's ex-GST amount, in basis points (issue 14). */
  readonly feeBasisPoints: number;
  /** Uploaded files: local disk under UPLOADS_DIR (default .data/uploads), or S3 when S3_BUCKET is set. */
  readonly storage: StorageConfig;
  /** FILE_LINK_SECRET: the HMAC key of signed file links (required in production; random per process otherwise). */
  readonly fileLinkSecret: string | undefined;
  /**
   * DEVICE_COOKIE_SECRET: the HMAC key of device cookies (issue 48, OWASP device cookies), at
   * least 32 characters; required in production so known devices stay known across restarts
   * and replicas; random per process otherwise. Changing it forgets every device.
   */
  readonly deviceCookieSecret: string | undefined;
  /** Web push VAPID keys (issue 19): VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT (mailto:/https:); unset = generated at start (development). */
  readonly vapid: {
    readonly publicKey: string | undefined;
    readonly privateKey: string | undefined;
    readonly subject: string | undefined;
  };
  /** ABR_GUID: look ABNs up in the ABR web service; unset = the local table. */
  readonly abr: { readonly guid: string; readonly baseUrl: string | undefined } | undefined;
}

export interface StorageConfig {
  readonly uploadsDir: string;
  readonly s3:
    | {
        readonly bucket: string;
        readonly region: string | undefined;
        /** S3_ENDPOINT: an S3-compatible service (MinIO, R2); path-style addressing is then used. */
        readonly endpoint: string | undefined;
      }
    | undefined;
}

/** PLATFORM_FEE_PERCENT (0–50, up to 2 decimals; default 5) as basis points; anything else stops start-up. */
function feeBasisPoints(value: string | undefined): number {
  if (value === undefined || value === "") return 500;
  const percent = Number(value);
  if (!Number.isFinite(percent) || percent < 0 || percent > 50 || Math.round(percent * 100) !== percent * 100)
    throw new Error(
      `PLATFORM_FEE_PERCENT ${value} is not a percentage from 0 to 50 with at most 2 decimals.`,
    );
  return Math.round(percent * 100);
}

/** PLATFORM_ABN without spaces; a wrong checksum stops start-up (a tax invoice must carry a valid ABN). */
function platformAbn(value: string | undefined): string {
  const abn = (value ?? defaultPlatform.abn).replace(/\s/g, "");
  if (!isValidAbn(abn)) throw new Error(`PLATFORM_ABN ${value} is not a valid ABN (checksum).`);
  return abn;
}

const list = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** Reads the configuration from `env` (default `process.env`). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, repoRoot = process.cwd()): Config {
  const production = env.NODE_ENV === "production";
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT ?? 3000),
    registerLimitPerHour: Number(env.REGISTER_LIMIT_PER_HOUR ?? 20),
    loginAddressLimit: Number(env.LOGIN_ADDRESS_LIMIT ?? 50),
    appUrl: env.APP_URL ?? `http://localhost:${Number(env.PORT ?? 3000)}`,
    databaseUrl,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    jobWorkers: env.JOB_WORKERS !== "0",
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS ?? 10_000),
    dataDir: resolve(repoRoot, env.DATA_DIR ?? ".data/pglite"),
    production,
    logLevel: env.LOG_LEVEL ?? "info",
    allowedOrigins: list(env.ALLOWED_ORIGINS),
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    frontendsDir:
      env.SERVE_FRONTENDS === "0" ? undefined : resolve(repoRoot, env.FRONTENDS_DIR ?? "frontends"),
    ssrEntry: env.SSR_ENTRY ? resolve(repoRoot, env.SSR_ENTRY) : undefined,
    remotes: {
      business: env.REMOTE_BUSINESS_URL ?? "/remotes/business/remoteEntry.js",
      agent: env.REMOTE_AGENT_URL ?? "/remotes/agent/remoteEntry.js",
      admin: env.REMOTE_ADMIN_URL ?? "/remotes/admin/remoteEntry.js",
    },
    seedDemo: !production && (env.SEED_DEMO === "1" || (!databaseUrl && env.SEED_DEMO !== "0")),
    smtp: env.SMTP_URL
      ? { transport: env.SMTP_URL, from: env.MAIL_FROM ?? "Closr <no-reply@closr.com.au>" }
      : undefined,
    supportEmail: env.SUPPORT_EMAIL ?? "support@closr.com.au",
    platform: {
      name: env.PLATFORM_NAME ?? defaultPlatform.name,
      abn: platformAbn(env.PLATFORM_ABN),
      address: env.PLATFORM_ADDRESS ?? defaultPlatform.address,
      email: env.PLATFORM_EMAIL ?? defaultPlatform.email,
    },
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
          apiBase: env.STRIPE_API_BASE || undefined,
          connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET || undefined,
        }
      : undefined,
    feeBasisPoints: feeBasisPoints(env.PLATFORM_FEE_PERCENT),
    storage: {
      uploadsDir: resolve(repoRoot, env.UPLOADS_DIR ?? ".data/uploads"),
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION || undefined,
            endpoint: env.S3_ENDPOINT || undefined,
          }
        : undefined,
    },
    fileLinkSecret: env.FILE_LINK_SECRET || undefined,
    deviceCookieSecret: env.DEVICE_COOKIE_SECRET || undefined,
    vapid: {
      publicKey: env.VAPID_PUBLIC_KEY || undefined,
      privateKey: env.VAPID_PRIVATE_KEY || undefined,
      subject: env.VAPID_SUBJECT || undefined,
    },
    abr: env.ABR_GUID ? { guid: env.ABR_GUID, baseUrl: env.ABR_BASE_URL || undefined } : undefined,
  };
}
