/**
 * Entitlements: the ONE place that says what a user may do on their plan (spec §9 reading B;
 * issue 13). The server enforces them (partnership limit, featured listing, …); the screens show them.
 * - active (or a plan given without a subscription, status null): the plan's entitlements;
 * - past_due: the plan's entitlements for a 7-day grace period from the failed renewal, then the free plan;
 * - incomplete, incomplete_expired, canceled: the free plan of the plan's side
 *   (existing partnerships are kept; new ones are refused over the free limit).
 */
import { freePlan, type PlanGrants, type PlanId, plans } from "./catalogue.ts";
import type { SubscriptionStatus } from "./model.ts";

/** Grace period of a past_due subscription, in milliseconds (7 days). */
export const GRACE_PERIOD_MS = 7 * 24 * 60 * 60 * 1000;

/** A plan's grants (catalogue.ts PlanGrants: badge, priority review, analytics, API, featured, …) as they apply now. */
export interface Entitlements extends PlanGrants {
  /** The plan whose entitlements apply now (may be the free plan of a canceled subscription). */
  readonly planId: PlanId;
  /** Active partnerships allowed; null = unlimited. */
  readonly partnershipLimit: number | null;
  /** Opportunities published at once (issue 44); null = unlimited. */
  readonly publishedOpportunityLimit: number | null;
  /** True while past_due entitlements are kept by the grace period. */
  readonly inGrace: boolean;
  /** When the grace period ends (past_due only). */
  readonly graceEndsAt: Date | null;
}

/** The entitlements of `planId`: its limit and grants, exactly as the catalogue states them. */
const of = (planId: PlanId, inGrace = false, graceEndsAt: Date | null = null): Entitlements => ({
  planId,
  partnershipLimit: plans[planId].partnershipLimit,
  publishedOpportunityLimit: plans[planId].publishedOpportunityLimit,
  ...plans[planId].grants,
  inGrace,
  graceEndsAt,
});

/**
 * What `plan` in `status` entitles its holder to at `now`. `status` null = a plan held without a
 * subscription (the free plan, or one given by an administrator). `pastDueSince` starts the grace period.
 */
export function entitlementsFor(
  plan: PlanId,
  status: SubscriptionStatus | null,
  now: Date,
  pastDueSince: Date | null = null,
): Entitlements {
  const free = freePlan(plans[plan].audience);
  switch (status) {
    case null:
    case "active":
      return of(plan);
    case "past_due": {
      const ends = new Date((pastDueSince ?? now).getTime() + GRACE_PERIOD_MS);
      return now < ends ? of(plan, true, ends) : of(free);
    }
    default:
      return of(free);
  }
}

/**
 * The Verified badge shown on cards, profiles and messages (spec §4 "a verified user shows a
 * Verified badge" read with §9 reading B, where only Professional, Enterprise and Agent Pro grant
 * the "verification badge"; ADR 0042): verified AND the plan in force grants the badge. `planId`
 * is the user's mirrored plan (users.plan_id: the plan of an active or past_due subscription, or
 * one given without a subscription); null = the free plan of `userType`. The "verified only"
 * search filter keeps using the verified fact alone.
 */
export function showsVerifiedBadge(
  verificationStatus: string,
  planId: PlanId | null,
  userType: "business" | "agent",
): boolean {
  return verificationStatus === "verified" && plans[planId ?? freePlan(userType)].grants.verificationBadge;
}
