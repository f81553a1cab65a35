/**
 * Partnership model (spec §3 partnerships, §4 Partnership). `businessId` and `agentId` are
 * PROFILE ids (docs/architecture.md, API conventions). Commission rate is a percentage, 0–100.
 */
import type { AgentProfile, BusinessProfile } from "../profiles/index.ts";
import type { AgentProfileId, BusinessProfileId, PartnershipId, UserId } from "../shared/ids.ts";
import type { PlanId, SubscriptionStatus } from "../subscription/index.ts";

export const partnershipStatuses = ["pending", "active", "rejected", "withdrawn", "terminated"] as const;
export type PartnershipStatus = (typeof partnershipStatuses)[number];

/** The two sides of a partnership; also who sent the request. */
export type Party = "business" | "agent";

export interface Partnership {
  readonly id: PartnershipId;
  /** Business profile id. */
  readonly businessId: BusinessProfileId;
  /** Agent profile id. */
  readonly agentId: AgentProfileId;
  readonly status: PartnershipStatus;
  /** The side that sent the connection request; only the other side may accept or reject. */
  readonly requestedBy: Party;
  /** Percent, 0–100; defaults to the agent's minimum commission rate. */
  readonly commissionRate: number;
  /** Set when accepted (spec §4: startDate = now). */
  readonly startDate: Date | null;
  /** Set when ended (terminated). */
  readonly endDate: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * A partnership's two parties as the contexts built on it (agreement, dispute) name them: each
 * side's profile id, the user behind it and the name shown (company name, agent's full name).
 */
export interface PartnershipParties {
  readonly partnershipId: PartnershipId;
  readonly businessId: BusinessProfileId;
  readonly agentId: AgentProfileId;
  readonly businessUserId: UserId;
  readonly agentUserId: UserId;
  readonly businessName: string;
  readonly agentName: string;
}

/** A partnership with both parties' profiles, as the cards of §2.8 and §2.9 need them. */
export interface PartnershipView extends Partnership {
  readonly business: BusinessProfile;
  readonly agent: AgentProfile;
}

/** A new connection request. */
export interface NewPartnership {
  readonly businessId: BusinessProfileId;
  readonly agentId: AgentProfileId;
  readonly requestedBy: Party;
  readonly commissionRate: number;
}

/**
 * One party's standing when a change is decided: active partnerships, plan, and the plan's
 * subscription status (null or absent: held without a subscription) with its past_due start.
 * Entitlements come from `entitlementsFor` (core/src/subscription/entitlements.ts).
 */
export interface PartyStanding {
  readonly active: number;
  readonly plan: PlanId;
  readonly status?: SubscriptionStatus | null;
  readonly pastDueSince?: Date | null;
}

/** Both parties' standings, read under lock in the same transaction as the change. */
export interface Standings {
  readonly business: PartyStanding;
  readonly agent: PartyStanding;
}

/** Counts for the dashboards and tabs of one party. */
export interface PartnershipCounts {
  readonly active: number;
  readonly pending: number;
}
