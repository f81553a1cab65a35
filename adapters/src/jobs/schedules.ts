/**
 * Scheduled jobs (issue 21): periodic work (local subscription renewals, notification and review
 * sweeps, session and rate-limit clean-up, …) runs as jobs of the durable queue, one job per
 * tick across every API process. Each process's timer offers the tick's job every few seconds;
 * the queue keeps one per window of the database clock:
 * - pg-boss: `send` with `singletonSeconds` (a unique index on the window start; the primitive
 *   pg-boss's own minute-granular `schedule`/cron is built on),
 * - the in-process queue (PGlite, tests): `jobs.singleton_key = "<kind>@<window number>"`, unique.
 * A tick's job is then retried like any other job (ADR 0015 policy) and shows in the admin
 * queue view. A process that is down simply does not offer; the others still do.
 */
import type { JobKind, JobPayloads, ScheduledTick } from "@closr/core/shared";
import { sql } from "kysely";
import type { Db } from "../postgres/database.ts";
import { insertInProcessJob, wakeInProcessWorkers } from "./job-queue-in-process.ts";
import { pgBossOf } from "./job-queue-pgboss.ts";

/** The kinds whose payload is a tick: the only ones that can be scheduled. */
export type ScheduledKind = {
  [K in JobKind]: JobPayloads[K] extends ScheduledTick ? K : never;
}[JobKind];

export interface Schedule {
  readonly kind: ScheduledKind;
  /** The period, seconds (≥ 1): one job per window of this length. */
  readonly everySeconds: number;
}

/** The schedules of the API (server.ts): other contexts add theirs here. */
export const defaultSchedules: readonly Schedule[] = [
  { kind: "local-billing", everySeconds: 60 },
  { kind: "notification-sweep", everySeconds: 60 },
  { kind: "review-sweeps", everySeconds: 15 * 60 },
  { kind: "dispute-sweep", everySeconds: 5 * 60 },
  { kind: "collection-sweep", everySeconds: 5 * 60 },
  { kind: "commission-sweep", everySeconds: 60 * 60 },
  { kind: "deal-sweep", everySeconds: 15 * 60 },
  { kind: "maintenance-sweep", everySeconds: 60 * 60 },
  { kind: "insights-rollup", everySeconds: 60 * 60 },
];

/**
 * Offers the current tick's job of `schedule`: written once per window across processes.
 * Resolves true when this call wrote it.
 */
export async function offerTick(db: Db, schedule: Schedule): Promise<boolean> {
  const every = Math.max(1, Math.floor(schedule.everySeconds));
  const { rows } = await sql<{ window: string }>`
    SELECT floor(extract(epoch from now()) / ${every})::bigint::text AS window`.execute(db);
  const window = rows[0]!.window;
  const payload = { tick: new Date(Number(window) * every * 1000).toISOString() };
  const queue = pgBossOf(db);
  if (queue) return queue.sendOncePer(schedule.kind, payload, every);
  const wrote = await insertInProcessJob(db, schedule.kind, payload, `${schedule.kind}@${every}:${window}`);
  if (wrote) wakeInProcessWorkers(db);
  return wrote;
}

/**
 * Starts offering every schedule's tick: at once, then every `checkMs` (default 5 s, and never
 * less often than the shortest period). Returns `stop`.
 */
export function startSchedules(
  db: Db,
  schedules: readonly Schedule[] = defaultSchedules,
  options: { readonly checkMs?: number; readonly onError?: (error: unknown, kind: string) => void } = {},
) {
  const shortest = Math.min(...schedules.map((s) => s.everySeconds * 1000));
  const checkMs = Math.min(options.checkMs ?? 5_000, shortest);
  let stopped = false;
  const offer = () => {
    if (stopped) return;
    for (const schedule of schedules)
      offerTick(db, schedule).catch((error) => options.onError?.(error, schedule.kind));
  };
  const first = setTimeout(offer, 0);
  first.unref();
  const timer = setInterval(offer, checkMs);
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
}
