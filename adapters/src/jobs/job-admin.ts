/**
 * JobAdministration over both queue engines (issue 21, admin queue view): the `jobs` table of
 * the in-process queue (ids `t-<n>`) and, when the database has pg-boss's schema, `pgboss.job`
 * (uuid ids). States map onto the staff view: table queued with attempts > 0 and pg-boss
 * `retry` → retried; pg-boss created → queued, active → running, completed → done. Done jobs
 * are listed for DONE_RECENTLY_MS. A retry re-queues a failed job (table: attempts from 0;
 * pg-boss: its own retry command, state `retry` with one more attempt allowed).
 */
import { DONE_RECENTLY_MS, JobAdministration, type JobState, type JobView } from "@closr/core/operations";
import { Effect, Layer, Option } from "effect";
import { sql } from "kysely";
import type { Db } from "../postgres/database.ts";
import { PgDatabase } from "../postgres/database-service.ts";
import { joinAmbient } from "../postgres/transaction-scope.ts";

/** A row as the CamelCasePlugin hands it back. */
interface Row {
  id: string;
  kind: string;
  state: JobState;
  attempts: number;
  lastError: string | null;
  createdAt: Date | string;
  runAt: Date | string | null;
  finishedAt: Date | string | null;
}

const tableJobs = (where: ReturnType<typeof sql>) => sql<Row>`
  SELECT 't-' || id AS id, kind,
    CASE WHEN status = 'queued' AND attempts > 0 THEN 'retried' ELSE status END AS state,
    attempts, last_error, created_at,
    CASE WHEN status = 'queued' THEN run_at END AS run_at, finished_at
  FROM jobs ${where}`;

const bossJobs = (where: ReturnType<typeof sql>) => sql<Row>`
  SELECT id::text AS id, name AS kind,
    CASE state::text WHEN 'created' THEN 'queued' WHEN 'retry' THEN 'retried' WHEN 'active' THEN 'running'
      WHEN 'completed' THEN 'done' ELSE state::text END AS state,
    retry_count + CASE WHEN state::text IN ('active', 'completed', 'failed', 'retry') THEN 1 ELSE 0 END AS attempts,
    CASE WHEN state::text IN ('failed', 'retry') THEN coalesce(output ->> 'message', output::text) END AS last_error,
    created_on AS created_at,
    CASE WHEN state::text IN ('created', 'retry') THEN start_after END AS run_at,
    CASE WHEN state::text IN ('completed', 'failed') THEN completed_on END AS finished_at
  FROM pgboss.job ${where}`;

const hasPgBoss = async (db: Db) => {
  const { rows } = await sql<{ present: boolean }>`
    SELECT to_regclass('pgboss.job') IS NOT NULL AS present`.execute(db);
  return rows[0]?.present === true;
};

const toView = (r: Row): JobView => ({
  id: r.id,
  kind: r.kind,
  state: r.state,
  attempts: Number(r.attempts),
  lastError: r.lastError ? r.lastError.slice(0, 2000) : null,
  createdAt: new Date(r.createdAt),
  runAt: r.runAt ? new Date(r.runAt) : null,
  finishedAt: r.finishedAt ? new Date(r.finishedAt) : null,
});

/** Counts and newest jobs of both engines (see the module doc). */
export async function listQueueJobs(
  db: Db,
  filter: { kind?: string | undefined; state?: JobState | undefined; limit: number },
) {
  const since = new Date(Date.now() - DONE_RECENTLY_MS);
  const boss = await hasPgBoss(db);
  const recent = sql`WHERE NOT (state = 'done' AND finished_at < ${since})`;
  const all = boss
    ? sql<Row>`SELECT * FROM (${tableJobs(sql``)} UNION ALL ${bossJobs(sql``)}) j ${recent}`
    : sql<Row>`SELECT * FROM (${tableJobs(sql``)}) j ${recent}`;
  const counts = await sql<{ kind: string; state: JobState; count: number }>`
    SELECT kind, state, count(*)::int AS count FROM (${all}) a GROUP BY kind, state ORDER BY kind, state`.execute(
    db,
  );
  const items = await sql<Row>`
    SELECT * FROM (${all}) a
    WHERE (${filter.kind ?? null}::text IS NULL OR kind = ${filter.kind ?? null})
      AND (${filter.state ?? null}::text IS NULL OR state = ${filter.state ?? null})
    ORDER BY created_at DESC, id DESC LIMIT ${filter.limit}`.execute(db);
  return {
    counts: counts.rows.map((r) => ({ kind: r.kind, state: r.state, count: Number(r.count) })),
    items: items.rows.map(toView),
  };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One job by its view id, or undefined. */
export async function findQueueJob(db: Db, id: string): Promise<JobView | undefined> {
  const table = /^t-(\d{1,15})$/.exec(id);
  if (table) {
    const { rows } = await tableJobs(sql`WHERE id = ${Number(table[1])}`).execute(db);
    return rows[0] && toView(rows[0]);
  }
  if (!uuid.test(id) || !(await hasPgBoss(db))) return undefined;
  const { rows } = await bossJobs(sql`WHERE id = ${id}::uuid`).execute(db);
  return rows[0] && toView(rows[0]);
}

/** Re-queues a failed job; false when it is not (or no longer) failed. */
export async function retryQueueJob(db: Db, id: string): Promise<boolean> {
  const table = /^t-(\d{1,15})$/.exec(id);
  if (table) {
    const result = await db
      .updateTable("jobs")
      .set({ status: "queued", attempts: 0, runAt: new Date(), finishedAt: null, retriedAt: new Date() })
      .where("id", "=", Number(table[1]))
      .where("status", "=", "failed")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
  if (!uuid.test(id) || !(await hasPgBoss(db))) return false;
  // pg-boss 10's own retry command (manager.retry): state retry, one more attempt allowed.
  const result = await sql`
    UPDATE pgboss.job SET state = 'retry', retry_limit = retry_limit + 1, start_after = now()
    WHERE id = ${id}::uuid AND state = 'failed'`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export const JobAdministrationPg = Layer.effect(
  JobAdministration,
  Effect.map(
    PgDatabase,
    joinAmbient((db) =>
      JobAdministration.of({
        list: (filter) => Effect.promise(() => listQueueJobs(db, filter)),
        find: (id) => Effect.promise(async () => Option.fromNullable(await findQueueJob(db, id))),
        retry: (id) => Effect.promise(() => retryQueueJob(db, id)),
      }),
    ),
  ),
);
