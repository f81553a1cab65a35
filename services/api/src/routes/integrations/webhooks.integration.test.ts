/**
 * Outgoing webhooks (issue 20 Done-when, ADR 0023) on a real database: a local receiver checks
 * each delivery's signature (recomputing the HMAC), fails twice (500) then accepts — each event
 * is accepted exactly once, in order per object (partnership requested before accepted, the
 * accepted event held back while the requested one is retried); unsubscribed types and
 * disabled endpoints get nothing; another account cannot see, change or replay my endpoints
 * and deliveries (404); Replay sends the same event id again. Back-off is shortened to 0 s.
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhookSignature } from "@closr/contracts";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app.ts";

interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly status: number;
}

let t: TestApp;
let server: Server;
let base = "";
const received: Received[] = [];
/** The next `failures` requests answer 500. */
let failures = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const status = failures > 0 ? 500 : 200;
      if (failures > 0) failures--;
      received.push({ path: req.url ?? "", headers: req.headers, body, status });
      res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "ok" : "boom");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    webhookRetry: { baseSeconds: 0, retryLimit: 14, giveUpAfterSeconds: 3 * 86_400 },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});
afterEach(() => expect(t.violations.splice(0)).toEqual([]));

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let n = 0;
async function signUp(userType: "business" | "agent", access: boolean) {
  n++;
  const client = t.client();
  const res = await client.request("/api/register", {
    method: "POST",
    json: {
      email: `hooks${n}@example.com`,
      username: `hooks${n}`,
      password: "long enough password",
      userType,
    },
  });
  expect(res.status).toBe(201);
  const userId = (await bodyOf(res)).id as number;
  const profile =
    userType === "business"
      ? await client.request("/api/business-profiles", {
          method: "POST",
          json: { companyName: `Hooks ${n}` },
        })
      : await client.request("/api/agent-profiles", {
          method: "POST",
          json: { fullName: `Hooks ${n}`, specialization: "B2B Sales", yearsOfExperience: 4 },
        });
  expect(profile.status).toBe(201);
  if (access) await sql`INSERT INTO api_access_grants (user_id) VALUES (${userId})`.execute(t.database.db);
  return { client, userId, profileId: (await bodyOf(profile)).id as number };
}

async function register(client: TestClient, path: string, events: string[]) {
  const res = await client.request("/api/webhook-endpoints", {
    method: "POST",
    json: { url: `${base}${path}`, description: "Test receiver", events },
  });
  expect(res.status).toBe(201);
  return (await bodyOf(res)) as { endpoint: { id: number }; secret: string };
}

/** Runs jobs, and the queue's retries, until nothing more is due (the back-off is 0 s here). */
async function drain() {
  for (let round = 0; round < 20; round++) if ((await t.runJobs()) === 0) return;
}

const events = (path: string) =>
  received.filter((r) => r.path === path).map((r) => ({ ...r, event: JSON.parse(r.body) }));

describe("outgoing webhooks (issue 20)", () => {
  let business: Awaited<ReturnType<typeof signUp>>;
  let agent: Awaited<ReturnType<typeof signUp>>;
  let secret = "";
  let endpointId = 0;
  let partnershipId = 0;

  it("needs API access to register an endpoint, and refuses URLs that are not http(s)", async () => {
    business = await signUp("business", true);
    agent = await signUp("agent", false);
    const refused = await agent.client.request("/api/webhook-endpoints", {
      method: "POST",
      json: { url: `${base}/agent`, events: ["message.created"] },
    });
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).type).toBe("/problems/api-access-required");
    const ftp = await business.client.request("/api/webhook-endpoints", {
      method: "POST",
      json: { url: "ftp://example.com/hooks", events: ["message.created"] },
    });
    expect(ftp.status).toBe(422);
  });

  it("signs each delivery; a receiver failing twice gets each event accepted once, in order per object", async () => {
    ({
      secret,
      endpoint: { id: endpointId },
    } = await register(business.client, "/a", ["partnership.requested", "partnership.accepted"]));
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    failures = 2;
    const requested = await business.client.request("/api/partnerships", {
      method: "POST",
      json: { agentId: agent.profileId },
    });
    expect(requested.status).toBe(201);
    partnershipId = (await bodyOf(requested)).id;
    // The first attempt fails (500) before the partnership is accepted: the accepted event must wait.
    await t.runJobs();
    const accepted = await agent.client.request(`/api/partnerships/${partnershipId}`, {
      method: "PATCH",
      json: { status: "active" },
    });
    expect(accepted.status).toBe(200);
    await drain();

    const all = events("/a");
    // Two failed attempts of "requested", then requested and accepted, each accepted once.
    expect(all.map((r) => [r.event.type, r.status])).toEqual([
      ["partnership.requested", 500],
      ["partnership.requested", 500],
      ["partnership.requested", 200],
      ["partnership.accepted", 200],
    ]);
    const ok = all.filter((r) => r.status === 200);
    expect(new Set(ok.map((r) => r.event.id)).size).toBe(2);
    expect(ok.map((r) => r.event.data.object.id)).toEqual([partnershipId, partnershipId]);
    expect(ok[1]!.event.data.object.status).toBe("active");
    for (const r of all) {
      // The receiver recomputes the HMAC over "<t>.<raw body>" …
      const header = String(r.headers["closr-signature"]);
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
      expect(match).not.toBeNull();
      const expected = createHmac("sha256", secret).update(`${match![1]}.${r.body}`).digest("hex");
      expect(match![2]).toBe(expected);
      expect(r.headers["closr-event-id"]).toBe(r.event.id);
      // … and the SDK helper agrees, and refuses a wrong secret or a changed body.
      expect(await verifyWebhookSignature({ body: r.body, header, secret })).toBe(true);
      expect(await verifyWebhookSignature({ body: r.body, header, secret: "whsec_wrong" })).toBe(false);
      expect(await verifyWebhookSignature({ body: `${r.body} `, header, secret })).toBe(false);
    }

    const log = await bodyOf(
      await business.client.request(`/api/webhook-endpoints/${endpointId}/deliveries`),
    );
    expect(
      log.items.map((d: { eventType: string; status: string; attempts: number; lastStatusCode: number }) => [
        d.eventType,
        d.status,
        d.attempts,
        d.lastStatusCode,
      ]),
    ).toEqual([
      ["partnership.accepted", "delivered", 1, 200],
      ["partnership.requested", "delivered", 3, 200],
    ]);
  });

  it("sends nothing for unsubscribed event types or to disabled endpoints", async () => {
    const disabled = await register(business.client, "/disabled", ["message.created"]);
    const off = await business.client.request(`/api/webhook-endpoints/${disabled.endpoint.id}`, {
      method: "PATCH",
      json: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect((await bodyOf(off)).enabled).toBe(false);
    const before = received.length;
    const sent = await agent.client.request("/api/messages", {
      method: "POST",
      json: { receiverId: business.userId, content: "Hello from the agent" },
    });
    expect(sent.status).toBe(201);
    await drain();
    expect(received.length).toBe(before);
    const log = await bodyOf(
      await business.client.request(`/api/webhook-endpoints/${disabled.endpoint.id}/deliveries`),
    );
    expect(log.items).toEqual([]);
    // Enabled again, the next message is delivered there.
    await business.client.request(`/api/webhook-endpoints/${disabled.endpoint.id}`, {
      method: "PATCH",
      json: { enabled: true },
    });
    await agent.client.request("/api/messages", {
      method: "POST",
      json: { receiverId: business.userId, content: "Second message" },
    });
    await drain();
    expect(events("/disabled").map((r) => [r.event.type, r.event.data.object.content])).toEqual([
      ["message.created", "Second message"],
    ]);
    expect(events("/a").length).toBe(4);
  });

  it("another account cannot see, change, delete or replay my endpoints and deliveries (404)", async () => {
    const log = await bodyOf(
      await business.client.request(`/api/webhook-endpoints/${endpointId}/deliveries`),
    );
    const deliveryId = log.items[0].id as number;
    const outsider = await signUp("agent", true);
    const mine = await bodyOf(await outsider.client.request("/api/webhook-endpoints"));
    expect(mine).toEqual({ access: true, items: [] });
    const tries = [
      outsider.client.request(`/api/webhook-endpoints/${endpointId}/deliveries`),
      outsider.client.request(`/api/webhook-endpoints/${endpointId}`, {
        method: "PATCH",
        json: { enabled: false },
      }),
      outsider.client.request(`/api/webhook-endpoints/${endpointId}`, { method: "DELETE" }),
      outsider.client.request(`/api/webhook-deliveries/${deliveryId}/replay`, { method: "POST" }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.status).toBe(404);
      expect((await bodyOf(res)).type).toBe("/problems/not-found");
    }
    const still = await bodyOf(
      await business.client.request(`/api/webhook-endpoints/${endpointId}/deliveries`),
    );
    expect(still.items.every((d: { status: string }) => d.status === "delivered")).toBe(true);
  });

  it("Replay sends the same event again", async () => {
    const log = await bodyOf(
      await business.client.request(`/api/webhook-endpoints/${endpointId}/deliveries`),
    );
    const newest = log.items[0] as { id: number; eventId: string };
    const before = events("/a").length;
    const replay = await business.client.request(`/api/webhook-deliveries/${newest.id}/replay`, {
      method: "POST",
    });
    expect(replay.status).toBe(200);
    expect((await bodyOf(replay)).status).toBe("pending");
    await drain();
    const after = events("/a");
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)!.event.id).toBe(newest.eventId);
    expect(after.at(-1)!.status).toBe(200);
  });

  it("deleting an endpoint removes it and its log", async () => {
    const del = await business.client.request(`/api/webhook-endpoints/${endpointId}`, { method: "DELETE" });
    expect(del.status).toBe(204);
    const gone = await business.client.request(`/api/webhook-endpoints/${endpointId}/deliveries`);
    expect(gone.status).toBe(404);
  });
});
