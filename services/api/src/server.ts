/**
 * Composition root: opens the database, migrates, builds the runtime and the app.
 * Used by main.ts (the process) and by tests that need a real server.
 */
import {
  handOverToPgBoss,
  type PgBossQueue,
  startInProcessJobWorker,
  startPgBossQueue,
  startSchedules,
} from "@closr/adapters/jobs";
import { jobsTableDepth, migrateToLatest, openDatabase } from "@closr/adapters/postgres";
import { vapidKeysOrGenerate } from "@closr/adapters/push";
import { deliverLocalGatewayEvents } from "@closr/core/payment";
import { createApp } from "./app.ts";
import type { Config } from "./config.ts";
import { defaultRateLimits, loginByAddressDefault } from "./http/rate-limit.ts";
import { jobHandlers } from "./jobs/job-handlers.ts";
import { createLogger } from "./logger.ts";
import { makeAppLayer, makeRuntime } from "./runtime.ts";

export async function startServices(config: Config) {
  const logger = createLogger(config.logLevel);
  if (config.production && !config.fileLinkSecret)
    throw new Error("FILE_LINK_SECRET must be set in production");
  if (config.production && !config.deviceCookieSecret)
    throw new Error("DEVICE_COOKIE_SECRET must be set in production (device cookies, issue 48)");
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    readUrl: config.databaseReadUrl,
  });
  const migrations = await migrateToLatest(database.db);
  // One line for the run (each migration at debug), so a first start's log stays short.
  const applied = (migrations.results ?? []).map((result) => result.migrationName);
  for (const migration of applied) logger.debug({ migration }, "migrated");
  if (applied.length > 0) logger.info({ count: applied.length, latest: applied.at(-1) }, "migrated");
  const vapid = vapidKeysOrGenerate(config.vapid);
  if (vapid.generated && config.production)
    throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set in production (web push)");
  if (vapid.generated) logger.info("web push: generated development VAPID keys (set VAPID_* to keep them)");
  // Durable jobs (issue 21, ADR 0057): pg-boss on PostgreSQL; PGlite: the in-process queue.
  const pgboss: PgBossQueue | undefined =
    database.kind === "postgres"
      ? await startPgBossQueue(database.db, { onError: (err) => logger.error({ err }, "job queue error") })
      : undefined;
  const shutdown = { requested: false };
  const runtime = makeRuntime(
    // The JobQueue and the queued Mailer write to pg-boss when it runs for this database.
    makeAppLayer(database.db, undefined, {
      stripe: config.stripe,
      smtp: config.smtp,
      storage: config.storage,
      abr: config.abr,
      appUrl: config.appUrl,
      feeBasisPoints: config.feeBasisPoints,
      supportEmail: config.supportEmail,
      vapid,
      deviceCookieSecret: config.deviceCookieSecret,
      // SSRF (ADR 0023): production refuses private and loopback webhook endpoints.
      webhooks: { allowPrivate: !config.production },
    }),
  );
  // Recover from a crash between a local charge and its database write (ADR 0008).
  const delivered = await runtime.runPromise(deliverLocalGatewayEvents());
  if (delivered > 0) logger.info({ delivered }, "local gateway events delivered");
  const app = createApp({
    runtime,
    db: database.db,
    logger,
    trustProxy: config.trustProxy,
    rateLimits: {
      ...defaultRateLimits,
      register: { ...defaultRateLimits.register, limit: config.registerLimitPerHour },
      loginByAddress: { ...loginByAddressDefault, limit: config.loginAddressLimit },
    },
    allowedOrigins: config.allowedOrigins,
    frontendsDir: config.frontendsDir,
    ssrEntry: config.ssrEntry,
    remotes: config.remotes,
    devMailbox: !config.production,
    fileLinkSecret: config.fileLinkSecret,
    platform: config.platform,
    operations: {
      queueDepth: () => (pgboss ? pgboss.depth() : jobsTableDepth(database.db)),
      queueRunning: () => (pgboss && config.jobWorkers ? pgboss.running() : !tableStopped),
      shuttingDown: () => shutdown.requested,
    },
  });
  // Background jobs (ADR 0010, ADR 0015, ADR 0057): emails, forgot-password lookups, data
  // exports, scheduled sweeps. PostgreSQL: pg-boss, which first takes over any job still queued
  // in the `jobs` table (written by an older version under JOB_QUEUE=table). PGlite: the
  // in-process worker of the `jobs` table.
  // JOB_WORKERS=0: a process that only enqueues (ADR 0035).
  const handlers = jobHandlers(runtime);
  if (config.jobWorkers)
    await pgboss?.work(handlers, (err, kind) => logger.error({ err, kind }, "job failed"));
  // Without workers, still create every queue now: created lazily inside a request's transaction
  // it would need a second pool connection while the transaction holds one.
  else for (const kind of Object.keys(handlers)) await pgboss?.ensureQueue(kind);
  if (pgboss) {
    const moved = await handOverToPgBoss(pgboss, database.db);
    if (moved > 0) logger.info({ moved }, "jobs moved from the jobs table to pg-boss");
  }
  let tableStopped = false;
  const jobs =
    config.jobWorkers && !pgboss
      ? startInProcessJobWorker(database.db, handlers, {
          onError: (err, job) => logger.error({ err, job }, "job failed"),
        })
      : { runDue: async () => 0, stop: async () => {} };
  // Periodic work as scheduled jobs (issue 21): local subscription renewals (and the ones due
  // while stopped, at once), notification and review sweeps, session and rate-limit clean-up.
  // Every process offers each tick; the queue keeps one job per tick (adapters/src/jobs/schedules.ts).
  const stopSchedules = startSchedules(database.db, undefined, {
    onError: (err, kind) => logger.error({ err, kind }, "scheduling failed"),
  });
  const close = async () => {
    stopSchedules();
    await pgboss?.stop();
    tableStopped = true;
    await jobs.stop();
    await runtime.dispose();
    await database.close();
  };
  return { app, runtime, database, logger, jobs, pgboss, shutdown, close };
}
