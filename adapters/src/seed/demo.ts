/**
 * The whole demo of the embedded default in one call: demo users and profiles, 300 generated
 * agents and 100 businesses, partnerships, agreements, subscriptions, payouts, invoices, messages,
 * verification requests, reviews, insights and disputes, in that order (each step reads what the
 * earlier ones wrote). Deterministic: seeded faker, fixed dates. Used by the process at start
 * (services/api main.ts), the search tests and the relevance benchmark, so all see the same data.
 * Returns the demo accounts' logins (username, password, role) for the start banner.
 */
import { seedDemoAgreements } from "./demo-agreements.ts";
import { seedDemoDisputes } from "./demo-disputes.ts";
import { seedDemoInsights } from "./demo-insights.ts";
import { seedDemoInvoices } from "./demo-invoices.ts";
import { seedDemoMarketplace, seedDemoProfiles } from "./demo-marketplace.ts";
import { seedDemoMessages } from "./demo-messages.ts";
import { seedDemoPartnerships } from "./demo-partnerships.ts";
import { seedDemoPayouts } from "./demo-payouts.ts";
import { seedDemoReviews } from "./demo-reviews.ts";
import { seedDemoSubscriptions } from "./demo-subscriptions.ts";
import { seedDemoUsers } from "./demo-users.ts";
import { seedDemoVerification } from "./demo-verification.ts";
import type { SeedRuntime } from "./runtime.ts";

export async function seedDemo(runtime: SeedRuntime) {
  const logins = await seedDemoUsers(runtime);
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
  return logins;
}
