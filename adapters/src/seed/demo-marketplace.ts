/**
 * Demo marketplace for the embedded default: profiles for two demo users (harbourtech and
 * mia.chen; sunrisehealth and jack.wilson stay without, to show the welcome state) and generated
 * agents and businesses up to the requested totals. Idempotent.
 */

import { PasswordHasher, UserRepository } from "@closr/core/identity";
import { createAgentProfile, createBusinessProfile } from "@closr/core/profiles";
import { Effect, Option } from "effect";
import { PgDatabase } from "../postgres/index.ts";
import { DEMO_PASSWORD } from "./demo-users.ts";
import { countSeeded, seedMarketplace } from "./marketplace.ts";
import type { SeedRuntime } from "./runtime.ts";

const ignoreExisting = <A, E extends { _tag: string }, R>(effect: Effect.Effect<A, E, R>) =>
  effect.pipe(
    Effect.catchIf(
      (e) => e._tag === "ProfileAlreadyExists",
      () => Effect.void,
    ),
  );

/** Gives the demo business and agent a profile each (skipped when they have one). */
export async function seedDemoProfiles(runtime: SeedRuntime) {
  await runtime.runPromise(
    Effect.gen(function* () {
      const users = yield* UserRepository;
      const business = yield* users.findCredentials("harbourtech");
      if (Option.isSome(business)) {
        yield* ignoreExisting(
          createBusinessProfile(business.value.user, {
            companyName: "Harbour Tech",
            industry: "technology",
            size: "medium",
            description:
              "Cloud software for Australian logistics firms. Looking for agents who sell SaaS to enterprise buyers.",
            location: "sydney",
            logo: null,
            website: "https://harbourtech.com.au",
            contactEmail: "sales@harbourtech.com.au",
            contactPhone: "02 9000 0000",
          }),
        );
      }
      const agent = yield* users.findCredentials("mia.chen");
      if (Option.isSome(agent)) {
        yield* ignoreExisting(
          createAgentProfile(agent.value.user, {
            fullName: "Mia Chen",
            specialization: "SaaS Sales",
            yearsOfExperience: 8,
            bio: "Eight years selling enterprise SaaS across Sydney and Melbourne. Consultative, data-led, and fluent in Mandarin.",
            location: "sydney",
            photo: null,
            linkedinProfile: "https://www.linkedin.com/in/mia-chen-sales",
            minimumCommissionRate: 12,
            skills: [
              "Technology/SaaS",
              "Enterprise Solutions",
              "Consultative Selling",
              "CRM Systems",
              "Multilingual",
            ],
          }),
        );
      }
    }),
  );
}

/** Adds `counts` generated agents and businesses after those seeded before. */
export async function addGeneratedProfiles(
  runtime: SeedRuntime,
  counts: { agents: number; businesses: number },
) {
  if (counts.agents === 0 && counts.businesses === 0) return counts;
  return runtime.runPromise(
    Effect.gen(function* () {
      const db = yield* PgDatabase;
      const passwordHash = yield* (yield* PasswordHasher).hash(DEMO_PASSWORD);
      return yield* Effect.promise(() => seedMarketplace(db, { ...counts, passwordHash }));
    }),
  );
}

/** Generated agents and businesses so that at least `target` seeded ones exist. */
export async function seedDemoMarketplace(
  runtime: SeedRuntime,
  target: { agents: number; businesses: number },
) {
  const have = await runtime.runPromise(
    Effect.flatMap(PgDatabase, (db) => Effect.promise(() => countSeeded(db))),
  );
  return addGeneratedProfiles(runtime, {
    agents: Math.max(0, target.agents - have.agents),
    businesses: Math.max(0, target.businesses - have.businesses),
  });
}
