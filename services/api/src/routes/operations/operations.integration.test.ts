/**
 * The admin queue view's API (issue 21): staff see jobs by kind and state with the last error
 * and retry a failed one (audit-logged); members get 403, visitors 401; only failed jobs can be
 * retried (409), an unknown id is 404. Also on pg-boss when the test database is PostgreSQL.
 */
import { jobRetryPolicy, type PgBossQueue, startPgBossQueue } from "@closr/adapters/jobs";
import { revokeCachedSessions } from "@closr/adapters/postgres";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobHandlers } from "../../jobs/job-handlers.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

const t = useTestApp();

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let n = 0;
async function aUser() {
  n++;
  const client = t.client();
  const username = `ops${n}`;
  const res = await client.request("/api/register", {
    method: "POST",
    json: {
      email: `${username}@example.com`,
      username,
      password: "long enough password",
      userType: "business",
    },
  });
  expect(res.status).toBe(201);
  return { client, username, id: (await bodyOf(res)).id as number };
}

async function anAdmin() {
  const admin = await aUser();
  await t.database.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.id).execute();
  revokeCachedSessions(admin.id);
  return admin;
}

/** A `jobs` row in a given state (as the worker would leave it). */
async function aTableJob(status: "queued" | "failed" | "done", lastError: string | null) {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO jobs (kind, payload, status, attempts, last_error, finished_at)
    VALUES ('data-export', '{"userId": 999999}'::jsonb, ${status}, ${status === "queued" ? 0 : 5}, ${lastError},
            ${status === "queued" ? null : new Date()})
    RETURNING id`.execute(t.database.db);
  return `t-${rows[0]!.id}`;
}

describe("admin queue view API", () => {
  it("staff see counts and jobs with the last error; members 403, visitors 401", async () => {
    const failed = await aTableJob("failed", "SMTP 451: mailbox busy");
    await aTableJob("done", null);
    const admin = await anAdmin();
    const res = await admin.client.request("/api/admin/jobs");
    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    expect(body.counts).toEqual(
      expect.arrayContaining([
        { kind: "data-export", state: "failed", count: 1 },
        { kind: "data-export", state: "done", count: 1 },
      ]),
    );
    expect(body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: failed,
          state: "failed",
          attempts: 5,
          lastError: "SMTP 451: mailbox busy",
        }),
      ]),
    );
    const onlyFailed = await bodyOf(
      await admin.client.request("/api/admin/jobs?state=failed&kind=data-export"),
    );
    expect(onlyFailed.items.map((j: { id: string }) => j.id)).toEqual([failed]);

    const member = await aUser();
    const forbidden = await member.client.request("/api/admin/jobs");
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get("content-type")).toMatch(/application\/problem\+json/);
    expect((await bodyOf(forbidden)).type).toBe("/problems/forbidden");
    expect((await t.client().request("/api/admin/jobs")).status).toBe(401);
    expect((await member.client.request(`/api/admin/jobs/${failed}/retry`, { method: "POST" })).status).toBe(
      403,
    );
    expect((await admin.client.request("/api/admin/jobs?state=stuck")).status).toBe(422);
  });

  it("retries a failed job once (audit-logged); others 409, unknown 404", async () => {
    const failed = await aTableJob("failed", "boom");
    const queued = await aTableJob("queued", null);
    const admin = await anAdmin();
    const retried = await admin.client.request(`/api/admin/jobs/${failed}/retry`, { method: "POST" });
    expect(retried.status).toBe(200);
    expect(await bodyOf(retried)).toMatchObject({ id: failed, state: "queued", attempts: 0 });
    const audit = await t.database.db
      .selectFrom("auditLog")
      .selectAll()
      .where("subjectType", "=", "job")
      .where("subjectId", "=", failed)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "job.retried", actorUserId: admin.id });

    const again = await admin.client.request(`/api/admin/jobs/${failed}/retry`, { method: "POST" });
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).type).toBe("/problems/job-not-retryable");
    expect((await admin.client.request(`/api/admin/jobs/${queued}/retry`, { method: "POST" })).status).toBe(
      409,
    );
    expect((await admin.client.request("/api/admin/jobs/t-99999999/retry", { method: "POST" })).status).toBe(
      404,
    );
    expect(
      (
        await admin.client.request("/api/admin/jobs/00000000-0000-0000-0000-000000000000/retry", {
          method: "POST",
        })
      ).status,
    ).toBe(404);
  });

  it("the hourly maintenance job deletes queue rows done over 30 days ago, keeps newer and failed ones", async () => {
    const old = await aTableJob("done", null);
    const recent = await aTableJob("done", null);
    const failed = await aTableJob("failed", "kept for staff");
    await sql`UPDATE jobs SET finished_at = now() - interval '31 days'
              WHERE id IN (${Number(old.slice(2))}, ${Number(failed.slice(2))})`.execute(t.database.db);
    await jobHandlers(t.runtime)["maintenance-sweep"](
      { tick: new Date().toISOString() },
      { retryCount: 0, retryInSeconds: null },
    );
    const left = await t.database.db.selectFrom("jobs").select("id").execute();
    const ids = left.map((r) => `t-${r.id}`);
    expect(ids).not.toContain(old);
    expect(ids).toContain(recent);
    expect(ids).toContain(failed);
  });

  describe("on pg-boss", () => {
    let queue: PgBossQueue | undefined;
    beforeAll(async () => {
      if (t.database.kind === "postgres") queue = await startPgBossQueue(t.database.db, { pollSeconds: 0.5 });
    }, 60_000);
    afterAll(() => queue?.stop(2000));

    it("shows a failed pg-boss job with its error and retries it", async (ctx) => {
      if (!queue) return ctx.skip();
      let calls = 0;
      await queue.ensureQueue("data-export");
      const id = await queue.boss.send(
        "data-export",
        { userId: 424242 },
        { ...jobRetryPolicy, retryLimit: 0 },
      );
      await queue.work({
        "data-export": async () => {
          calls++;
          if (calls === 1) throw new Error("export store unreachable");
        },
      });
      const admin = await anAdmin();
      const until = Date.now() + 15_000;
      let job: { state: string; lastError: string | null } | undefined;
      while (Date.now() < until) {
        const list = await bodyOf(
          await admin.client.request("/api/admin/jobs?kind=data-export&state=failed"),
        );
        job = list.items.find((j: { id: string }) => j.id === id);
        if (job) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(job).toMatchObject({ state: "failed", lastError: "export store unreachable" });
      const retried = await admin.client.request(`/api/admin/jobs/${id}/retry`, { method: "POST" });
      expect(retried.status).toBe(200);
      expect((await bodyOf(retried)).state).toBe("retried");
      const done = Date.now() + 15_000;
      while (Date.now() < done && calls < 2) await new Promise((r) => setTimeout(r, 200));
      expect(calls).toBe(2);
    }, 60_000);
  });
});
