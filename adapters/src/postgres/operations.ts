/** Counts for the operations metrics (issue 21): database connections by state, payments by status. */
import { sql } from "kysely";
import type { Db } from "./database.ts";

/** This database's server connections by state (pg_stat_activity); `unknown` for background ones. */
export async function connectionsByState(db: Db): Promise<Record<string, number>> {
  const result = await sql<{ state: string; n: number }>`
    SELECT coalesce(state, 'unknown') AS state, count(*)::int AS n
    FROM pg_stat_activity WHERE datname = current_database() GROUP BY 1`.execute(db);
  return Object.fromEntries(result.rows.map((r) => [r.state, Number(r.n)]));
}

/** Payments by status. */
export async function paymentsByStatus(db: Db): Promise<Record<string, number>> {
  const result = await sql<{ status: string; n: number }>`
    SELECT status, count(*)::int AS n FROM payments GROUP BY 1`.execute(db);
  return Object.fromEntries(result.rows.map((r) => [r.status, Number(r.n)]));
}

/** Jobs of the in-process queue (`jobs` table) by state. */
export async function jobsTableDepth(db: Db): Promise<Record<string, number>> {
  const result = await sql<{ status: string; n: number }>`
    SELECT status, count(*)::int AS n FROM jobs GROUP BY 1`.execute(db);
  return Object.fromEntries(result.rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * Deletes `jobs` rows done before `before` (the in-process queue's retention; pg-boss keeps its
 * own: 7 days, then archived 30). Failed jobs stay until staff retry or remove them. Returns
 * how many were deleted.
 */
export async function sweepFinishedJobs(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom("jobs")
    .where("status", "=", "done")
    .where("finishedAt", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
