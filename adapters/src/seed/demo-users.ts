/**
 * Demo users for the embedded default: two businesses, two agents and one admin, all with
 * one known password so a person can try every role at once. Idempotent: existing
 * usernames are left as they are.
 */
import { grantAdmin, register, type User, UserRepository } from "@closr/core/identity";
import { Effect, Option } from "effect";
import { sql } from "kysely";
import { PgDatabase } from "../postgres/database-service.ts";
import type { SeedRuntime, SeedServices } from "./runtime.ts";

export const DEMO_PASSWORD = "closr-demo-2026";

export const demoUsers = [
  { username: "harbourtech", email: "ops@harbourtech.com.au", userType: "business", admin: false },
  { username: "sunrisehealth", email: "hello@sunrisehealth.com.au", userType: "business", admin: false },
  { username: "mia.chen", email: "mia.chen@example.com.au", userType: "agent", admin: false },
  { username: "jack.wilson", email: "jack.wilson@example.com.au", userType: "agent", admin: false },
  { username: "admin", email: "admin@closr.com.au", userType: "business", admin: true },
] as const;

/** Creates the demo users that do not exist yet; returns every demo login. */
export async function seedDemoUsers(runtime: SeedRuntime) {
  for (const demo of demoUsers) {
    const program = Effect.gen(function* () {
      const users = yield* UserRepository;
      const existing = yield* users.findCredentials(demo.username);
      if (Option.isNone(existing)) {
        yield* register({
          email: demo.email,
          username: demo.username,
          password: DEMO_PASSWORD,
          userType: demo.userType,
        });
      }
      if (demo.admin) yield* grantAdmin(demo.username);
      // Demo accounts are "lived in": email confirmed, walkthrough already done (issue 15).
      const db = yield* PgDatabase;
      yield* Effect.promise(async () => {
        const user = await db
          .updateTable("users")
          .set({ emailVerified: true, emailVerificationTokenHash: null })
          .where("email", "=", demo.email)
          .returning(["id", "userType"])
          .executeTakeFirst();
        if (!user) return;
        await db
          .insertInto("onboarding")
          .values({
            userId: user.id,
            status: "completed",
            totalSteps: user.userType === "agent" ? 5 : 4,
            completedSteps: user.userType === "agent" ? [0, 1, 2, 3, 4] : [0, 1, 2, 3],
            currentStep: user.userType === "agent" ? 4 : 3,
            completedAt: new Date(),
            metadata: sql<string>`'{"seeded":true}'::jsonb`,
          })
          .onConflict((oc) => oc.column("userId").doNothing())
          .execute();
      });
    });
    await runtime.runPromise(program);
  }
  return demoUsers.map((d) => ({
    username: d.username,
    password: DEMO_PASSWORD,
    role: d.admin ? "admin" : d.userType,
  }));
}

/** The user with that username or email, if any (for the demo seeds). */
export const userByLogin = (login: string) =>
  Effect.map(
    Effect.flatMap(UserRepository, (users) => users.findCredentials(login)),
    Option.map((c) => c.user),
  );

/**
 * The demo partners, Harbour Tech (business) and Mia Chen (agent); none when either is missing
 * (the demo users were not seeded).
 */
export const demoParties = Effect.map(
  Effect.all([userByLogin("harbourtech"), userByLogin("mia.chen")]),
  ([business, agent]) => Option.all({ business, agent }),
);

/**
 * Runs one demo seed for the demo partners: `seed` gets Harbour Tech and Mia Chen, and is skipped
 * when either is missing. A failure is logged as "demo <what> skipped" and does not stop the
 * start (the demo data is a convenience, never a requirement).
 */
export const seedForDemoParties = (
  runtime: SeedRuntime,
  what: string,
  seed: (parties: { business: User; agent: User }) => Effect.Effect<unknown, unknown, SeedServices>,
): Promise<void> =>
  runtime.runPromise(
    Effect.gen(function* () {
      const parties = yield* demoParties;
      if (Option.isSome(parties)) yield* seed(parties.value);
    }).pipe(Effect.catchAll((error) => Effect.logWarning(`demo ${what} skipped`, error))),
  );

/**
 * The demo partners' active partnership (`id`, `businessId`: the business profile id), if any.
 * Row ids as stored; the caller brands them.
 */
export const demoActivePartnership = (business: User, agent: User) =>
  Effect.flatMap(PgDatabase, (db) =>
    Effect.promise(() =>
      db
        .selectFrom("partnerships as p")
        .innerJoin("businessProfiles as b", "b.id", "p.businessId")
        .innerJoin("agentProfiles as a", "a.id", "p.agentId")
        .select(["p.id", "p.businessId"])
        .where("b.userId", "=", business.id)
        .where("a.userId", "=", agent.id)
        .where("p.status", "=", "active")
        .executeTakeFirst(),
    ),
  );
