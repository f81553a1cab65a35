/**
 * The in-process job queue on PostgreSQL or PGlite (ADR 0010): a job is one row of `jobs`
 * (`insertTableJob`; the JobQueue Layer is in job-queue.ts); the worker claims due jobs with `FOR UPDATE SKIP LOCKED` (several API processes can
 * share the table without running a job twice), runs the handler for its kind, and marks it
 * done, or queues it again with back-off (up to `maxAttempts`, then failed). Works on
 * postgres.js and on PGlite alike.
 */
import { defaultWebhookRetry } from "@closr/core/integrations";
import type { JobKind, JobPayloads } from "@closr/core/shared";
import { sql, type Transaction } from "kysely";
import type { Db } from "../postgres/database.ts";
import type { Database } from "../postgres/schema.ts";

/**
 * What a run of a job knows about its retries (ADR 0035): how many times it ran before, and the
 * earliest the queue runs it again if this run fails (null: this is its last try).
 */
export interface JobRun {
  readonly retryCount: number;
  readonly retryInSeconds: number | null;
}

/** Runs one job; a rejection counts as a failed attempt. */
export type JobHandlers = {
  readonly [K in JobKind]: (payload: JobPayloads[K], run: JobRun) => Promise<unknown>;
};

/** A kind's retries on the table queue: attempts in all, and the delay after failed attempt n. */
export interface TableRetryPolicy {
  readonly maxAttempts: number;
  readonly delaySeconds: (attempt: number) => number;
}

/**
 * Table-queue retries per kind: webhook deliveries follow `defaultWebhookRetry` (ADR 0035) like
 * on pg-boss; every other kind gets `maxAttempts` (default 5) at 2^n s.
 */
export const tableRetryPolicies = (
  webhook: { readonly baseSeconds: number; readonly retryLimit: number } = defaultWebhookRetry,
): { readonly [K in JobKind]?: TableRetryPolicy } => ({
  "deliver-webhook": {
    maxAttempts: webhook.retryLimit + 1,
    delaySeconds: (attempt) => webhook.baseSeconds * 2 ** (attempt - 1),
  },
});

export interface JobWorkerOptions {
  /** How often to look for due jobs when not woken, ms (default 1000). */
  readonly pollMs?: number;
  /** Attempts before a job is marked failed (default 5). */
  readonly maxAttempts?: number;
  /** Per-kind retries (default `tableRetryPolicies()`). */
  readonly retry?: { readonly [K in JobKind]?: TableRetryPolicy };
  readonly onError?: (error: unknown, job: { id: number; kind: string }) => void;
}

const wakers = new WeakMap<Db, Set<() => void>>();

/** Wakes this process's table workers of `db` (after an enqueue, so a job runs at once). */
export function wakeJobWorkers(db: Db): void {
  for (const wake of wakers.get(db) ?? []) wake();
}

/**
 * Writes one row of the in-process queue on `executor` (the database or a transaction).
 * `singletonKey` makes it one per key (a scheduled tick): false when that key already exists.
 */
export async function insertTableJob<K extends JobKind>(
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

/** Starts the worker; returns `runDue` (process every due job now, for tests) and `stop`. */
export function startJobWorker(db: Db, handlers: Partial<JobHandlers>, options: JobWorkerOptions = {}) {
  const fallback: TableRetryPolicy = {
    maxAttempts: options.maxAttempts ?? 5,
    delaySeconds: (attempt) => 2 ** attempt,
  };
  const policies = options.retry ?? tableRetryPolicies();
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
