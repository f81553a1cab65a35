/** Subscription tagged errors (mapped to problems in services/api/src/http/problem.ts). */
import { Data } from "effect";
import type { PlanId } from "./catalogue.ts";
import type { SubscriptionStatus } from "./model.ts";

/** The machine refuses the event in this status (a replayed, stale or out-of-order event; 409 when asked for). */
export class SubscriptionTransitionNotAllowed extends Data.TaggedError("SubscriptionTransitionNotAllowed")<{
  readonly from: SubscriptionStatus;
  readonly event: string;
  readonly reason: string;
}> {}

/** The caller has no subscription to change (404). */
export class SubscriptionNotFound extends Data.TaggedError("SubscriptionNotFound")<{
  readonly reason?: string;
}> {}

/** planId is not a §9 price identifier of a paid plan (422 on planId). */
export class UnknownPlan extends Data.TaggedError("UnknownPlan")<{ readonly priceId: string }> {}

/** The plan is for the other side (a business asking for Agent Pro, …) (422 on planId). */
export class PlanNotForAccountType extends Data.TaggedError("PlanNotForAccountType")<{
  readonly planId: PlanId;
  readonly userType: "business" | "agent";
}> {}

/** A checkout for another plan is still waiting for payment (409). */
export class SubscriptionPending extends Data.TaggedError("SubscriptionPending")<{
  readonly planId: PlanId;
}> {}

/** The change needs an active subscription (plan change while past_due, …) (409). */
export class SubscriptionNotChangeable extends Data.TaggedError("SubscriptionNotChangeable")<{
  readonly status: SubscriptionStatus;
  readonly reason: string;
}> {}

/** The gateway did not answer (503). */
export class SubscriptionGatewayUnavailable extends Data.TaggedError("SubscriptionGatewayUnavailable")<{
  readonly message: string;
}> {}

/** No such subscription payment / invoice of the caller's, or a wrong client secret (404). */
export class SubscriptionPaymentNotFound extends Data.TaggedError("SubscriptionPaymentNotFound")<{
  readonly id: string;
}> {}

/** The payment cannot be confirmed in its state (already paid, …) (409). */
export class SubscriptionPaymentUnexpectedState extends Data.TaggedError(
  "SubscriptionPaymentUnexpectedState",
)<{ readonly id: string; readonly message: string }> {}

/** Every error the subscription context can fail with. */
export type SubscriptionError =
  | SubscriptionTransitionNotAllowed
  | SubscriptionNotFound
  | UnknownPlan
  | PlanNotForAccountType
  | SubscriptionPending
  | SubscriptionNotChangeable
  | SubscriptionGatewayUnavailable
  | SubscriptionPaymentNotFound
  | SubscriptionPaymentUnexpectedState;
