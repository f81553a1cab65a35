/**
 * Words for opportunities and applications (issue 44, ADR 0065), shared by the business's and
 * the agent's screens: the customer types, the statuses, and a commission model in one line.
 * Rates are percentages; a model's `base` and a tier's `from` are AUD dollars (the contract's).
 */
import type { components } from "@closr/contracts/client";
import { formatMoney } from "@closr/ui";
import { modelLabels } from "../agreements/agreements-api.ts";
import { percentLabel } from "../partnerships/partnership-card.tsx";

type Schemas = components["schemas"];
export type Opportunity = Schemas["Opportunity"];
export type OpportunityRequest = Schemas["OpportunityRequest"];
export type OpportunityStatus = Schemas["OpportunityStatus"];
export type Application = Schemas["Application"];
export type ApplicationStatus = Schemas["ApplicationStatus"];
export type Invitation = Schemas["Invitation"];
export type CustomerType = Schemas["CustomerType"];

export const customerTypeLabels: Record<CustomerType, string> = {
  small_business: "Small businesses",
  mid_market: "Mid-market companies",
  enterprise: "Enterprises",
  consumer: "Consumers",
  government: "Government",
};

export const opportunityStatusLabels: Record<OpportunityStatus, string> = {
  draft: "Draft",
  published: "Published",
  paused: "Paused",
  closed: "Closed",
};

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  submitted: "Submitted",
  shortlisted: "Shortlisted",
  interview: "Interview",
  approved: "Approved",
  declined: "Declined",
  withdrawn: "Withdrawn",
};

export const invitationStatusLabels: Record<Invitation["status"], string> = {
  pending: "Pending",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
};

/** The commission model in one line, e.g. "Straight commission · 15%", "Tiered commission · 10–20%". */
export function modelSummary(model: Opportunity["model"]): string {
  const label = modelLabels[model.type];
  switch (model.type) {
    case "straight":
      return `${label} · ${percentLabel(model.rate)}`;
    case "base_plus":
      return `${label} · ${formatMoney(model.base)} a month + ${percentLabel(model.rate)}`;
    case "residual":
      return `${label} · ${percentLabel(model.rate)} for ${model.months} months`;
    case "tiered": {
      const rates = model.tiers.map((t) => t.rate);
      return `${label} · ${percentLabel(Math.min(...rates))}–${percentLabel(Math.max(...rates))}`;
    }
  }
}

/** The cover message's limits (characters), as core enforces them (ADR 0065). */
export const COVER_MESSAGE = { min: 50, max: 2000 } as const;
