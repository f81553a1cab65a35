/**
 * Scheduled jobs across processes (issue 21): two API processes — two connection pools to the
 * same PostgreSQL, each with its own queue, worker and schedule timer — offer the same tick
 * many times at once; one job is written and it runs once, on one of them. Both engines:
 * pg-boss (`singletonSeconds`) and the in-process table queue (`singleton_key`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../postgres/database.ts";
import { createTestDatabase, type TestDatabase } from "../postgres/testing.ts";
import { startInProcessJobWorker } from "./job-queue-in-process.ts";
import { type PgBossQueue, startPgBossQueue } from "./job-queue-pgboss.ts";
import { offerTick, type Schedule, startSchedules } from "./schedules.ts";

let database: TestDatabase;
let second: Awaited<ReturnType<typeof openDatabase>> | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
  if (database.url) second = await openDatabase({ url: database.url, maxConnections: 5 });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await database?.dispose();
}, 120_000);

const waitFor = async (check: () => boolean, ms = 15_000) => {
  const until = Date.now() + ms;
  while (Date.now() < until && !check()) await new Promise((r) => setTimeout(r, 100));
  return check();
};

const hour: Schedule = { kind: "local-billing", everySeconds: 3600 };

describe("a scheduled job runs once per tick across two processes", () => {
  it("on pg-boss: 2 processes × 10 offers → 1 job, 1 renewal run", async (ctx) => {
    if (!second) return ctx.skip();
    const runs: string[] = [];
    const queues: PgBossQueue[] = [];
    for (const [name, db] of [
      ["a", database.db],
      ["b", second.db],
    ] as const) {
      const queue = await startPgBossQueue(db, { pollSeconds: 0.5 });
      await queue.work({
        "local-billing": async ({ tick }) => {
          runs.push(`${name}:${tick}`);
        },
      });
      queues.push(queue);
    }
    try {
      const offers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => offerTick(i % 2 ? second!.db : database.db, hour)),
      );
      expect(offers.filter(Boolean)).toHaveLength(1);
      expect(await waitFor(() => runs.length > 0)).toBe(true);
      await new Promise((r) => setTimeout(r, 2000));
      expect(runs).toHaveLength(1);
      const { rows } = await queues[0]!.boss
        .getDb()
        .executeSql("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'local-billing'", []);
      expect(Number(rows[0].n)).toBe(1);
    } finally {
      for (const queue of queues) await queue.stop(2000);
    }
  }, 60_000);

  it("on the in-process queue: both processes' timers offer, 1 job per tick, run once", async (ctx) => {
    if (!second) return ctx.skip();
    const runs: string[] = [];
    const workers = [database.db, second.db].map((db, i) =>
      startInProcessJobWorker(
        db,
        {
          "notification-sweep": async ({ tick }) => {
            runs.push(`${i}:${tick}`);
          },
        },
        { pollMs: 200 },
      ),
    );
    const schedule: Schedule = { kind: "notification-sweep", everySeconds: 3600 };
    const stops = [database.db, second.db].map((db) => startSchedules(db, [schedule], { checkMs: 100 }));
    try {
      expect(await waitFor(() => runs.length > 0)).toBe(true);
      await new Promise((r) => setTimeout(r, 1500)); // ~15 more offers from each process
      expect(runs).toHaveLength(1);
      const jobs = await database.db
        .selectFrom("jobs")
        .select(["status", "singletonKey"])
        .where("kind", "=", "notification-sweep")
        .execute();
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ status: "done" });
      expect(jobs[0]!.singletonKey).toMatch(/^notification-sweep@3600:\d+$/);
    } finally {
      for (const stop of stops) stop();
      for (const worker of workers) await worker.stop();
    }
  }, 60_000);
});
