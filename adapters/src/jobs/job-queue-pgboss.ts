/**
 * JobQueue on pg-boss (issue 21, ADR 0015): the production queue when the API runs on
 * PostgreSQL. pg-boss keeps its jobs in its own `pgboss` schema of the same database (no new
 * infrastructure) and runs its SQL on the app's postgres.js pool (no second driver). Every
 * process works the queues; a job is fetched by one worker (`FOR UPDATE SKIP LOCKED`), retried
 * with exponential back-off (2, 4, 8, 16 s: 5 attempts) and then kept as `failed`.
 * `enqueueInTransaction` writes a job in the caller's transaction: the job exists exactly when
 * the change that causes it commits (transactional outbox). On PGlite the in-process queue
 * (job-queue-pg.ts) does the same with its `jobs` table.
 */
import { type JobKind, type JobPayloads, JobQueue } from "@closr/core/shared";
import { Effect, Layer } from "effect";
import { CompiledQuery, type Transaction } from "kysely";
import PgBoss from "pg-boss";
import { type Db, postgresClientOf } from "../postgres/database.ts";
import type { Database } from "../postgres/schema.ts";
import { insertTableJob, type JobHandlers, wakeJobWorkers } from "./job-queue-pg.ts";

/** Retry policy of every queue: 4 retries after the first attempt, 2^n seconds apart. */
export const jobRetryPolicy = { retryLimit: 4, retryDelay: 2, retryBackoff: true } as const;

/** pg-boss's SQL executor over a kysely transaction or database. */
const kyselyExecutor = (db: Db | Transaction<Database>): PgBoss.Db => ({
  executeSql: async (text, values) => {
    const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
    return { rows: [...result.rows] };
  },
});

export interface PgBossQueue {
  readonly boss: PgBoss;
  /** Creates the kind's queue once (pg-boss 10 needs a queue before send or work). */
  readonly ensureQueue: (kind: string) => Promise<void>;
  /** Enqueues outside any transaction. */
  readonly send: <K extends JobKind>(kind: K, payload: JobPayloads[K]) => Promise<void>;
  /**
   * Enqueues one job per `everySeconds` window of the database clock (pg-boss `singletonSeconds`,
   * the primitive under its own cron): every process may call it each tick, one job is written.
   * True when this call wrote it.
   */
  readonly sendOncePer: <K extends JobKind>(
    kind: K,
    payload: JobPayloads[K],
    everySeconds: number,
  ) => Promise<boolean>;
  /** Starts working every kind of `handlers` in this process. */
  readonly work: (
    handlers: Partial<JobHandlers>,
    onError?: (error: unknown, kind: string) => void,
  ) => Promise<void>;
  /** Jobs by state: queued (created + retry), running, done, failed. */
  readonly depth: () => Promise<Record<string, number>>;
  readonly running: () => boolean;
  /** Stops fetching, lets running jobs finish (≤ `timeoutMs`), stops maintenance. */
  readonly stop: (timeoutMs?: number) => Promise<void>;
}

const queues = new WeakMap<Db, PgBossQueue>();

/** The started pg-boss queue of `db`, if any. */
export const pgBossOf = (db: Db): PgBossQueue | undefined => queues.get(db);

/** The kinds `handlers` can run (one pg-boss queue each). */
const jobKinds = (handlers: Partial<JobHandlers>) => Object.keys(handlers) as JobKind[];

/**
 * Starts pg-boss on the postgres.js pool of `db` (installs or migrates its schema) and registers
 * it for `db`; a kind's queue is created on first use. Throws on a PGlite handle.
 */
export async function startPgBossQueue(
  db: Db,
  options: { readonly pollSeconds?: number; readonly onError?: (error: unknown) => void } = {},
): Promise<PgBossQueue> {
  const client = postgresClientOf(db);
  if (!client) throw new Error("pg-boss needs a PostgreSQL URL (PGlite uses the in-process queue)");
  const boss = new PgBoss({
    db: {
      executeSql: async (text, values) => {
        // pg-boss's schema migrations are one "BEGIN; …; COMMIT;" script: run it on one
        // reserved connection (postgres.js refuses a BEGIN on its pool).
        if (/^\s*BEGIN\b/i.test(text)) {
          const reserved = await client.reserve();
          try {
            await reserved.unsafe(text);
            return { rows: [] };
          } finally {
            reserved.release();
          }
        }
        const rows = await client.unsafe(text, values ?? []);
        return { rows: Array.isArray(rows) ? [...rows] : [] };
      },
    },
    schema: "pgboss",
    ...jobRetryPolicy,
    retentionDays: 7,
    deleteAfterDays: 30,
  });
  boss.on("error", (error) => options.onError?.(error));
  await boss.start();
  const created = new Map<string, Promise<void>>();
  const ensureQueue = (kind: string) => {
    let ready = created.get(kind);
    if (!ready) {
      ready = boss.createQueue(kind, { name: kind, ...jobRetryPolicy });
      ready.catch(() => created.delete(kind));
      created.set(kind, ready);
    }
    return ready;
  };
  let working = false;
  let stopped = false;
  // This process's worker of each kind, woken after a send here (else it waits for its poll).
  const workers = new Map<string, string>();
  const wake = (kind: string) => {
    const id = workers.get(kind);
    if (id) boss.notifyWorker(id);
  };
  const queue: PgBossQueue = {
    boss,
    ensureQueue,
    send: async (kind, payload) => {
      await ensureQueue(kind);
      await boss.send(kind, payload as object, jobRetryPolicy);
      wake(kind);
    },
    sendOncePer: async (kind, payload, everySeconds) => {
      await ensureQueue(kind);
      const id = await boss.send(kind, payload as object, {
        ...jobRetryPolicy,
        singletonSeconds: everySeconds,
      });
      if (id !== null) wake(kind);
      return id !== null;
    },
    work: async (handlers, onError) => {
      for (const kind of jobKinds(handlers)) {
        const handler = handlers[kind] as (payload: unknown) => Promise<unknown>;
        await ensureQueue(kind);
        const workerId = await boss.work<unknown>(
          kind,
          { batchSize: 1, pollingIntervalSeconds: options.pollSeconds ?? 2 },
          async ([job]) => {
            if (!job) return;
            try {
              await handler(job.data);
            } catch (error) {
              onError?.(error, kind);
              throw error;
            }
          },
        );
        workers.set(kind, workerId);
      }
      working = true;
    },
    depth: async () => {
      const { rows } = await kyselyExecutor(db).executeSql(
        `SELECT CASE WHEN state IN ('created', 'retry') THEN 'queued' WHEN state = 'active' THEN 'running'
           WHEN state = 'completed' THEN 'done' ELSE state::text END AS state, count(*)::int AS n
         FROM pgboss.job GROUP BY 1`,
        [],
      );
      return Object.fromEntries(rows.map((r: { state: string; n: number }) => [r.state, Number(r.n)]));
    },
    running: () => working && !stopped,
    stop: async (timeoutMs = 8000) => {
      stopped = true;
      queues.delete(db);
      await boss.stop({ graceful: true, timeout: timeoutMs, wait: true, close: false });
    },
  };
  queues.set(db, queue);
  return queue;
}

/** The JobQueue Layer over a started pg-boss queue. */
export const JobQueuePgBoss = (queue: PgBossQueue) =>
  Layer.succeed(
    JobQueue,
    JobQueue.of({ enqueue: (kind, payload) => Effect.promise(() => queue.send(kind, payload)) }),
  );

/**
 * Writes a job inside `trx` (transactional outbox): pg-boss's insert when `db` runs pg-boss,
 * else a row of the in-process `jobs` table. Rolled back with the transaction; the worker
 * sees it once the transaction commits (pg-boss polls; the table worker polls every second).
 */
export async function enqueueInTransaction<K extends JobKind>(
  db: Db,
  trx: Transaction<Database>,
  kind: K,
  payload: JobPayloads[K],
): Promise<void> {
  const queue = pgBossOf(db);
  if (queue) {
    await queue.ensureQueue(kind);
    await queue.boss.send(kind, payload as object, { ...jobRetryPolicy, db: kyselyExecutor(trx) });
    return;
  }
  await insertTableJob(trx, kind, payload);
}

/**
 * Enqueues a job for `db` the durable way (issue 21): in `trx` when given (transactional
 * outbox), else on its own — on pg-boss when this process runs it for `db`, else as a `jobs`
 * row, waking the in-process worker.
 */
export async function enqueueJob<K extends JobKind>(
  db: Db,
  kind: K,
  payload: JobPayloads[K],
  trx?: Transaction<Database>,
): Promise<void> {
  if (trx) return enqueueInTransaction(db, trx, kind, payload);
  const queue = pgBossOf(db);
  if (queue) return queue.send(kind, payload);
  await insertTableJob(db, kind, payload);
  wakeJobWorkers(db);
}
