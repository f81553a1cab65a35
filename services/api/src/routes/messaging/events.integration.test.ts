/**
 * GET /api/events over real HTTP: live delivery to every open tab of both users, read
 * receipts, resumption from Last-Event-ID, and fan-out across two API instances that share
 * one PostgreSQL database through LISTEN/NOTIFY.
 */
import type { AddressInfo } from "node:net";
import { openDatabase } from "@closr/adapters/postgres";
import { serve } from "@hono/node-server";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { makeAppLayer, makeRuntime } from "../../runtime.ts";
import { readSse, type SseFrame, type SseReader } from "../../testing/sse-reader.ts";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app.ts";

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

let t: TestApp;
let server: Server;
const readers: SseReader[] = [];

beforeAll(async () => {
  t = await createTestApp();
  server = await listen(t.app.fetch);
});
afterAll(async () => {
  await Promise.all(readers.map((r) => r.close()));
  await server?.close();
  await t?.close();
});

let n = 0;
async function signUp(userType: "business" | "agent" = "business") {
  n++;
  const client = t.client();
  const username = `live${n}_${userType}`;
  const res = await client.request("/api/register", {
    method: "POST",
    json: { email: `live${n}@example.com`, username, password: "long enough password", userType },
  });
  expect(res.status).toBe(201);
  return { client, id: ((await res.json()) as { id: number }).id, username };
}

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

/** Opens an event stream as `client` on `base`; returns the response and a frame reader. */
async function openStream(
  base: string,
  client: TestClient,
  headers: Record<string, string> = {},
  query = "",
) {
  const response = await fetch(`${base}/api/events${query}`, {
    headers: { cookie: cookieOf(client), accept: "text/event-stream", "accept-encoding": "gzip", ...headers },
  });
  expect(response.status).toBe(200);
  const reader = readSse(response.body!);
  readers.push(reader);
  await reader.next((f) => f.event === "ready");
  return { response, reader };
}

async function post(base: string, client: TestClient, path: string, json: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { cookie: cookieOf(client), "content-type": "application/json", origin: base },
    body: JSON.stringify(json),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const isMessage = (content: string) => (f: SseFrame) =>
  f.event === "message" && JSON.parse(f.data).content === content;

describe("GET /api/events", () => {
  it("streams uncompressed, starts with ready, and delivers a message to every tab of both users", async () => {
    const ava = await signUp();
    const mia = await signUp("agent");
    const eve = await signUp("agent");
    const avaTab1 = await openStream(server.url, ava.client);
    const avaTab2 = await openStream(server.url, ava.client);
    const miaTab = await openStream(server.url, mia.client);
    const eveTab = await openStream(server.url, eve.client);

    expect(avaTab1.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(avaTab1.response.headers.get("content-encoding")).toBeNull();
    expect(avaTab1.response.headers.get("cache-control")).toContain("no-cache");
    const ready = avaTab1.reader.frames[0]!;
    expect(ready).toMatchObject({ event: "ready", retry: 2000 });
    expect(ready.id).toMatch(/^\d+$/);

    const sent = await post(server.url, ava.client, "/api/messages", {
      receiverId: mia.id,
      content: "Live hello",
    });
    expect(sent.status).toBe(201);
    for (const tab of [avaTab1, avaTab2, miaTab]) {
      const frame = await tab.reader.next(isMessage("Live hello"));
      expect(JSON.parse(frame.data)).toEqual(sent.body);
      expect(Number(frame.id)).toBeGreaterThan(Number(ready.id));
    }

    const read = await post(server.url, mia.client, `/api/conversations/${ava.id}/read`, {});
    expect(read.body).toEqual({ markedRead: 1, upToId: sent.body.id });
    for (const tab of [avaTab1, avaTab2, miaTab]) {
      const receipt = await tab.reader.next((f) => f.event === "read");
      expect(JSON.parse(receipt.data)).toMatchObject({
        readerId: mia.id,
        senderId: ava.id,
        upToId: sent.body.id,
      });
    }

    // Eve is in neither conversation: a message to her arrives, the others never do.
    await post(server.url, ava.client, "/api/messages", { receiverId: eve.id, content: "Hi Eve" });
    await eveTab.reader.next(isMessage("Hi Eve"));
    expect(eveTab.reader.frames.filter((f) => f.event === "message" || f.event === "read")).toHaveLength(1);
    await miaTab.reader.next(isMessage("Hi Eve"), 300).then(
      () => expect.fail("Mia received Eve's message"),
      () => {},
    );
  });

  it("resumes after Last-Event-ID with what was missed, or asks for a refetch when it cannot", async () => {
    const ava = await signUp();
    const mia = await signUp("agent");
    const first = await openStream(server.url, mia.client);
    await post(server.url, ava.client, "/api/messages", { receiverId: mia.id, content: "before the drop" });
    const seen = await first.reader.next(isMessage("before the drop"));
    await first.reader.close();

    await post(server.url, ava.client, "/api/messages", { receiverId: mia.id, content: "missed 1" });
    await post(server.url, ava.client, "/api/messages", { receiverId: mia.id, content: "missed 2" });

    const resumed = await openStream(server.url, mia.client, { "last-event-id": seen.id! });
    const events = resumed.reader.frames.map((f) => f.event);
    expect(events).toEqual(["message", "message", "ready"]);
    expect(resumed.reader.frames.slice(0, 2).map((f) => JSON.parse(f.data).content)).toEqual([
      "missed 1",
      "missed 2",
    ]);

    const viaQuery = await openStream(server.url, mia.client, {}, `?lastEventId=${seen.id}`);
    expect(viaQuery.reader.frames.map((f) => f.event)).toEqual(["message", "message", "ready"]);

    const lost = await openStream(server.url, mia.client, { "last-event-id": "999999999999" });
    expect(lost.reader.frames.map((f) => f.event)).toEqual(["reset", "ready"]);
  });
});

describe("fan-out across API instances", () => {
  it("a message posted to instance A reaches an SSE client of instance B, and back", async (context) => {
    if (!t.database.url) {
      context.skip(
        "Needs a PostgreSQL server shared by two processes (TEST_DATABASE_URL or Docker); embedded PGlite is one process.",
      );
      return;
    }
    const second = await openDatabase({ url: t.database.url, maxConnections: 5 });
    const runtimeB = makeRuntime(makeAppLayer(second.db));
    const appB = createApp({ runtime: runtimeB, db: second.db, logger: pino({ level: "silent" }) });
    const serverB = await listen(appB.fetch);
    try {
      const ava = await signUp();
      const mia = await signUp("agent");
      const miaOnB = await openStream(serverB.url, mia.client);
      const avaOnA = await openStream(server.url, ava.client);

      const started = performance.now();
      const sent = await post(server.url, ava.client, "/api/messages", {
        receiverId: mia.id,
        content: "A to B",
      });
      expect(sent.status).toBe(201);
      const frame = await miaOnB.reader.next(isMessage("A to B"));
      expect(JSON.parse(frame.data)).toEqual(sent.body);
      expect(frame.receivedAt - started).toBeLessThan(5000);

      const reply = await post(serverB.url, mia.client, "/api/messages", {
        receiverId: ava.id,
        content: "B to A",
      });
      expect(reply.status).toBe(201);
      await avaOnA.reader.next(isMessage("B to A"));
      await post(serverB.url, mia.client, `/api/conversations/${ava.id}/read`, {});
      const receipt = await avaOnA.reader.next((f) => f.event === "read");
      expect(JSON.parse(receipt.data)).toMatchObject({ readerId: mia.id, upToId: sent.body.id });
      await miaOnB.reader.close();
    } finally {
      await serverB.close();
      await runtimeB.dispose();
      await second.close();
    }
  });
});
