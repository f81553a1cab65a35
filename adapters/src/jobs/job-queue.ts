/**
 * The JobQueue Layer and the engine choice (ADR 0010, ADR 0015, ADR 0057). One queue per
 * database engine:
 * - PostgreSQL: pg-boss (job-queue-pgboss.ts), started by the composition root for the database
 *   (`startPgBossQueue`); every API process and one-off command on PostgreSQL starts it.
 * - PGlite (pg-boss cannot run on it) and the tests' databases: the in-process queue of the
 *   `jobs` table (job-queue-in-process.ts).
 * `enqueueJob` picks per call: pg-boss when this process started it for `db`, else the `jobs`
 * table. A job joins the ambient transaction of `withTransaction` when there is one
 * (transactional outbox); a failed write inside a transaction rolls the change back
 * (`writeInScope`). A new job kind (webhook deliveries) gets all of this by going through
 * `enqueueJob` or the `JobQueue` port.
 */
import { type JobKind, type JobPayloads, JobQueue } from "@closr/core/shared";
import { Effect, Layer } from "effect";
import type { Transaction } from "kysely";
import type { Db } from "../postgres/database.ts";
import { PgDatabase } from "../postgres/database-service.ts";
import type { Database } from "../postgres/schema.ts";
import { writeInScope } from "../postgres/transaction-scope.ts";
import { insertInProcessJob, wakeInProcessWorkers } from "./job-queue-in-process.ts";
import { pgBossOf, sendInTransaction } from "./job-queue-pgboss.ts";

/**
 * What a run of a job knows about its retries (ADR 0035): how many times it ran before, and the
 * earliest the queue runs it again, in seconds, if this run fails (null: this is its last try).
 */
export interface JobRun {
  readonly retryCount: number;
  readonly retryInSeconds: number | null;
}

/** Runs one job of each kind; a rejection counts as a failed attempt (retried by the queue). */
export type JobHandlers = {
  readonly [K in JobKind]: (payload: JobPayloads[K], run: JobRun) => Promise<unknown>;
};

/**
 * Writes a job inside `trx` (transactional outbox): pg-boss's insert when this process runs
 * pg-boss for `db`, else a row of the in-process `jobs` table. Rolled back with the transaction;
 * the worker sees it once the transaction commits (pg-boss polls; the in-process worker polls
 * every second).
 */
export async function enqueueInTransaction<K extends JobKind>(
  db: Db,
  trx: Transaction<Database>,
  kind: K,
  payload: JobPayloads[K],
): Promise<void> {
  const queue = pgBossOf(db);
  if (queue) return sendInTransaction(queue, trx, kind, payload);
  await insertInProcessJob(trx, kind, payload);
}

/**
 * Enqueues a job for `db` the durable way (issue 21): in `trx` when given (transactional
 * outbox), else on its own — on pg-boss when this process runs it for `db`, else as a `jobs`
 * row, waking the in-process worker. Rejects when the write fails.
 */
export async function enqueueJob<K extends JobKind>(
  db: Db,
  kind: K,
  payload: JobPayloads[K],
  trx?: Transaction<Database>,
): Promise<void> {
  if (trx) return enqueueInTransaction(db, trx, kind, payload);
  const queue = pgBossOf(db);
  if (queue) {
    await queue.send(kind, payload);
    return;
  }
  await insertInProcessJob(db, kind, payload);
  wakeInProcessWorkers(db);
}

/**
 * The JobQueue port over the database's queue (`enqueueJob`: pg-boss on PostgreSQL, the
 * in-process queue on PGlite and in tests), in the ambient transaction when there is one.
 * Needs `PgDatabase`.
 */
export const JobQueueLive = Layer.effect(
  JobQueue,
  Effect.map(PgDatabase, (db) =>
    JobQueue.of({
      enqueue: (kind, payload) => writeInScope(db, (trx) => enqueueJob(db, kind, payload, trx)),
    }),
  ),
);
