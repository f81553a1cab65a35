/**
 * Operations endpoints and metrics (issue 21, ADR 0015), outside /api and outside the contract
 * (they are for the platform, not for clients):
 * - GET /healthz: the process is up (liveness; never touches the database).
 * - GET /readyz: the database answers, its migrations are current, the job queue runs and the
 *   process is not shutting down; 503 with the failing checks otherwise (readiness).
 * - GET /metrics: Prometheus text (prom-client): HTTP latency histograms by route, database
 *   connections by state, job queue depth by state, open SSE streams, payments by status, and
 *   the process's default metrics.
 */
import {
  connectionsByState,
  type Db,
  paymentsByStatus,
  pendingMigrations,
  pingDatabase,
} from "@closr/adapters/postgres";
import type { Hono, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { AppEnv } from "../http/env.ts";

export interface OperationsOptions {
  readonly db: Db;
  /** Open SSE streams in this process. */
  readonly sseConnections?: () => number;
  /** Jobs by state (queued, running, failed, …); absent = no queue in this process. */
  readonly queueDepth?: () => Promise<Readonly<Record<string, number>>>;
  /** Whether the job queue's worker runs. */
  readonly queueRunning?: () => boolean;
  /** True once SIGTERM arrived: readiness turns 503 so the balancer stops sending traffic. */
  readonly shuttingDown?: () => boolean;
}

export interface ReadyReport {
  readonly ready: boolean;
  readonly checks: Readonly<Record<string, "ok" | string>>;
}

/** Builds the registry, the request-timing middleware and the three routes. */
export function createOperations(options: OperationsOptions) {
  const { db } = options;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "closr_" });

  const httpDuration = new Histogram({
    name: "closr_http_request_duration_seconds",
    help: "HTTP request duration by method, route template and status.",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const httpTotal = new Counter({
    name: "closr_http_requests_total",
    help: "HTTP requests by method, route template and status.",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  new Gauge({
    name: "closr_db_connections",
    help: "Connections of this database on the server, by state (pg_stat_activity).",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await connectionsByState(db).catch(() => ({}));
      for (const [state, n] of Object.entries(rows)) this.set({ state }, n);
    },
  });
  new Gauge({
    name: "closr_jobs",
    help: "Background jobs by state (queue depth).",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      this.reset();
      const depth: Readonly<Record<string, number>> = (await options.queueDepth?.().catch(() => ({}))) ?? {};
      for (const [state, n] of Object.entries(depth)) this.set({ state }, n);
    },
  });
  new Gauge({
    name: "closr_sse_connections",
    help: "Open live event streams in this process.",
    registers: [registry],
    collect() {
      this.set(options.sseConnections?.() ?? 0);
    },
  });
  new Gauge({
    name: "closr_payments",
    help: "Payments by status.",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await paymentsByStatus(db).catch(() => ({}));
      for (const [status, n] of Object.entries(rows)) this.set({ status }, n);
    },
  });

  /** Times every request; the label is the template of the route that answered (after `next`, hono's route index points at the deepest handler run), never the raw path. */
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const started = performance.now();
    await next();
    let route = "unmatched";
    try {
      route = routePath(c) || "unmatched";
    } catch {}
    if (route === "*" || route === "/*") route = c.req.path.startsWith("/api/") ? "/api/*" : "static";
    const labels = { method: c.req.method, route, status: String(c.res.status) };
    httpDuration.observe(labels, (performance.now() - started) / 1000);
    httpTotal.inc(labels);
  };

  const readiness = async (): Promise<ReadyReport> => {
    const checks: Record<string, string> = {};
    try {
      await pingDatabase(db);
      checks.database = "ok";
      const pending = await pendingMigrations(db);
      checks.migrations = pending.length === 0 ? "ok" : `pending: ${pending.join(", ")}`;
    } catch (error) {
      checks.database = `unreachable: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (options.queueRunning) checks.queue = options.queueRunning() ? "ok" : "stopped";
    if (options.shuttingDown?.()) checks.process = "shutting down";
    return { ready: Object.values(checks).every((v) => v === "ok"), checks };
  };

  const register = (app: Hono<AppEnv>) => {
    app.get("/healthz", (c) => c.json({ status: "ok" }, 200, { "cache-control": "no-store" }));
    app.get("/readyz", async (c) => {
      const report = await readiness();
      return c.json(report, report.ready ? 200 : 503, { "cache-control": "no-store" });
    });
    app.get("/metrics", async (c) =>
      c.body(await registry.metrics(), 200, { "content-type": registry.contentType }),
    );
  };

  return { registry, middleware, readiness, register };
}
