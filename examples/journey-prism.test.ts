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
import { type ChildProcess, spawn } from "node:child_process";
import { type AddressInfo, createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../services/api/src/testing/test-app.ts";
import { runJourney } from "./journey.ts";

const here = dirname(fileURLToPath(import.meta.url));
const prismBin = join(here, "..", "contracts", "node_modules", ".bin", "prism");
const spec = join(here, "..", "contracts", "openapi.json");
const ADMIN_PASSWORD = "prism journey admin password";

let t: TestApp;
let server: ReturnType<typeof serve>;
let prism: ChildProcess;
let prismUrl: string;
const prismLog: string[] = [];

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released for Prism to take). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts `prism proxy --errors` in front of `upstream`; resolves once it listens (Prism says so). */
async function startPrism(upstream: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    prismBin,
    ["proxy", spec, upstream, "--errors", "--cors=false", "-h", "127.0.0.1", "-p", String(port)],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" } },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${prismLog.join("\n")}`)), 90_000);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) if (line.trim()) prismLog.push(line);
      if (/Prism is listening/.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with ${code}:\n${prismLog.join("\n")}`));
    });
  });
  return child;
}

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const port = await freePort();
  prism = await startPrism(upstream, port);
  prismUrl = `http://127.0.0.1:${port}`;
  const registered = await t.client().request("/api/register", {
    method: "POST",
    json: { email: "prism_admin@example.com", username: "prism_admin", password: ADMIN_PASSWORD },
  });
  expect(registered.status).toBe(201);
  await sql`UPDATE users SET role = 'admin' WHERE username = 'prism_admin'`.execute(t.database.db);
}, 120_000);

afterAll(async () => {
  prism?.kill("SIGTERM");
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
