/**
 * Issue 49 Done-when, in `pnpm test`: the integrator journey (journey.ts) passes through Prism's
 * validating proxy in `--errors` mode (`prism proxy --errors contracts/openapi.json <api>`, Prism
 * 5.14 from the npm registry), and Prism reports 0 request and 0 response violations.
 *
 * Prism validates every request against the operation it matches (path, query, headers, cookies,
 * security, body) and every upstream response against the declared status, headers and schema. In
 * `--errors` mode a request violation is answered 422 by Prism itself and a response violation 500,
 * so any gap between the contract and the server fails a journey step; Prism's log lines
 * ("Request terminated …", "Violation: …") are collected and must hold none.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PrismProxy, startPrismProxy } from "../services/api/src/testing/prism-proxy.ts";
import { createTestApp, type TestApp } from "../services/api/src/testing/test-app.ts";
import { runJourney } from "./journey.ts";

const ADMIN_PASSWORD = "prism journey admin password";

let t: TestApp;
let server: ReturnType<typeof serve>;
let prism: PrismProxy;
let prismUrl: string;
let prismLog: string[];

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  prism = await startPrismProxy(upstream, { errors: true });
  prismUrl = prism.url;
  prismLog = prism.log;
  const registered = await t.client().request("/api/register", {
    method: "POST",
    json: { email: "prism_admin@example.com", username: "prism_admin", password: ADMIN_PASSWORD },
  });
  expect(registered.status).toBe(201);
  await sql`UPDATE users SET role = 'admin' WHERE username = 'prism_admin'`.execute(t.database.db);
}, 120_000);

afterAll(async () => {
  await prism?.close();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

describe("the integrator journey through prism proxy --errors", () => {
  it("every step passes and Prism reports 0 request and 0 response violations", async () => {
    const result = await runJourney({
      baseUrl: prismUrl,
      log: () => {},
      grant: { admin: { username: "prism_admin", password: ADMIN_PASSWORD } },
    });
    expect(result.steps.at(-1)).toBe("business messages the agent; the agent reads it");
    expect(result.mismatches).toEqual([]);
    // Every answer came from the API through Prism (Prism answers 422/500 itself on a violation).
    expect(result.responses.length).toBeGreaterThan(20);
    const violations = prismLog.filter((line) => /violation|terminated|error/i.test(line));
    expect(violations).toEqual([]);
  }, 240_000);

  it("Prism refuses a request the contract does not allow, and logs it as the journey's check reads it", async () => {
    const before = prismLog.length;
    const response = await fetch(`${prismUrl}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({ email: 5 }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ type: expect.stringContaining("prism") });
    // the same filter as above sees this one (so a violation in the journey could not pass unseen)
    await expect
      .poll(() => prismLog.slice(before).filter((line) => /violation|terminated|error/i.test(line)).length)
      .toBeGreaterThan(0);
  });
});
