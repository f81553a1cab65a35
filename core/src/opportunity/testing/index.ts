/** Object mothers for opportunity tests (ADR 0045). */
import { AgentProfileId, BusinessProfileId } from "../../shared/ids.ts";
import {
  type Application,
  ApplicationId,
  INVITATION_TTL_MS,
  type Invitation,
  InvitationId,
  type Opportunity,
  OpportunityId,
} from "../model.ts";

const at = new Date("2026-12-01T00:00:00Z");

/** A published straight-commission opportunity for 2 agents, Sydney, by business profile 1. */
export const anOpportunity = (over: Partial<Opportunity> = {}): Opportunity => ({
  id: OpportunityId.make(1),
  businessId: BusinessProfileId.make(1),
  slug: "enterprise-software",
  title: "Enterprise software",
  product: "Cloud accounting software for mid-sized firms.",
  territory: ["sydney"],
  customerType: "mid_market",
  model: { type: "straight", rate: 15 },
  expectedDealCents: 1_200_000,
  idealSpecialization: "Enterprise Solutions",
  idealSkills: [],
  minimumYears: 3,
  placesWanted: 2,
  placesFilled: 0,
  status: "published",
  closedReason: null,
  publishedAt: at,
  createdAt: at,
  updatedAt: at,
  ...over,
});

/** A submitted application by agent profile 1. */
export const anApplication = (over: Partial<Application> = {}): Application => ({
  id: ApplicationId.make(1),
  opportunityId: OpportunityId.make(1),
  agentId: AgentProfileId.make(1),
  coverMessage: "I have sold accounting software to mid-sized firms in Sydney for eight years.",
  proposedRate: null,
  status: "submitted",
  partnershipId: null,
  createdAt: at,
  updatedAt: at,
  ...over,
});

/** A pending invitation sent at `at` (2026-12-01 00:00 UTC), expiring 48 h later. */
export const anInvitation = (over: Partial<Invitation> = {}): Invitation => ({
  id: InvitationId.make(1),
  opportunityId: OpportunityId.make(1),
  agentId: AgentProfileId.make(1),
  message: "",
  status: "pending",
  createdAt: at,
  expiresAt: new Date(at.getTime() + INVITATION_TTL_MS),
  answeredAt: null,
  ...over,
});
