/** Subscription use cases (spec §9 reading B). */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import type { PlanId } from "./catalogue.ts";
import { UserPlans } from "./ports.ts";

/** The caller's current plan for /pricing; null for a visitor (no session). Never fails. */
export const currentPlan = Effect.fn("subscription.currentPlan")(function* (user: User | null) {
  if (!user) return null;
  const plan = yield* (yield* UserPlans).planOf(user.id);
  return Option.getOrNull(plan) satisfies PlanId | null;
});
