/** Subscribing to a paid plan (spec §9): the subscription and its first payment. */
import { Effect, Either } from "effect";
import type { User } from "../identity/index.ts";
import { Clock } from "../shared/index.ts";
import { plans } from "./catalogue.ts";
import { PlanNotForAccountType, SubscriptionPending, UnknownPlan } from "./errors.ts";
import {
  type BillingInterval,
  type PaidPlanId,
  periodPriceCents,
  planForPriceId,
  type Subscription,
} from "./model.ts";
import { SubscriptionGateway, SubscriptionRepository } from "./ports.ts";

/** Gateway idempotency key of a subscription row: a double click or a retry gets the same subscription. */
export const subscriptionIdempotencyKey = (rowId: number) => `closr-subscription-${rowId}`;

/** The paid plan of a §9 price id for the caller's side, or UnknownPlan / PlanNotForAccountType. */
export function paidPlanFor(
  user: User,
  priceId: string,
): Either.Either<PaidPlanId, UnknownPlan | PlanNotForAccountType> {
  const planId = planForPriceId(priceId);
  if (!planId) return Either.left(new UnknownPlan({ priceId }));
  if (plans[planId].audience !== user.userType)
    return Either.left(new PlanNotForAccountType({ planId, userType: user.userType }));
  return Either.right(planId);
}

export interface StartedSubscription {
  /** True when the caller already has an active (or past_due) subscription: §8 "Active subscription detected". */
  readonly isActive: boolean;
  /** The latest invoice's client secret for the checkout; null when active. */
  readonly clientSecret: string | null;
  readonly subscription: Subscription;
}

/**
 * POST /api/get-or-create-subscription (spec §7): the caller's open subscription for `priceId`, or a
 * new incomplete one (Stripe `default_incomplete`). A second call while the first is incomplete
 * returns the same client secret; 20 parallel calls create one subscription (row lock + unique
 * index + gateway idempotency key). An active one answers isActive.
 */
export const getOrCreateSubscription = Effect.fn("subscription.getOrCreate")(function* (
  user: User,
  priceId: string,
  interval: BillingInterval = "month",
) {
  const planId = yield* paidPlanFor(user, priceId);
  const now = yield* (yield* Clock).now;
  const repository = yield* SubscriptionRepository;
  const gateway = yield* SubscriptionGateway;
  const row = yield* repository.begin(
    user.id,
    (open) => {
      if (!open) return Either.right("create" as const);
      if (open.status === "incomplete" && (open.planId !== planId || open.interval !== interval))
        return Either.left(new SubscriptionPending({ planId: open.planId }));
      return Either.right("reuse" as const);
    },
    { planId, interval, at: now },
  );
  if (row.status === "active" || row.status === "past_due")
    return { isActive: true, clientSecret: null, subscription: row } satisfies StartedSubscription;
  if (row.gatewaySubscriptionId && row.clientSecret)
    return {
      isActive: false,
      clientSecret: row.clientSecret,
      subscription: row,
    } satisfies StartedSubscription;
  const created = yield* gateway.createSubscription({
    userId: user.id,
    email: user.email,
    customerId: null,
    planId: row.planId,
    interval: row.interval,
    amountCents: periodPriceCents(row.planId, row.interval),
    idempotencyKey: subscriptionIdempotencyKey(row.id),
    subscriptionRowId: row.id,
  });
  const attached = yield* repository.attachGateway(row.id, created);
  return {
    isActive: false,
    clientSecret: attached.clientSecret,
    subscription: attached,
  } satisfies StartedSubscription;
});
