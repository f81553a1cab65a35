/**
 * Local subscription renewals as a scheduled job (issue 21): two API processes (two pools on
 * one PostgreSQL, each with its runtime, job worker and schedule timer) both offer the
 * `local-billing` tick; a subscription whose period has ended is renewed once — one job, one
 * run, one new gateway invoice. PostgreSQL only (two processes cannot share a PGlite).
 */
import { startInProcessJobWorker, startSchedules } from "@closr/adapters/jobs";
import { openDatabase } from "@closr/adapters/postgres";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAppLayer, makeRuntime } from "../runtime.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { jobHandlers } from "./job-handlers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the contract validator
const bodyOf = (res: Response): Promise<any> => res.json();

describe("scheduled local billing across two processes", () => {
  it("renews a due subscription once", async (ctx) => {
    if (!t.database.url) return ctx.skip();
    const client = t.client();
    const registered = await client.request("/api/register", {
      method: "POST",
      json: {
        email: "renew@example.com",
        username: "renew_biz",
        password: "long enough password",
        userType: "business",
      },
    });
    expect(registered.status).toBe(201);
    const userId = (await bodyOf(registered)).id as number;
    expect(
      (
        await client.request("/api/business-profiles", {
          method: "POST",
          json: { companyName: "Renew Co", industry: "technology", size: "small", location: "sydney" },
        })
      ).status,
    ).toBe(201);
    const started = await bodyOf(
      await client.request("/api/get-or-create-subscription", {
        method: "POST",
        json: { planId: "price_professional" },
      }),
    );
    const paid = await client.request(
      `/api/local-gateway/subscription-payments/${started.subscription.paymentIntentId}/confirm`,
      {
        method: "POST",
        json: {
          clientSecret: started.clientSecret,
          card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" },
        },
      },
    );
    expect(paid.status).toBe(200);
    const invoices = async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM local_subscription_invoices i
        JOIN local_subscriptions s ON s.id = i.subscription_id WHERE s.user_id = ${userId}`.execute(
        t.database.db,
      );
      return Number(rows[0]!.n);
    };
    const before = await invoices();
    await sql`UPDATE local_subscriptions SET current_period_end = now() - interval '1 minute'
              WHERE user_id = ${userId}`.execute(t.database.db);

    // Process B: its own pool and runtime on the same database.
    const other = await openDatabase({ url: t.database.url, maxConnections: 5 });
    const otherRuntime = makeRuntime(makeAppLayer(other.db, undefined, { mail: "direct" }));
    const runs: string[] = [];
    const processes = [
      { name: "a", db: t.database.db, runtime: t.runtime },
      { name: "b", db: other.db, runtime: otherRuntime },
    ].map(({ name, db, runtime }) => {
      const handlers = jobHandlers(runtime);
      const worker = startInProcessJobWorker(
        db,
        {
          "local-billing": async (payload, run) => {
            runs.push(name);
            return handlers["local-billing"](payload, run);
          },
        },
        { pollMs: 100 },
      );
      const stop = startSchedules(db, [{ kind: "local-billing", everySeconds: 3600 }], { checkMs: 100 });
      return { worker, stop };
    });
    try {
      const until = Date.now() + 20_000;
      while (Date.now() < until && (await invoices()) === before)
        await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 1500)); // both timers keep offering the tick
      expect(await invoices()).toBe(before + 1);
      // (Process A's test-app worker, woken by A's offer, may be the one that ran it.)
      expect(runs.length).toBeLessThanOrEqual(1);
      const jobs = await t.database.db
        .selectFrom("jobs")
        .select(["status", "attempts"])
        .where("kind", "=", "local-billing")
        .execute();
      expect(jobs).toEqual([{ status: "done", attempts: 1 }]);
    } finally {
      for (const p of processes) {
        p.stop();
        await p.worker.stop();
      }
      await otherRuntime.dispose();
      await other.close();
    }
    expect(t.violations.splice(0)).toEqual([]);
  }, 60_000);
});
