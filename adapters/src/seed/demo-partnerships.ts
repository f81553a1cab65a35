/**
 * Demo partnerships for the embedded default, so the partnership pages and dashboards have
 * something to show: Harbour Tech and Mia Chen are active partners; two generated agents have
 * asked Harbour Tech to connect; one generated business has asked Mia Chen. Goes through the
 * real use cases (state machine, limits, notification emails). Idempotent: skipped once
 * Harbour Tech has any partnership.
 */

import { type User, UserRepository } from "@closr/core/identity";
import { changePartnership, requestPartnership } from "@closr/core/partnership";
import { AgentProfileId, BusinessProfileId, type UserId } from "@closr/core/shared";
import { Effect, Option } from "effect";
import { PgDatabase } from "../postgres/index.ts";
import { seedForDemoParties } from "./demo-users.ts";
import type { SeedRuntime } from "./runtime.ts";

/** The first `limit` users (by profile id) with a profile in `table`, leaving out user `except`. */
export const usersOf = (table: "agentProfiles" | "businessProfiles", except: number, limit: number) =>
  Effect.gen(function* () {
    const db = yield* PgDatabase;
    const rows = yield* Effect.promise(() =>
      db
        .selectFrom(table)
        .select("userId")
        .where("userId", "<>", except)
        .orderBy("id")
        .limit(limit)
        .execute(),
    );
    const users: User[] = [];
    for (const row of rows) {
      const user = yield* (yield* UserRepository).findById(row.userId as UserId);
      if (Option.isSome(user)) users.push(user.value);
    }
    return users;
  });

export async function seedDemoPartnerships(runtime: SeedRuntime) {
  await seedForDemoParties(runtime, "partnerships", ({ business, agent }) =>
    Effect.gen(function* () {
      const db = yield* PgDatabase;
      const existing = yield* Effect.promise(() =>
        db
          .selectFrom("partnerships as p")
          .innerJoin("businessProfiles as b", "b.id", "p.businessId")
          .select("p.id")
          .where("b.userId", "=", business.id)
          .limit(1)
          .execute(),
      );
      if (existing.length > 0) return;
      const businessProfile = yield* Effect.promise(() =>
        db.selectFrom("businessProfiles").select("id").where("userId", "=", business.id).executeTakeFirst(),
      );
      const agentProfile = yield* Effect.promise(() =>
        db.selectFrom("agentProfiles").select("id").where("userId", "=", agent.id).executeTakeFirst(),
      );
      if (!businessProfile || !agentProfile) return;

      const active = yield* requestPartnership(agent, {
        businessId: BusinessProfileId.make(businessProfile.id),
        commissionRate: 15,
      });
      yield* changePartnership(business, active.id, "active");
      for (const other of yield* usersOf("agentProfiles", agent.id, 2))
        yield* requestPartnership(other, { businessId: BusinessProfileId.make(businessProfile.id) });
      for (const other of yield* usersOf("businessProfiles", business.id, 1))
        yield* requestPartnership(other, { agentId: AgentProfileId.make(agentProfile.id) });
    }),
  );
}
