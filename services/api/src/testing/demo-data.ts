/**
 * The demo data of the embedded default, seeded on a test app by the same `seedDemo` the process
 * calls at start, and sign-in as a demo user. Deterministic: seeded faker, fixed dates.
 * Used by the search integration tests and the relevance benchmark (bench/relevance).
 */
import { DEMO_PASSWORD, seedDemo } from "@closr/adapters/seed";
import type { TestApp, TestClient } from "./test-app.ts";

/** Seeds the whole demo, the same call the process makes at start (`seedDemo`). */
export async function seedDemoData(t: Pick<TestApp, "runtime">) {
  await seedDemo(t.runtime);
}

/** A client signed in as a demo user ("harbourtech", "mia.chen", …). */
export async function demoClient(t: Pick<TestApp, "client">, username: string): Promise<TestClient> {
  const client = t.client();
  const res = await client.request("/api/login", {
    method: "POST",
    json: { username, password: DEMO_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`demo login ${username}: ${res.status}`);
  return client;
}
