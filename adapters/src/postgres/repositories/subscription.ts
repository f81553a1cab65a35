/** Users' plans (migration 2026-11-23-01: users.plan_id; NULL = the free plan of the user type). */
import { freePlan, isPlanId, type PlanId, UserPlans } from "@closr/core/subscription";
import { Effect, Layer, Option } from "effect";
import type { Db } from "../database.ts";
import { PgDatabase } from "../database-service.ts";

/** The user's plan: the subscribed one, else the free plan of their type; undefined if no such user. */
export async function readUserPlan(db: Db, userId: number): Promise<PlanId | undefined> {
  const row = await db
    .selectFrom("users")
    .select(["planId", "userType"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return row.planId && isPlanId(row.planId) ? row.planId : freePlan(row.userType);
}

/** Sets a user's plan (NULL = free plan); for tests, seeds and, later, the subscription webhook. */
export async function setUserPlan(db: Db, userId: number, planId: PlanId | null): Promise<void> {
  await db.updateTable("users").set({ planId }).where("id", "=", userId).execute();
}

/** UserPlans over users.plan_id. */
export const UserPlansPg = Layer.effect(
  UserPlans,
  Effect.map(PgDatabase, (db) => ({
    planOf: (userId: number) =>
      Effect.promise(async () => Option.fromNullable(await readUserPlan(db, userId))),
  })),
);
