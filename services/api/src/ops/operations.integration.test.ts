/**
 * Operations over real HTTP (issue 21): the 413 answer closes its connection so the next
 * request works; /healthz, /readyz and /metrics; rate limits and session revocation shared
 * by two API instances on one PostgreSQL (each with its own pool and LISTEN connection, as
 * two processes would have); and live events that commit out of id order cannot be skipped
 * by a resuming SSE client.
 */
import type { AddressInfo } from "node:net";
import { openDatabase } from "@closr/adapters/postgres";
import { serve } from "@hono/node-server";
import pino from "pino";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { defaultRateLimits, type RateLimits } from "../http/rate-limit.ts";
import { makeAppLayer, makeRuntime } from "../runtime.ts";
import { readSse, type SseReader } from "../testing/sse-reader.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

type Server = { url: string; close: () => Promise<void> };

function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<Server> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      }),
    );
  });
}

const limits: RateLimits = {
  login: { limit: 4, windowMs: 15 * 60 * 1000 },
  register: { ...defaultRateLimits.register, limit: 1000 },
};

/** A second API instance on the same database: its own pool, runtime and LISTEN connection. */
async function secondInstance(url: string) {
  const database = await openDatabase({ url, maxConnections: 5 });
  const runtime = makeRuntime(makeAppLayer(database.db));
  const app = createApp({ runtime, db: database.db, logger: pino({ level: "silent" }), rateLimits: limits });
  const server = await listen(app.fetch);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await runtime.dispose();
      await database.close();
    },
  };
}

let t: TestApp;
let a: Server;
let b: Awaited<ReturnType<typeof secondInstance>> | undefined;
const readers: SseReader[] = [];

beforeAll(async () => {
  t = await createTestApp({ rateLimits: limits });
  a = await listen(t.app.fetch);
  if (t.database.url) b = await secondInstance(t.database.url);
});
afterAll(async () => {
  await Promise.all(readers.map((r) => r.close()));
  await b?.close();
  await a?.close();
  await t?.close();
});

let n = 0;
const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
async function signUp(base: string, userType: "business" | "agent" = "business") {
  n++;
  const res = await fetch(
    `${base}/api/register`,
    json({ email: `ops${n}@example.com`, username: `ops${n}`, password: "long enough password", userType }),
  );
  expect(res.status).toBe(201);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, id: ((await res.json()) as { id: number }).id };
}
const waitFor = async (check: () => Promise<boolean>, ms = 3000) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
};

describe("an oversized body (413)", () => {
  it("closes its connection, so the next request on the same client succeeds", async () => {
    const big = JSON.stringify({ padding: "x".repeat(1024 * 1024) });
    const refused = await fetch(`${a.url}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: big,
    });
    expect(refused.status).toBe(413);
    expect(refused.headers.get("connection")).toBe("close");
    await refused.text();
    for (let i = 0; i < 3; i++) {
      const next = await fetch(`${a.url}/api/health`);
      expect(next.status).toBe(200);
    }
  });
});

describe("probes and metrics", () => {
  it("/healthz is up; /readyz checks the database, migrations and queue", async () => {
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${a.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      ready: true,
      checks: { database: "ok", migrations: "ok" },
    });
  });

  it("/metrics has latency histograms by route template, SSE, queue, payments and pool gauges", async () => {
    const { cookie } = await signUp(a.url);
    await fetch(`${a.url}/api/user`, { headers: { cookie } });
    const text = await (await fetch(`${a.url}/metrics`)).text();
    expect(text).toMatch(
      /closr_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/user",status="200"\}/,
    );
    expect(text).toMatch(/closr_http_requests_total\{method="POST",route="\/api\/register",status="201"\} 1/);
    for (const name of ["closr_sse_connections", "closr_jobs", "closr_payments", "closr_db_connections"]) {
      expect(text).toContain(`# TYPE ${name} gauge`);
    }
    expect(text).toMatch(/closr_db_connections\{state="(active|idle)"\} \d+/);
    expect(text).toContain("closr_process_cpu_seconds_total");
  });
});

describe("two API instances on one database", () => {
  it("share rate limits: 4 login attempts per name and address in total, not 4 each", async (ctx) => {
    if (!b) return ctx.skip();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const base = i % 2 === 0 ? a.url : (b?.url ?? a.url);
      const res = await fetch(
        `${base}/api/login`,
        json({ username: "nobody-shared", password: "wrong password" }),
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});

describe("sessions cached per process", () => {
  it("a logout on one instance ends the session on the other at once", async (ctx) => {
    if (!b) return ctx.skip();
    const { cookie } = await signUp(a.url);
    // Warm B's cache with the session.
    expect((await fetch(`${b?.url}/api/user`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${b?.url}/api/user`, { headers: { cookie } })).status).toBe(200);
    const out = await fetch(`${a.url}/api/logout`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBeLessThan(300);
    expect(
      await waitFor(
        async () => (await fetch(`${b?.url}/api/user`, { headers: { cookie } })).status === 401,
        1000,
      ),
    ).toBe(true);
  });

  it("a session deleted by any code path (here plain SQL, as a suspension would) is dropped everywhere", async (ctx) => {
    if (!b) return ctx.skip();
    const { cookie, id } = await signUp(a.url);
    for (const base of [a.url, b?.url ?? a.url])
      expect((await fetch(`${base}/api/user`, { headers: { cookie } })).status).toBe(200);
    const direct = postgres(t.database.url!, { max: 1, onnotice: () => {} });
    await direct`DELETE FROM session WHERE user_id = ${id}`;
    await direct.end();
    for (const base of [a.url, b?.url ?? a.url]) {
      expect(
        await waitFor(
          async () => (await fetch(`${base}/api/user`, { headers: { cookie } })).status === 401,
          1000,
        ),
      ).toBe(true);
    }
  });
});

describe("live events that commit out of id order", () => {
  it("cannot be skipped: a later insert waits for the earlier transaction, so ids follow commit order", async (ctx) => {
    if (!b || !t.database.url) return ctx.skip();
    const alice = await signUp(a.url);
    const bob = await signUp(a.url, "agent");
    const stream = await fetch(`${b?.url}/api/events`, { headers: { cookie: alice.cookie } });
    expect(stream.status).toBe(200);
    const reader = readSse(stream.body!);
    readers.push(reader);
    await reader.next((f) => f.event === "ready");

    const receipt = (upToId: number) =>
      JSON.stringify({
        readerId: bob.id,
        senderId: alice.id,
        upToId,
        count: 1,
        readAt: new Date().toISOString(),
      });
    const first = postgres(t.database.url, { max: 1, onnotice: () => {} });
    const second = postgres(t.database.url, { max: 1, onnotice: () => {} });
    let releaseFirst!: () => void;
    const held = new Promise<void>((r) => {
      releaseFirst = r;
    });
    let firstId = 0;
    // Transaction 1 inserts its event and stays open (a slow request).
    const tx1 = first.begin(async (sql) => {
      const [row] = await sql`INSERT INTO live_events (kind, user_ids, data)
        VALUES ('read', ${[alice.id, bob.id]}, ${receipt(1)}::jsonb) RETURNING id`;
      firstId = Number(row!.id);
      await held;
    });
    await waitFor(async () => firstId > 0);
    // Transaction 2 starts later and would, without the ordering lock, commit first with a higher id.
    let secondId = 0;
    const tx2 = second`INSERT INTO live_events (kind, user_ids, data)
      VALUES ('read', ${[alice.id, bob.id]}, ${receipt(2)}::jsonb) RETURNING id`.then(([row]) => {
      secondId = Number(row!.id);
    });
    await new Promise((r) => setTimeout(r, 400));
    // Nothing reached the client while the first transaction is open: the second one waits.
    expect(secondId).toBe(0);
    expect(reader.frames.filter((f) => f.event === "read")).toHaveLength(0);
    releaseFirst();
    await tx1;
    await tx2;
    expect(secondId).toBeGreaterThan(firstId);
    await reader.next((f) => f.event === "read" && f.id === String(secondId));
    const delivered = reader.frames.filter((f) => f.event === "read").map((f) => Number(f.id));
    expect(delivered).toEqual([firstId, secondId]);

    // A client that saw only the first event and resumes gets the second.
    for (const [after, expected] of [[firstId, [secondId]]] as const) {
      const resumed = await fetch(`${a.url}/api/events`, {
        headers: { cookie: alice.cookie, "last-event-id": String(after) },
      });
      const r = readSse(resumed.body!);
      readers.push(r);
      await r.next((f) => f.event === "ready");
      expect(r.frames.filter((f) => f.event === "read").map((f) => Number(f.id))).toEqual(expected);
    }
    await first.end();
    await second.end();
  });
});
