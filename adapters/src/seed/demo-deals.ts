/**
 * Demo deals and sales (issue 43), so the deal and sale lists have something to show: Harbour Tech
 * keeps Blue Gum Hotels as a house account; Mia Chen has registered three customers under their
 * active partnership — one won (a sale Harbour Tech reported, and one she reported that waits for
 * its answer), one approved and protected, one waiting for a decision. Goes through the real use
 * cases (conflict check, machines, events). Idempotent: skipped once any deal exists.
 */
import { addCustomer, closeDeal, decideDeal, registerDeal, reportSale } from "@closr/core/deal";
import { addCalendarDays, Clock, sydneyIsoDate } from "@closr/core/shared";
import { Effect } from "effect";
import { sql } from "kysely";
import { PgDatabase } from "../postgres/index.ts";
import { demoActivePartnership, seedForDemoParties } from "./demo-users.ts";
import type { SeedRuntime } from "./runtime.ts";

export async function seedDemoDeals(runtime: SeedRuntime) {
  await seedForDemoParties(runtime, "deals", ({ business, agent }) =>
    Effect.gen(function* () {
      const db = yield* PgDatabase;
      const any = yield* Effect.promise(() => sql<{ id: number }>`SELECT id FROM deals LIMIT 1`.execute(db));
      if (any.rows.length > 0) return;
      const partnership = yield* demoActivePartnership(business, agent);
      if (!partnership) return;
      const partnershipId = partnership.id;
      const today = sydneyIsoDate(yield* (yield* Clock).now);
      yield* addCustomer(business, {
        name: "Blue Gum Hotels",
        abn: "53 004 085 616",
        website: "bluegumhotels.com.au",
        houseAccount: true,
      });
      const won = yield* registerDeal(agent, {
        partnershipId,
        customer: {
          name: "Coastal Dental Group",
          abn: "51 824 753 556",
          website: "https://www.coastaldental.com.au",
          contactName: "Priya Nair",
          contactEmail: "priya@coastaldental.com.au",
        },
        estimatedValueCents: 3_600_000,
        expectedCloseDate: addCalendarDays(today, 30),
        notes: "Eight clinics on the Central Coast; trialling the booking module.",
      });
      yield* decideDeal(business, won.id, { decision: "approve" });
      yield* closeDeal(business, won.id, "won");
      yield* reportSale(business, {
        partnershipId,
        dealId: won.id,
        amountCents: 1_250_000,
        saleDate: today,
        kind: "one_off",
        externalRef: "HT-INV-1042",
      });
      yield* reportSale(agent, {
        partnershipId,
        dealId: won.id,
        amountCents: 180_000,
        saleDate: today,
        kind: "recurring_monthly",
      });
      const protectedDeal = yield* registerDeal(agent, {
        partnershipId,
        customer: {
          name: "Ironbark Logistics",
          website: "ironbarklogistics.com.au",
          contactName: "Tom Walsh",
        },
        estimatedValueCents: 1_800_000,
        notes: "Fleet of 40 trucks; decision after their February board meeting.",
      });
      yield* decideDeal(business, protectedDeal.id, { decision: "approve", protectionDays: 60 });
      yield* registerDeal(agent, {
        partnershipId,
        customer: { name: "Wattle Creek Vineyards", website: "wattlecreek.com.au" },
        estimatedValueCents: 900_000,
        notes: "Cellar door and online shop.",
      });
    }),
  );
}
