/**
 * The plan catalogue and its entitlements: spec §9 reading B (ARCHITECTURE.md: one server-side
 * catalogue, AUD). Prices in AUD cents per month. `partnershipLimit` is the number of ACTIVE
 * partnerships a plan allows; `null` means unlimited.
 */
export type PlanId = "basic" | "professional" | "enterprise" | "agent_basic" | "agent_pro";

export interface Plan {
  readonly id: PlanId;
  readonly title: string;
  readonly audience: "business" | "agent";
  /** AUD cents per month; 0 for the free plans. */
  readonly priceCents: number;
  /** Stripe price identifier of §9 reading B; null for the free plans. */
  readonly priceId: string | null;
  /** Active partnerships allowed; null = unlimited. */
  readonly partnershipLimit: number | null;
}

export const plans: Readonly<Record<PlanId, Plan>> = {
  basic: {
    id: "basic",
    title: "Basic",
    audience: "business",
    priceCents: 0,
    priceId: null,
    partnershipLimit: 3,
  },
  professional: {
    id: "professional",
    title: "Professional",
    audience: "business",
    priceCents: 4900,
    priceId: "price_professional",
    partnershipLimit: 10,
  },
  enterprise: {
    id: "enterprise",
    title: "Enterprise",
    audience: "business",
    priceCents: 9900,
    priceId: "price_enterprise",
    partnershipLimit: null,
  },
  agent_basic: {
    id: "agent_basic",
    title: "Agent Basic",
    audience: "agent",
    priceCents: 0,
    priceId: null,
    partnershipLimit: 3,
  },
  agent_pro: {
    id: "agent_pro",
    title: "Agent Pro",
    audience: "agent",
    priceCents: 1900,
    priceId: "price_agent_pro",
    partnershipLimit: null,
  },
};

/** The free plan of a user type: everyone is on it until they subscribe (issue 4). */
export const freePlan = (userType: "business" | "agent"): PlanId =>
  userType === "business" ? "basic" : "agent_basic";

/** True when a stored plan id is one of ours (guards values read from storage). */
export const isPlanId = (value: string): value is PlanId => value in plans;
