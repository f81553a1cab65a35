/**
 * Demo opportunities (issue 44), so the opportunity pages, the applicant pipeline and the agent's
 * "Pending Opportunities" have something to show: Harbour Tech has a published, a paused and a
 * withdrawn opportunity; two generated businesses each publish one, one of which fills its last
 * place and closes as filled. Applications stand in every state (submitted, shortlisted —
 * Mia Chen's —, interview, approved, declined, withdrawn), two approvals start partnerships of
 * generated parties with draft agreements, and one invitation to Mia Chen waits for her answer.
 * Goes through the real use cases (machines, plan limits, events). Idempotent: skipped once
 * Harbour Tech has any opportunity. Generated agents are taken from the 11th on, clear of the
 * ones the partnership and insights seeds use.
 */
import type { User } from "@closr/core/identity";
import {
  applyToOpportunity,
  changeOpportunity,
  createOpportunity,
  decideApplication,
  inviteAgent,
  type OpportunityId,
} from "@closr/core/opportunity";
import { AgentProfileId } from "@closr/core/shared";
import { Effect } from "effect";
import { PgDatabase } from "../postgres/index.ts";
import { usersOf } from "./demo-partnerships.ts";
import { seedForDemoParties } from "./demo-users.ts";
import type { SeedRuntime } from "./runtime.ts";

/** An opportunity body (core's input: cents) with Harbour Tech's usual ideal agent. */
const opportunity = (fields: Record<string, unknown>) => ({
  customerType: "mid_market",
  expectedDealCents: 1_500_000,
  idealSpecialization: "SaaS Sales",
  idealSkills: ["Technology/SaaS", "Enterprise Solutions"],
  minimumYears: 3,
  placesWanted: 3,
  ...fields,
});

const cover = (what: string) =>
  `I have spent the last six years selling ${what} to Australian firms and have a warm pipeline of buyers ready to talk.`;

const published = (business: User, fields: Record<string, unknown>) =>
  Effect.gen(function* () {
    const created = yield* createOpportunity(business, opportunity(fields));
    return yield* changeOpportunity(business, created.id, "publish");
  });

const applyAs = (agent: User, id: OpportunityId, what: string, proposedRate?: number) =>
  applyToOpportunity(agent, id, {
    coverMessage: cover(what),
    ...(proposedRate === undefined ? {} : { proposedRate }),
  });

export async function seedDemoOpportunities(runtime: SeedRuntime) {
  await seedForDemoParties(runtime, "opportunities", ({ business: harbour, agent: mia }) =>
    Effect.gen(function* () {
      const db = yield* PgDatabase;
      const existing = yield* Effect.promise(() =>
        db
          .selectFrom("opportunities as o")
          .innerJoin("businessProfiles as b", "b.id", "o.businessId")
          .select("o.id")
          .where("b.userId", "=", harbour.id)
          .limit(1)
          .execute(),
      );
      if (existing.length > 0) return;
      const [northwind, bluegum] = yield* usersOf("businessProfiles", harbour.id, 2);
      const agents = (yield* usersOf("agentProfiles", mia.id, 20)).slice(10);
      const [a1, a2, a3, a4, a5, a6, a7] = agents;
      if (!northwind || !bluegum || !a1 || !a2 || !a3 || !a4 || !a5 || !a6 || !a7) return;

      // Harbour Tech: published (the pipeline, every open state and two decided ones), paused, withdrawn.
      const platform = yield* published(harbour, {
        title: "Enterprise software for logistics firms",
        product:
          "Harbour Tech's cloud platform for freight, warehousing and last-mile delivery: route planning, dock scheduling and proof of delivery in one subscription.",
        territory: ["sydney", "melbourne", "remote"],
        model: { type: "straight", rate: 15 },
      });
      const mias = yield* applyAs(mia, platform.id, "enterprise SaaS");
      yield* decideApplication(harbour, mias.id, "shortlist");
      yield* applyAs(a1, platform.id, "logistics software", 17);
      const interviewed = yield* applyAs(a2, platform.id, "supply chain platforms");
      yield* decideApplication(harbour, interviewed.id, "shortlist");
      yield* decideApplication(harbour, interviewed.id, "interview");
      const declined = yield* applyAs(a3, platform.id, "warehouse systems");
      yield* decideApplication(harbour, declined.id, "decline");
      const withdrawn = yield* applyAs(a4, platform.id, "fleet telematics");
      yield* decideApplication(a4, withdrawn.id, "withdraw");

      const hardware = yield* published(harbour, {
        title: "Fleet tracking hardware resellers",
        product:
          "GPS trackers and in-cab tablets for trucking fleets, sold with Harbour Tech's monitoring subscription; installation handled by our partners.",
        territory: ["melbourne", "brisbane"],
        customerType: "small_business",
        model: { type: "base_plus", baseCents: 150_000, rate: 8 },
        placesWanted: 2,
      });
      yield* changeOpportunity(harbour, hardware.id, "pause");
      const pilot = yield* createOpportunity(
        harbour,
        opportunity({
          title: "Warehouse analytics pilot",
          product: "A three-month analytics pilot for warehouse operators, priced per site.",
          territory: ["perth"],
          model: { type: "residual", rate: 10, months: 12 },
          placesWanted: 1,
        }),
      );
      yield* changeOpportunity(harbour, pilot.id, "withdraw");

      // A generated business approves one of two places; another fills its only place (closed, filled).
      const payroll = yield* published(northwind, {
        title: "Payroll software for clinics",
        product: "Cloud payroll and rostering for medical and allied health clinics, billed per employee.",
        territory: ["sydney", "brisbane"],
        customerType: "small_business",
        model: { type: "straight", rate: 20 },
        idealSkills: ["Healthcare"],
        placesWanted: 2,
      });
      const approved = yield* applyAs(a5, payroll.id, "practice software", 18);
      yield* decideApplication(northwind, approved.id, "shortlist");
      yield* decideApplication(northwind, approved.id, "approve");

      const solar = yield* published(bluegum, {
        title: "Commercial solar installations",
        product: "Rooftop solar and battery systems for warehouses and factories, with finance options.",
        territory: ["perth", "remote"],
        customerType: "enterprise",
        model: {
          type: "tiered",
          tiers: [
            { fromCents: 0, rate: 5 },
            { fromCents: 5_000_000, rate: 7 },
          ],
        },
        idealSpecialization: "Energy Sales",
        idealSkills: ["Consultative Selling"],
        placesWanted: 1,
      });
      const filled = yield* applyAs(a6, solar.id, "commercial energy");
      yield* applyAs(a7, solar.id, "battery storage");
      yield* decideApplication(bluegum, filled.id, "shortlist");
      yield* decideApplication(bluegum, filled.id, "approve");

      // One invitation waiting for Mia Chen (48 hours from the seed's run).
      yield* inviteAgent(northwind, payroll.id, {
        agentId: AgentProfileId.make(
          (yield* Effect.promise(() =>
            db
              .selectFrom("agentProfiles")
              .select("id")
              .where("userId", "=", mia.id)
              .executeTakeFirstOrThrow(),
          )).id,
        ),
        message: "Your SaaS record would fit our clinic payroll launch. Would you apply?",
      });
    }),
  );
}
