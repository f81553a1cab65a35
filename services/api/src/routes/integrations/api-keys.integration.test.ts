/**
 * API keys (issue 20 Done-when): hash at rest, scope refusals 403, revoked 401, rate limit 429
 * with RateLimit-* headers, access only for Enterprise or granted accounts, Origin check for
 * cookies only.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defaultRateLimits } from "../../http/rate-limit.ts";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app.ts";

let t: TestApp;
const API_KEY_LIMIT = 6;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      login: { ...defaultRateLimits.login, limit: 1000 },
      register: { ...defaultRateLimits.register, limit: 1000 },
      apiKey: { limit: API_KEY_LIMIT, windowMs: 60_000 },
    },
  });
}, 60_000);
afterAll(() => t?.close());
afterEach(() => expect(t.violations.splice(0)).toEqual([]));

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let n = 0;
async function signUp(
  userType: "business" | "agent",
  plan?: "enterprise",
): Promise<{ client: TestClient; userId: number }> {
  n++;
  const client = t.client();
  const res = await client.request("/api/register", {
    method: "POST",
    json: { email: `keys${n}@example.com`, username: `keys${n}`, password: "long enough password", userType },
  });
  expect(res.status).toBe(201);
  const userId = (await bodyOf(res)).id as number;
  if (plan) await sql`UPDATE users SET plan_id = ${plan} WHERE id = ${userId}`.execute(t.database.db);
  return { client, userId };
}

async function createKey(client: TestClient, scopes: string[], name = "CRM sync") {
  const res = await client.request("/api/api-keys", { method: "POST", json: { name, scopes } });
  expect(res.status).toBe(201);
  return (await bodyOf(res)) as { key: { id: number; hint: string }; secret: string };
}

const withKey = (secret: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t
    .client()
    .request(path, { ...init, headers: { ...(init.headers ?? {}), authorization: `Bearer ${secret}` } });

describe("API keys (issue 20)", () => {
  it("the served /api/openapi.json is the committed, finished contract (bearer scheme for Try it)", async () => {
    const served = await bodyOf(await t.client().request("/api/openapi.json"));
    const committed = JSON.parse(
      readFileSync(new URL("../../../../../contracts/openapi.json", import.meta.url), "utf8"),
    );
    expect(served.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(served).toEqual(committed);
  });

  it("only Enterprise or granted accounts may create keys", async () => {
    const basic = await signUp("business");
    const list = await bodyOf(await basic.client.request("/api/api-keys"));
    expect(list).toEqual({ access: false, items: [] });
    const refused = await basic.client.request("/api/api-keys", {
      method: "POST",
      json: { name: "x", scopes: ["profiles:read"] },
    });
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).type).toBe("/problems/api-access-required");

    const agent = await signUp("agent");
    await sql`INSERT INTO api_access_grants (user_id) VALUES (${agent.userId})`.execute(t.database.db);
    await createKey(agent.client, ["profiles:read"]);
  });

  it("only an administrator grants API access (PUT /api/admin/users/{id}/api-access), audited", async () => {
    const agent = await signUp("agent");
    const other = await signUp("business");
    const path = `/api/admin/users/${agent.userId}/api-access`;
    const refused = await other.client.request(path, { method: "PUT" });
    expect(refused.status).toBe(403);
    expect((await bodyOf(await agent.client.request("/api/api-keys"))).access).toBe(false);

    const staff = await signUp("business");
    await t.database.db.updateTable("users").set({ role: "admin" }).where("id", "=", staff.userId).execute();
    const granted = await staff.client.request(path, { method: "PUT" });
    expect(granted.status).toBe(200);
    expect((await bodyOf(await agent.client.request("/api/api-keys"))).access).toBe(true);
    const again = await staff.client.request(path, { method: "PUT" });
    expect(again.status).toBe(200);
    const unknown = await staff.client.request("/api/admin/users/999999/api-access", { method: "PUT" });
    expect(unknown.status).toBe(404);
    const audit = await t.database.db
      .selectFrom("auditLog")
      .select(["actorUserId", "action"])
      .where("action", "=", "user.api-access-granted")
      .where("subjectId", "=", String(agent.userId))
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
    expect(audit[0]?.actorUserId).toBe(staff.userId);
  });

  it("shows the secret once and stores only its SHA-256", async () => {
    const { client, userId } = await signUp("business", "enterprise");
    const { key, secret } = await createKey(client, ["partnerships:read", "partnerships:write"]);
    expect(secret).toMatch(/^closr_live_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(key.hint)).toBe(true);
    const rows = await sql<Record<string, unknown>>`SELECT * FROM api_keys WHERE user_id = ${userId}`.execute(
      t.database.db,
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.keyHash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(rows.rows)).not.toContain(secret);
    // write implies read: stored as the write scope only
    expect(rows.rows[0]!.scopes).toEqual(["partnerships:write"]);
    const list = await bodyOf(await client.request("/api/api-keys"));
    expect(list.access).toBe(true);
    expect(JSON.stringify(list)).not.toContain(secret);
    expect(list.items[0]).toMatchObject({ id: key.id, lastUsedAt: null, revokedAt: null });
  });

  it("acts as the account within its scopes; refuses others with 403 insufficient-scope", async () => {
    const { client } = await signUp("business", "enterprise");
    const { secret } = await createKey(client, ["partnerships:read", "profiles:write"]);
    const ok = await withKey(secret, "/api/partnerships");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("ratelimit-limit")).toBe(String(API_KEY_LIMIT));
    expect(ok.headers.get("ratelimit-remaining")).toBe(String(API_KEY_LIMIT - 1));
    expect(ok.headers.get("ratelimit-reset")).toMatch(/^\d+$/);

    // a cross-origin POST with a bearer key is not refused as a forged request (Origin check: cookies only)
    const created = await withKey(secret, "/api/business-profiles", {
      method: "POST",
      json: { companyName: "Keyed Pty Ltd" },
      headers: { origin: "https://crm.example.com" },
    });
    expect(created.status).toBe(201);

    const write = await withKey(secret, "/api/partnerships", { method: "POST", json: { agentId: 1 } });
    expect(write.status).toBe(403);
    expect(await bodyOf(write)).toMatchObject({
      type: "/problems/insufficient-scope",
      detail: "This API key needs the partnerships:write scope.",
    });
    const otherArea = await withKey(secret, "/api/invoices");
    expect(otherArea.status).toBe(403);
    expect((await bodyOf(otherArea)).detail).toBe("This API key needs the invoices:read scope.");
    const sessionOnly = await withKey(secret, "/api/api-keys");
    expect(sessionOnly.status).toBe(403);
    expect((await bodyOf(sessionOnly)).type).toBe("/problems/insufficient-scope");

    const list = await bodyOf(await client.request("/api/api-keys"));
    expect(list.items[0].lastUsedAt).not.toBeNull();
  });

  it("any valid key may ask who it acts for (GET /api/user), whatever its scopes; a revoked one may not", async () => {
    const { client, userId } = await signUp("business", "enterprise");
    for (const scopes of [["profiles:read"], ["messages:write"], ["invoices:read", "payments:read"]]) {
      const { secret } = await createKey(client, scopes);
      const me = await withKey(secret, "/api/user");
      expect(me.status).toBe(200);
      expect(await bodyOf(me)).toMatchObject({ id: userId, username: `keys${n}`, userType: "business" });
    }
    const { key, secret } = await createKey(client, ["partnerships:read"], "Short-lived");
    await client.request(`/api/api-keys/${key.id}`, { method: "DELETE" });
    expect((await withKey(secret, "/api/user")).status).toBe(401);
    // Only "who am I": the other session-only operations stay closed to keys.
    const { secret: another } = await createKey(client, ["profiles:write"]);
    expect((await bodyOf(await withKey(another, "/api/api-keys"))).type).toBe("/problems/insufficient-scope");
    const served = await bodyOf(await t.client().request("/api/openapi.json"));
    expect(served.paths["/api/user"].get.security).toEqual([{ session: [] }, { apiKey: [] }]);
  });

  it("an account without a profile lists partnerships, invoices and payments as empty pages, by key and by session", async () => {
    for (const userType of ["business", "agent"] as const) {
      const { client, userId } = await signUp(userType);
      // API access by an administrator's grant (as `pnpm api:grant` gives it).
      await sql`INSERT INTO api_access_grants (user_id) VALUES (${userId})`.execute(t.database.db);
      const { secret } = await createKey(client, ["partnerships:read", "invoices:read", "payments:read"]);
      for (const path of ["/api/partnerships", "/api/invoices", "/api/payments"]) {
        for (const res of [await withKey(secret, path), await client.request(path)]) {
          expect(`${userType} ${path} ${res.status}`).toBe(`${userType} ${path} 200`);
          expect(await bodyOf(res)).toMatchObject({ items: [], total: 0, page: 1 });
        }
      }
    }
  });

  it("a revoked, unknown or malformed key answers 401", async () => {
    const { client } = await signUp("business", "enterprise");
    const { key, secret } = await createKey(client, ["profiles:read"]);
    expect((await withKey(secret, "/api/agent-profiles")).status).toBe(200);
    const revoked = await client.request(`/api/api-keys/${key.id}`, { method: "DELETE" });
    expect(revoked.status).toBe(200);
    expect((await bodyOf(revoked)).revokedAt).not.toBeNull();
    const after = await withKey(secret, "/api/agent-profiles");
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toContain("invalid_token");
    expect((await bodyOf(after)).detail).toBe("The API key is invalid or has been revoked.");
    expect((await withKey(`closr_live_${"A".repeat(43)}`, "/api/agent-profiles")).status).toBe(401);
    expect((await withKey("nonsense", "/api/agent-profiles")).status).toBe(401);
    // someone else's key: 404
    const other = await signUp("business", "enterprise");
    expect((await other.client.request(`/api/api-keys/${key.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("limits requests per key: 429 problem with RateLimit-* headers, another key unaffected", async () => {
    const { client } = await signUp("business", "enterprise");
    const first = await createKey(client, ["profiles:read"]);
    const second = await createKey(client, ["profiles:read"], "Second");
    const statuses: number[] = [];
    for (let i = 0; i < API_KEY_LIMIT + 1; i++)
      statuses.push((await withKey(first.secret, "/api/agent-profiles")).status);
    expect(statuses).toEqual([...Array(API_KEY_LIMIT).fill(200), 429]);
    const limited = await withKey(first.secret, "/api/agent-profiles");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect((await bodyOf(limited)).type).toBe("/problems/rate-limited");
    expect((await withKey(second.secret, "/api/agent-profiles")).status).toBe(200);
  });
});
