/**
 * The demo data of the embedded default, seeded on a test app exactly as the process seeds it at
 * start (services/api/src/main.ts: demo users, profiles, 300 generated agents and 100 businesses,
 * partnerships, …, reviews), and sign-in as a demo user. Deterministic: seeded faker, fixed dates.
 * Used by the search integration tests and the relevance benchmark (bench/relevance).
 */
import {
  DEMO_PASSWORD,
  seedDemoAgreements,
  seedDemoDisputes,
  seedDemoInsights,
  seedDemoInvoices,
  seedDemoMarketplace,
  seedDemoMessages,
  seedDemoPartnerships,
  seedDemoPayouts,
  seedDemoProfiles,
  seedDemoReviews,
  seedDemoSubscriptions,
  seedDemoUsers,
  seedDemoVerification,
} from "@closr/adapters/seed";
import type { TestApp, TestClient } from "./test-app.ts";

/** Seeds the whole demo (same order and sizes as main.ts). */
export async function seedDemoData(t: Pick<TestApp, "runtime">) {
  const runtime = t.runtime;
  await seedDemoUsers(runtime);
  await seedDemoProfiles(runtime);
  await seedDemoMarketplace(runtime, { agents: 300, businesses: 100 });
  await seedDemoPartnerships(runtime);
  await seedDemoAgreements(runtime);
  await seedDemoSubscriptions(runtime);
  await seedDemoPayouts(runtime);
  await seedDemoInvoices(runtime);
  await seedDemoMessages(runtime);
  await seedDemoVerification(runtime);
  await seedDemoReviews(runtime);
  await seedDemoInsights(runtime);
  await seedDemoDisputes(runtime);
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
