/**
 * The whole demo of the embedded default in one call: demo users and profiles, 300 generated
 * agents and 100 businesses, partnerships, agreements, subscriptions, payouts, invoices, messages,
 * verification requests, reviews, insights, disputes, opportunities, deals and sales, in that order (each step reads what the
 * earlier ones wrote). Deterministic: seeded faker, fixed dates. Used by the process at start
 * (services/api main.ts), the search tests and the relevance benchmark, so all see the same data.
 * Returns the demo accounts' logins (username, password, role) for the start banner.
 */

import { Effect } from "effect";
import { sql } from "kysely";
import { PgDatabase } from "../postgres/database-service.ts";
import { seedDemoAgreements } from "./demo-agreements.ts";
import { seedDemoDeals } from "./demo-deals.ts";
import { seedDemoDisputes } from "./demo-disputes.ts";
import { seedDemoInsights } from "./demo-insights.ts";
import { seedDemoInvoices } from "./demo-invoices.ts";
import { seedDemoMarketplace, seedDemoProfiles } from "./demo-marketplace.ts";
import { seedDemoMessages } from "./demo-messages.ts";
import { seedDemoOpportunities } from "./demo-opportunities.ts";
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
  await seedDemoOpportunities(runtime);
  await seedDemoDeals(runtime);
  return logins;
}

/** How much demo data the database holds (rows, all users' together): the start's "Demo data" line. */
export interface DemoSummary {
  readonly agents: number;
  readonly businesses: number;
  readonly partnerships: number;
  readonly invoices: number;
  readonly messages: number;
  readonly reviews: number;
  readonly disputes: number;
}

/** Counts the profiles, partnerships, invoices, messages, reviews and disputes the database holds. */
export async function demoSummary(runtime: SeedRuntime): Promise<DemoSummary> {
  return runtime.runPromise(
    Effect.flatMap(PgDatabase, (db) =>
      Effect.promise(async () => {
        const result = await sql<Record<keyof DemoSummary, number>>`
          select (select count(*) from agent_profiles)::int as agents,
                 (select count(*) from business_profiles)::int as businesses,
                 (select count(*) from partnerships)::int as partnerships,
                 (select count(*) from invoices)::int as invoices,
                 (select count(*) from messages)::int as messages,
                 (select count(*) from reviews)::int as reviews,
                 (select count(*) from disputes)::int as disputes`.execute(db);
        const row = result.rows[0];
        const n = (key: keyof DemoSummary) => Number(row?.[key] ?? 0);
        return {
          agents: n("agents"),
          businesses: n("businesses"),
          partnerships: n("partnerships"),
          invoices: n("invoices"),
          messages: n("messages"),
          reviews: n("reviews"),
          disputes: n("disputes"),
        };
      }),
    ),
  );
}

/** "Demo data: 302 agents, 102 businesses, 9 partnerships, 14 invoices, 38 messages, 3 reviews, 2 disputes". */
export const demoSummaryLine = (s: DemoSummary): string =>
  `Demo data: ${s.agents} agents, ${s.businesses} businesses, ${s.partnerships} partnerships, ${s.invoices} invoices, ${s.messages} messages, ${s.reviews} reviews, ${s.disputes} disputes`;
