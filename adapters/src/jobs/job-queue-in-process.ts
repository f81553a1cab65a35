/**
 * The in-process job queue (ADR 0010, ADR 0057): the queue of the embedded PGlite database,
 * where pg-boss cannot run, and of the tests' databases (`createTestApp` runs due jobs on demand
 * with `runDue`). A job is one row of `jobs` (`insertInProcessJob`); the worker claims due jobs
 * with `FOR UPDATE SKIP LOCKED`, runs the handler for its kind, and marks it done, or queues it
 * again with back-off (up to `maxAttempts`, then failed). Works on PGlite and on postgres.js
 * alike; a PostgreSQL deployment always runs pg-boss (job-queue-pgboss.ts) and hands rows left
 * in this table over to it at start-up (`handOverToPgBoss`).
 */
import { defaultWebhookRetry } from "@closr/core/integrations";
import type { JobKind, JobPayloads } from "@closr/core/shared";
import { sql, type Transaction } from "kysely";
import type { Db } from "../postgres/database.ts";
import type { Database } from "../postgres/schema.ts";
import type { JobHandlers, JobRun } from "./job-queue.ts";

/** A kind's retries on the in-process queue: attempts in all, and the delay (s) after failed attempt n. */
export interface InProcessRetryPolicy {
  readonly maxAttempts: number;
  readonly delaySeconds: (attempt: number) => number;
}

/**
 * In-process retries per kind: webhook deliveries follow `defaultWebhookRetry` (ADR 0035) like
 * on pg-boss; every other kind gets `maxAttempts` (default 5) at 2^n s.
 */
export const inProcessRetryPolicies = (
  webhook: { readonly baseSeconds: number; readonly retryLimit: number } = defaultWebhookRetry,
): { readonly [K in JobKind]?: InProcessRetryPolicy } => ({
  "deliver-webhook": {
    maxAttempts: webhook.retryLimit + 1,
    delaySeconds: (attempt) => webhook.baseSeconds * 2 ** (attempt - 1),
  },
});

/** How the in-process worker polls and retries. */
export interface JobWorkerOptions {
  /** How often to look for due jobs when not woken, ms (default 1000). */
  readonly pollMs?: number;
  /** Attempts before a job is marked failed (default 5). */
  readonly maxAttempts?: number;
  /** Per-kind retries (default `inProcessRetryPolicies()`). */
  readonly retry?: { readonly [K in JobKind]?: InProcessRetryPolicy };
  readonly onError?: (error: unknown, job: { id: number; kind: string }) => void;
}

const wakers = new WeakMap<Db, Set<() => void>>();

/** Wakes this process's in-process workers of `db` (after an enqueue, so a job runs at once). */
export function wakeInProcessWorkers(db: Db): void {
  for (const wake of wakers.get(db) ?? []) wake();
}

/**
 * Writes one row of the in-process queue on `executor` (the database or a transaction).
 * `singletonKey` makes it one per key (a scheduled tick): false when that key already exists.
 * Does not wake the worker (a transaction's row is not visible yet): call `wakeInProcessWorkers`.
 */
export async function insertInProcessJob<K extends JobKind>(
  executor: Db | Transaction<Database>,
  kind: K,
  payload: JobPayloads[K],
  singletonKey?: string,
): Promise<boolean> {
  const query = executor.insertInto("jobs").values({
    kind,
    payload: sql<string>`cast(${JSON.stringify(payload)}::text as jsonb)`,
    singletonKey: singletonKey ?? null,
  });
  const inserted = singletonKey
    ? await query
        .onConflict((oc) => oc.column("singletonKey").where("singletonKey", "is not", null).doNothing())
        .returning("id")
        .execute()
    : await query.returning("id").execute();
  return inserted.length > 0;
}

/** Claims the oldest due job, or undefined. */
async function claim(db: Db) {
  const result = await sql<{ id: number; kind: string; payload: unknown; attempts: number }>`
    UPDATE jobs SET status = 'running', attempts = attempts + 1
    WHERE id = (
      SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now()
      ORDER BY run_at, id FOR UPDATE SKIP LOCKED LIMIT 1
    )
    RETURNING id, kind, payload, attempts`.execute(db);
  return result.rows[0];
}

/**
 * Starts the in-process worker of `db` for `handlers` (polls every `pollMs`, and runs at once when
 * woken); returns `runDue` (process every due job now and resolve how many ran, for tests) and
 * `stop` (resolves once the current run has finished).
 */
export function startInProcessJobWorker(
  db: Db,
  handlers: Partial<JobHandlers>,
  options: JobWorkerOptions = {},
) {
  const fallback: InProcessRetryPolicy = {
    maxAttempts: options.maxAttempts ?? 5,
    delaySeconds: (attempt) => 2 ** attempt,
  };
  const policies = options.retry ?? inProcessRetryPolicies();
  const policyOf = (kind: string) => policies[kind as JobKind] ?? fallback;
  let running: Promise<number> | undefined;
  let stopped = false;

  const runDue = async (): Promise<number> => {
    if (running) await running;
    running = (async () => {
      let done = 0;
      for (;;) {
        const job = await claim(db);
        if (!job) return done;
        const payload = typeof job.payload === "string" ? JSON.parse(job.payload) : job.payload;
        const policy = policyOf(job.kind);
        try {
          const handler = handlers[job.kind as JobKind] as
            | ((p: unknown, run: JobRun) => Promise<unknown>)
            | undefined;
          if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
          await handler(payload, {
            retryCount: job.attempts - 1,
            retryInSeconds: job.attempts < policy.maxAttempts ? policy.delaySeconds(job.attempts) : null,
          });
          await db
            .updateTable("jobs")
            .set({ status: "done", finishedAt: new Date() })
            .where("id", "=", job.id)
            .execute();
        } catch (error) {
          options.onError?.(error, { id: Number(job.id), kind: job.kind });
          const failed = job.attempts >= policy.maxAttempts;
          await db
            .updateTable("jobs")
            .set({
              status: failed ? "failed" : "queued",
              lastError: String(error instanceof Error ? error.message : error).slice(0, 2000),
              runAt: sql`now() + ${`${policy.delaySeconds(job.attempts)} seconds`}::interval`,
              finishedAt: failed ? new Date() : null,
            })
            .where("id", "=", job.id)
            .execute();
        }
        done++;
      }
    })();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  };

  const tick = () => {
    if (stopped) return;
    runDue().catch((error) => options.onError?.(error, { id: 0, kind: "poll" }));
  };
  const wake = () => setImmediate(tick);
  const set = wakers.get(db) ?? new Set();
  set.add(wake);
  wakers.set(db, set);
  const timer = setInterval(tick, options.pollMs ?? 1000);
  timer.unref();

  return {
    runDue,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      set.delete(wake);
      if (running) await running.catch(() => 0);
    },
  };
}
