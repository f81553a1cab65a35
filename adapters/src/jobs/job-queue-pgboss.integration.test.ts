/**
 * pg-boss on the app's postgres.js pool (issue 21): jobs run once, a failing job is retried
 * with back-off and then kept as failed, and a job enqueued inside a transaction exists only
 * if that transaction commits (transactional outbox); jobs left queued in the in-process `jobs`
 * table move onto pg-boss once (ADR 0057). PostgreSQL only (pg-boss does not run
 * on PGlite; the in-process queue's own tests cover that engine).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../postgres/testing.ts";
import type { JobHandlers } from "./job-queue.ts";
import { enqueueInTransaction } from "./job-queue.ts";
import { insertInProcessJob } from "./job-queue-in-process.ts";
import { handOverToPgBoss, type PgBossQueue, startPgBossQueue } from "./job-queue-pgboss.ts";

let database: TestDatabase;
let queue: PgBossQueue | undefined;
const seen: string[] = [];
let failures = 0;

const handlers: Partial<JobHandlers> = {
  "password-reset-request": async ({ email }) => {
    if (email.startsWith("fail")) {
      failures++;
      throw new Error("mail server down");
    }
    seen.push(email);
  },
  "data-export": async ({ userId }) => {
    seen.push(`export:${userId}`);
  },
};

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.kind !== "postgres") return;
  queue = await startPgBossQueue(database.db, { pollSeconds: 0.5 });
  await queue.work(handlers);
});
afterAll(async () => {
  await queue?.stop(2000);
  await database?.dispose();
});

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
};

describe("pg-boss job queue", () => {
  it("runs an enqueued job once", async (ctx) => {
    if (!queue) return ctx.skip();
    await queue.send("password-reset-request", { email: "once@example.com" });
    expect(await waitFor(() => seen.includes("once@example.com"))).toBe(true);
    await new Promise((r) => setTimeout(r, 1000));
    expect(seen.filter((s) => s === "once@example.com")).toHaveLength(1);
    expect(queue.running()).toBe(true);
  });

  it("retries a failing job with back-off and shows it as retried", async (ctx) => {
    if (!queue) return ctx.skip();
    await queue.send("password-reset-request", { email: "fail@example.com" });
    expect(await waitFor(() => failures >= 2)).toBe(true);
    // pg-boss records the failed attempt just after the handler throws: read until it has.
    const job = async () =>
      (
        await queue!.boss
          .getDb()
          .executeSql(
            "SELECT retry_count, state FROM pgboss.job WHERE data->>'email' = 'fail@example.com'",
            [],
          )
      ).rows[0];
    expect(await waitFor(async () => (await job())?.state === "retry")).toBe(true);
    expect(Number((await job()).retry_count)).toBeGreaterThanOrEqual(1);
    const depth = await queue.depth();
    expect(depth.queued ?? 0).toBeGreaterThanOrEqual(1);
  });

  it("enqueues inside the caller's transaction: rolled back with it, kept when it commits", async (ctx) => {
    if (!queue) return ctx.skip();
    const db = database.db;
    await db
      .transaction()
      .execute(async (trx) => {
        await enqueueInTransaction(db, trx, "data-export", { userId: 41 });
        throw new Error("the change failed");
      })
      .catch(() => {});
    await db.transaction().execute(async (trx) => {
      await enqueueInTransaction(db, trx, "data-export", { userId: 42 });
    });
    expect(await waitFor(() => seen.includes("export:42"))).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen).not.toContain("export:41");
    const { rows } = await queue.boss
      .getDb()
      .executeSql("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'data-export'", []);
    expect(Number(rows[0].n)).toBe(1);
  });

  it("moves jobs left queued in the jobs table onto pg-boss once, dropping queued ticks", async (ctx) => {
    if (!queue) return ctx.skip();
    const db = database.db;
    await insertInProcessJob(db, "password-reset-request", { email: "left@example.com" });
    await insertInProcessJob(db, "local-billing", { tick: new Date(0).toISOString() }, "local-billing@60:0");
    const [first, second] = await Promise.all([handOverToPgBoss(queue, db), handOverToPgBoss(queue, db)]);
    expect(first + second).toBe(1);
    expect(await waitFor(() => seen.includes("left@example.com"))).toBe(true);
    const left = await db.selectFrom("jobs").select("id").where("status", "=", "queued").execute();
    expect(left).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 1000));
    expect(seen.filter((s) => s === "left@example.com")).toHaveLength(1);
  });
});
