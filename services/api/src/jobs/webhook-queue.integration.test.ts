/**
 * Webhook deliveries on pg-boss (ADR 0035), on PostgreSQL (skipped on PGlite, which has no
 * pg-boss): one queued job per delivery — queuing a due delivery again, twice at once, from the
 * re-queue paths (the `webhook-retries` job and Replay's enqueue) adds no job — a job cut by a
 * crash is expired after 30 s and retried, and a delivery the receiver refuses is retried by
 * pg-boss's own retry of the same job, not by a new job. The back-off is shortened to 1 s and
 * pg-boss's maintenance runs every second here.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { enqueueJob, type PgBossQueue, startPgBossQueue } from "@closr/adapters/jobs";
import { sweepWebhookRetries } from "@closr/core/integrations";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { jobHandlers } from "./job-handlers.ts";

let t: TestApp;
let server: Server;
let base = "";
/** Status of each request the receiver got, with the event id. */
const received: { status: number; eventId: string }[] = [];
/** The next `refusals` requests answer 500. */
let refusals = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const status = refusals > 0 ? 500 : 200;
      if (refusals > 0) refusals--;
      received.push({ status, eventId: JSON.parse(body).id });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

async function signUp(name: string, userType: "business" | "agent") {
  const client = t.client();
  const res = await client.request("/api/register", {
    method: "POST",
    json: { email: `${name}@example.com`, username: name, password: "long enough password", userType },
  });
  expect(res.status).toBe(201);
  const userId = (await bodyOf(res)).id as number;
  const profile =
    userType === "business"
      ? await client.request("/api/business-profiles", { method: "POST", json: { companyName: name } })
      : await client.request("/api/agent-profiles", {
          method: "POST",
          json: { fullName: name, specialization: "B2B Sales", yearsOfExperience: 4 },
        });
  expect(profile.status).toBe(201);
  return { client, userId, profileId: (await bodyOf(profile)).id as number };
}

/** pg-boss's deliver-webhook jobs (every state), oldest first. */
async function deliveryJobs() {
  const { rows } = await sql<{ id: string; state: string; retryCount: number; singletonKey: string | null }>`
    SELECT id, state::text AS state, retry_count, singleton_key FROM pgboss.job
    WHERE name = 'deliver-webhook' ORDER BY created_on`.execute(t.database.db);
  return rows;
}

const waitFor = async (check: () => Promise<boolean>, ms = 30_000) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
};

describe("webhook deliveries on pg-boss (ADR 0035)", () => {
  let queue: PgBossQueue | undefined;
  let deliveryId = 0;
  let endpointId = 0;
  let objectKey = "";

  beforeAll(async () => {
    if (t.database.kind !== "postgres") return;
    queue = await startPgBossQueue(t.database.db, {
      pollSeconds: 0.5,
      settings: { "deliver-webhook": { retryDelay: 1 } },
      maintenanceSeconds: 1,
    });
  }, 60_000);
  afterAll(async () => {
    await queue?.stop(2000);
  });

  it("queues a due delivery once, however many times and however concurrently it is queued again", async (ctx) => {
    if (!queue) return ctx.skip();
    const business = await signUp("queuebiz", "business");
    const agent = await signUp("queueagent", "agent");
    await sql`INSERT INTO api_access_grants (user_id) VALUES (${business.userId})`.execute(t.database.db);
    const endpoint = await business.client.request("/api/webhook-endpoints", {
      method: "POST",
      json: { url: `${base}/hooks`, events: ["partnership.requested"] },
    });
    expect(endpoint.status).toBe(201);
    endpointId = (await bodyOf(endpoint)).endpoint.id;
    const requested = await business.client.request("/api/partnerships", {
      method: "POST",
      json: { agentId: agent.profileId },
    });
    expect(requested.status).toBe(201);
    expect(t.violations.splice(0)).toEqual([]);

    const delivery = await t.database.db
      .selectFrom("webhookDeliveries")
      .select(["id", "objectKey"])
      .where("endpointId", "=", endpointId)
      .executeTakeFirstOrThrow();
    deliveryId = Number(delivery.id);
    objectKey = delivery.objectKey;
    // The publish wrote one job, keyed by its delivery.
    expect(await deliveryJobs()).toEqual([
      expect.objectContaining({ state: "created", singletonKey: `delivery:${deliveryId}` }),
    ]);

    // Due long ago (as if its job were slow): the re-queue paths run twice each, at once.
    await sql`UPDATE webhook_deliveries SET next_attempt_at = now() - interval '1 hour'
              WHERE id = ${deliveryId}`.execute(t.database.db);
    const target = { endpointId, objectKey, deliveryId };
    const [swept] = await Promise.all([
      t.runtime.runPromise(sweepWebhookRetries()),
      t.runtime.runPromise(sweepWebhookRetries()),
      enqueueJob(t.database.db, "deliver-webhook", target),
      enqueueJob(t.database.db, "deliver-webhook", target),
    ]);
    expect(swept).toBe(1); // the sweep found it due …
    expect(await deliveryJobs()).toHaveLength(1); // … and the queue kept the one job

    // Its job lost: the same paths, twice at once, queue exactly one new job.
    await sql`DELETE FROM pgboss.job WHERE name = 'deliver-webhook'`.execute(t.database.db);
    await Promise.all([
      t.runtime.runPromise(sweepWebhookRetries()),
      t.runtime.runPromise(sweepWebhookRetries()),
      enqueueJob(t.database.db, "deliver-webhook", target),
    ]);
    expect(await deliveryJobs()).toEqual([
      expect.objectContaining({ state: "created", singletonKey: `delivery:${deliveryId}` }),
    ]);
  }, 60_000);

  it("a job cut by a crash is retried after its 30 s expiry; a refused delivery by pg-boss's retry of the same job", async (ctx) => {
    if (!queue) return ctx.skip();
    // A process took the job, claimed the delivery and died (kill -9) 31 s ago: the job stays
    // active and the delivery's lease has run out.
    const [taken] = await queue.boss.fetch("deliver-webhook");
    expect(taken).toBeDefined();
    await sql`UPDATE pgboss.job SET started_on = now() - interval '31 seconds'
              WHERE id = ${taken!.id}`.execute(t.database.db);
    await sql`UPDATE webhook_deliveries SET status = 'sending', attempts = 1,
                lease_until = now() - interval '1 second' WHERE id = ${deliveryId}`.execute(t.database.db);
    refusals = 1;
    await queue.work({ "deliver-webhook": jobHandlers(t.runtime)["deliver-webhook"] });
    expect(await waitFor(async () => (await deliveryJobs())[0]?.state === "completed")).toBe(true);
    // One job: expired (the crash), refused (500) on its first retry, accepted on the second.
    const jobs = await deliveryJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.id).toBe(taken!.id);
    expect(Number(jobs[0]!.retryCount)).toBe(2);
    expect(received.map((r) => r.status)).toEqual([500, 200]);
    expect(new Set(received.map((r) => r.eventId)).size).toBe(1);
    const delivery = await t.database.db
      .selectFrom("webhookDeliveries")
      .select(["status", "attempts"])
      .where("id", "=", deliveryId)
      .executeTakeFirstOrThrow();
    expect(delivery).toEqual({ status: "delivered", attempts: 3 });
  }, 60_000);
});
