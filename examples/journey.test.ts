/**
 * Issue 20 Done-when, in CI (`pnpm test`): the integrator journey (journey.ts) passes against the
 * real API served over HTTP on a fresh test database, with 0 response-schema mismatches against
 * the spec it fetched from `/api/openapi.json`. An administrator grants the agent API access over
 * the API (`PUT /api/admin/users/{id}/api-access`).
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../services/api/src/testing/test-app.ts";
import { runJourney } from "./journey.ts";

const ADMIN_PASSWORD = "journey admin password";
let t: TestApp;
let server: ReturnType<typeof serve>;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The administrator who grants the agent API access (as `pnpm admin:grant` would make one).
  const registered = await t.client().request("/api/register", {
    method: "POST",
    json: { email: "journey_admin@example.com", username: "journey_admin", password: ADMIN_PASSWORD },
  });
  expect(registered.status).toBe(201);
  await sql`UPDATE users SET role = 'admin' WHERE username = 'journey_admin'`.execute(t.database.db);
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

describe("the integrator journey (examples/journey.ts)", () => {
  it("registers, keys, profiles, search, connect, accept, invoice, pay, message: 0 schema mismatches", async () => {
    const lines: string[] = [];
    const result = await runJourney({
      baseUrl,
      log: (line) => lines.push(line),
      grant: { admin: { username: "journey_admin", password: ADMIN_PASSWORD } },
    });
    expect(result.mismatches).toEqual([]);
    expect(result.steps).toHaveLength(15);
    expect(result.steps.at(-1)).toBe("business messages the agent; the agent reads it");
    // every operation of the journey answered as planned, and was checked against the spec
    const operations = new Set(result.responses.map((r) => r.operation));
    for (const operation of [
      "POST /api/register 201",
      "POST /api/api-keys 201",
      "PUT /api/admin/users/{id}/api-access 200",
      "POST /api/business-profiles 201",
      "POST /api/agent-profiles 201",
      "GET /api/agent-profiles 200",
      "POST /api/partnerships 201",
      "PATCH /api/partnerships/{id} 200",
      "POST /api/invoices 201",
      "POST /api/create-payment-intent 200",
      "POST /api/local-gateway/payment-intents/{id}/confirm 200",
      "GET /api/invoices/{id} 200",
      "POST /api/messages 201",
      "GET /api/conversations 200",
    ])
      expect(operations).toContain(operation);
  }, 120_000);

  it("the check reports a response the spec does not describe", async () => {
    const { createSchemaCheck } = await import("./schema-check.ts");
    const spec = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
    const check = createSchemaCheck(spec);
    const wrongBody = new Response(JSON.stringify({ id: "seven" }), {
      status: 201,
      headers: { "content-type": "application/json" },
    });
    expect((await check("POST", `${baseUrl}/api/invoices`, wrongBody)).mismatch).toMatch(/must be/);
    const undeclared = new Response(null, { status: 418 });
    expect((await check("GET", `${baseUrl}/api/invoices`, undeclared)).mismatch).toBe(
      "status 418 is not declared",
    );
    expect((await check("GET", `${baseUrl}/api/nowhere`, undeclared)).mismatch).toBe(
      "the operation is not in the spec",
    );
  });
});
