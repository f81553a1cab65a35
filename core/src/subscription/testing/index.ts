/**
 * Test doubles for the subscription ports. `subscriptionPlanStub(plans)`: a SubscriptionRepository
 * with no subscriptions, where each user holds the plan `plans` gives them (else their free plan);
 * any other method dies, so a test that reaches one learns it needs a fuller double.
 */
import { Effect, Layer, Option } from "effect";
import type { UserId } from "../../shared/ids.ts";
import type { PlanId } from "../catalogue.ts";
import { SubscriptionRepository } from "../ports.ts";

export function subscriptionPlanStub(plans: Readonly<Record<number, PlanId>> = {}) {
  const known = {
    current: () => Effect.succeed(Option.none()),
    planOf: (userId: UserId) => Effect.succeed(Option.fromNullable(plans[userId])),
  };
  const service = new Proxy(known, {
    get: (target, name) =>
      name in target
        ? target[name as keyof typeof known]
        : () => Effect.die(new Error(`subscriptionPlanStub: ${String(name)} is not stubbed`)),
  }) as unknown as SubscriptionRepository["Type"];
  return Layer.succeed(SubscriptionRepository, service);
}
