/**
 * The plan catalogue and its entitlements: spec §9 reading B (docs/architecture.md: one server-side
 * catalogue, AUD). Prices in AUD cents per month. `partnershipLimit` is the number of ACTIVE
 * partnerships a plan allows; `null` means unlimited.
 */
export type PlanId = "basic" | "professional" | "enterprise" | "agent_basic" | "agent_pro";

/**
 * What a plan grants beyond its partnership limit (spec §9 reading B). `entitlementsFor` reads
 * these (and nothing else) for every feature a plan switches on; SQL that must order or filter by
 * a grant takes its plan ids from `plansGranting`.
 */
export interface PlanGrants {
  /** The Verified badge on a verified profile (Professional, Enterprise, Agent Pro). */
  readonly verificationBadge: boolean;
  /** Verification requests go first in the staff review queue (Professional, Enterprise). */
  readonly priorityReview: boolean;
  /** /analytics per-agent performance table (Professional, Enterprise). */
  readonly performanceMetrics: boolean;
  /** /analytics funnel and comparisons (Enterprise). */
  readonly advancedAnalytics: boolean;
  /** API keys (Enterprise). */
  readonly apiAccess: boolean;
  /** Custom contract templates for commission agreements (Enterprise). */
  readonly customContractTemplates: boolean;
  /** Ranked first among equal matches in Find Agents, marked "Featured" (Agent Pro). */
  readonly featuredListing: boolean;
  /** /performance comparison with similar agents (Agent Pro). */
  readonly peerComparison: boolean;
}

export type PlanGrant = keyof PlanGrants;

const none: PlanGrants = {
  verificationBadge: false,
  priorityReview: false,
  performanceMetrics: false,
  advancedAnalytics: false,
  apiAccess: false,
  customContractTemplates: false,
  featuredListing: false,
  peerComparison: false,
};

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
  /** Opportunities published at once (issue 44); null = unlimited; 0 for agent plans. */
  readonly publishedOpportunityLimit: number | null;
  /** One line for the plan card. */
  readonly description: string;
  /** The entitlements of spec §9 reading B, as shown on /pricing. */
  readonly features: readonly string[];
  /** Marked "Most Popular" on /pricing. */
  readonly popular: boolean;
  /** The features the plan switches on (entitlementsFor). */
  readonly grants: PlanGrants;
}

export const plans: Readonly<Record<PlanId, Plan>> = {
  basic: {
    id: "basic",
    title: "Basic",
    audience: "business",
    priceCents: 0,
    priceId: null,
    partnershipLimit: 3,
    publishedOpportunityLimit: 2,
    description: "Get started and find your first agents.",
    features: [
      "Up to 3 active partnerships",
      "Business profile",
      "Agent search and smart matching",
      "Built-in messaging",
    ],
    popular: false,
    grants: none,
  },
  professional: {
    id: "professional",
    title: "Professional",
    audience: "business",
    priceCents: 4900,
    priceId: "price_professional",
    partnershipLimit: 10,
    publishedOpportunityLimit: 10,
    description: "For growing sales teams.",
    features: [
      "Up to 10 active partnerships",
      "Verification badge",
      "Agent performance metrics",
      "Priority support",
    ],
    popular: true,
    grants: { ...none, verificationBadge: true, priorityReview: true, performanceMetrics: true },
  },
  enterprise: {
    id: "enterprise",
    title: "Enterprise",
    audience: "business",
    priceCents: 9900,
    priceId: "price_enterprise",
    partnershipLimit: null,
    publishedOpportunityLimit: null,
    description: "For businesses running a large agent network.",
    features: [
      "Unlimited partnerships",
      "Advanced analytics dashboard",
      "Dedicated account manager",
      "Custom contract templates",
      "API access",
    ],
    popular: false,
    grants: {
      ...none,
      verificationBadge: true,
      priorityReview: true,
      performanceMetrics: true,
      advancedAnalytics: true,
      apiAccess: true,
      customContractTemplates: true,
    },
  },
  agent_basic: {
    id: "agent_basic",
    title: "Agent Basic",
    audience: "agent",
    priceCents: 0,
    priceId: null,
    partnershipLimit: 3,
    publishedOpportunityLimit: 0,
    description: "Build your profile and find businesses.",
    features: [
      "Up to 3 active partnerships",
      "Agent profile with skills",
      "Business search and smart matching",
      "Invoices and payments",
    ],
    popular: false,
    grants: none,
  },
  agent_pro: {
    id: "agent_pro",
    title: "Agent Pro",
    audience: "agent",
    priceCents: 1900,
    priceId: "price_agent_pro",
    partnershipLimit: null,
    publishedOpportunityLimit: 0,
    description: "Stand out and grow without limits.",
    features: ["Unlimited partnerships", "Verification badge", "Featured listing in search"],
    popular: false,
    grants: { ...none, verificationBadge: true, featuredListing: true, peerComparison: true },
  },
};

/** The free plan of a user type: everyone is on it until they subscribe (issue 4). */
export const freePlan = (userType: "business" | "agent"): PlanId =>
  userType === "business" ? "basic" : "agent_basic";

/** True when a stored plan id is one of ours (guards values read from storage). */
export const isPlanId = (value: string): value is PlanId => value in plans;

/** The plans that grant `grant` (for SQL that orders or filters by it), in catalogue order. */
export const plansGranting = (grant: PlanGrant): PlanId[] =>
  Object.values(plans)
    .filter((plan) => plan.grants[grant])
    .map((plan) => plan.id);
