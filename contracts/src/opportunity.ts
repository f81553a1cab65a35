/**
 * Opportunity, application and invitation schemas (issue 44; ADR 0065). An opportunity is what a
 * business posts that it needs sold; agents apply to published ones, and a business may invite a
 * matching agent (the invitation expires 48 hours after it is sent). `businessId` and `agentId` are
 * PROFILE ids. Money crosses as AUD dollars with at most 2 decimals (`expectedDealSize`, a model's
 * `base` and tier `from`); rates are percentages 0–100 with at most 2 decimals; times ISO 8601 UTC.
 * Ranges are enforced by core (422 validation-failed, one entry per field, e.g. `coverMessage`).
 */
import { z } from "@hono/zod-openapi";
import { CommissionModel, Territory } from "./agreement.ts";
import { IdParam, pageSchema, paging } from "./common.ts";
import { AgentProfile, BusinessProfile, Industry, Location, Match } from "./profiles.ts";

export const CustomerType = z
  .enum(["small_business", "mid_market", "enterprise", "consumer", "government"], {
    error: "Choose a customer type",
  })
  .openapi("CustomerType", { description: "Who the agent sells to." });

export const OpportunityStatus = z
  .enum(["draft", "published", "paused", "closed"])
  .openapi("OpportunityStatus", {
    description:
      "draft → published ⇄ paused → closed (filled when the last place is taken, or withdrawn by the business). Only published takes applications.",
  });

export const ApplicationStatus = z
  .enum(["submitted", "shortlisted", "interview", "approved", "declined", "withdrawn"])
  .openapi("ApplicationStatus", {
    description:
      "submitted → shortlisted → interview; approved from shortlisted or interview; declined (the business) or withdrawn (the agent) until approved.",
  });

export const InvitationStatus = z
  .enum(["pending", "accepted", "declined", "expired"])
  .openapi("InvitationStatus", {
    description: "pending → accepted (the agent applied) / declined / expired (48 hours after it was sent).",
  });

const timestamps = {
  createdAt: z.string().openapi({ format: "date-time" }),
  updatedAt: z.string().openapi({ format: "date-time" }),
};

/** The fields a business edits (the request body and the answer alike). */
const opportunityFields = {
  title: z.string().openapi({ description: "3–120 characters.", example: "Enterprise software, Sydney" }),
  product: z.string().openapi({
    description: "The product or service to sell (10–4,000 characters).",
    example: "Cloud accounting software for mid-sized firms across Australia.",
  }),
  territory: z.array(Territory).openapi({
    description: "One or more of the business's locations, or remote; at least one, no repeats.",
    example: ["sydney", "remote"],
  }),
  customerType: CustomerType,
  model: CommissionModel,
  expectedDealSize: z.number().nullable().openapi({
    description: "Expected deal size, AUD dollars, 2 decimals ($0–$999,999.99); null when not said.",
    example: 12000,
  }),
  idealSpecialization: z
    .string()
    .openapi({ description: "The ideal agent's specialization (at most 100 characters; may be empty)." }),
  idealSkills: z
    .array(z.string())
    .openapi({ description: "The ideal agent's skills, from the catalogue's skills (at most 10)." }),
  minimumYears: z
    .number()
    .int()
    .openapi({ description: "The ideal agent's minimum years of experience (0–50).", example: 3 }),
  placesWanted: z.number().int().openapi({ description: "Agents wanted (1–100).", example: 2 }),
};

const opportunityExample = {
  title: "Enterprise software, Sydney",
  product: "Cloud accounting software for mid-sized firms across Australia.",
  territory: ["sydney", "remote"],
  customerType: "mid_market",
  model: { type: "straight", rate: 15 },
  expectedDealSize: 12000,
  idealSpecialization: "Enterprise Solutions",
  idealSkills: ["Technology/SaaS"],
  minimumYears: 3,
  placesWanted: 2,
};

export const OpportunityRequest = z
  .object(opportunityFields)
  .openapi("OpportunityRequest", { example: opportunityExample });

const opportunityState = {
  id: z.number().int(),
  businessId: z.number().int().openapi({ description: "Business profile id." }),
  slug: z.string().openapi({
    description: "The public page's address, /opportunities/{slug}; fixed at creation.",
    example: "enterprise-software-sydney",
  }),
  status: OpportunityStatus,
  closedReason: z
    .enum(["filled", "withdrawn"])
    .nullable()
    .openapi({ description: "Why a closed opportunity closed; null until closed." }),
  placesFilled: z.number().int().openapi({ description: "Places taken by approved applications." }),
  placesRemaining: z.number().int().openapi({ description: "placesWanted − placesFilled." }),
  publishedAt: z
    .string()
    .nullable()
    .openapi({ format: "date-time", description: "First published; null while a draft." }),
};

export const Opportunity = z
  .object({
    ...opportunityState,
    ...opportunityFields,
    ...timestamps,
    business: BusinessProfile,
    match: Match.optional().openapi({
      description: "For an agent: how well the business fits the agent's profile, with reasons.",
    }),
  })
  .openapi("Opportunity", { description: "An opportunity with its business's profile." });

export const OpportunityPage = pageSchema(Opportunity, "OpportunityPage");

export const OpportunitySearchPage = z
  .object({
    items: z.array(Opportunity),
    total: z.number().int().openapi({ description: "Matches, counted up to 1000." }),
    totalCapped: z.boolean().openapi({ description: "True when more than `total` (1000) match." }),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .openapi("OpportunitySearchPage");

export const PublicOpportunity = z
  .object({
    ...opportunityState,
    ...opportunityFields,
    business: z
      .object({
        id: z.number().int(),
        companyName: z.string(),
        industry: Industry,
        location: Location,
        logo: z.string().nullable(),
        website: z.string().nullable(),
        verifiedBadge: z.boolean(),
      })
      .openapi("PublicOpportunityBusiness", { description: "The business's public facts only." }),
  })
  .openapi("PublicOpportunity", {
    description: "A published opportunity as the public page shows it (no sign-in).",
  });

export const Application = z
  .object({
    id: z.number().int(),
    opportunityId: z.number().int(),
    agentId: z.number().int().openapi({ description: "Agent profile id." }),
    coverMessage: z.string(),
    proposedRate: z
      .number()
      .nullable()
      .openapi({ description: "Percent the agent proposes; null: the opportunity's terms." }),
    status: ApplicationStatus,
    partnershipId: z.number().int().nullable().openapi({
      description: "The partnership an approval started (its draft agreement is at …/agreement).",
    }),
    ...timestamps,
    agent: AgentProfile,
    opportunity: Opportunity,
    match: Match.optional().openapi({
      description: "For the business: how well the agent fits it (the applicants' ranking), with reasons.",
    }),
  })
  .openapi("Application", { description: "An agent's application to an opportunity." });

export const ApplicationPage = pageSchema(Application, "ApplicationPage");

export const Invitation = z
  .object({
    id: z.number().int(),
    opportunityId: z.number().int(),
    agentId: z.number().int().openapi({ description: "Agent profile id." }),
    message: z.string(),
    status: InvitationStatus,
    createdAt: z.string().openapi({ format: "date-time" }),
    expiresAt: z.string().openapi({ format: "date-time", description: "createdAt + 48 hours." }),
    answeredAt: z.string().nullable().openapi({ format: "date-time" }),
    agent: AgentProfile,
    opportunity: Opportunity,
  })
  .openapi("Invitation", { description: "A business's invitation to an agent to apply." });

export const InvitationPage = pageSchema(Invitation, "InvitationPage");

export const ApplicationRequest = z
  .object({
    coverMessage: z
      .string({ error: "Cover message is required" })
      .openapi({ description: "Why the agent fits, 50–2,000 characters." }),
    proposedRate: z.number({ error: "Rate must be a number" }).nullable().optional().openapi({
      description:
        "Percent instead of the opportunity's rate (0–100, 2 decimals); omit or null for its terms.",
    }),
  })
  .openapi("ApplicationRequest", {
    example: {
      coverMessage:
        "I have sold accounting software to mid-sized firms in Sydney for eight years and know the buyers.",
      proposedRate: 17.5,
    },
  });

export const InvitationRequest = z
  .object({
    agentId: z
      .number({ error: "agentId must be a positive whole number" })
      .int({ error: "agentId must be a positive whole number" })
      .min(1, { error: "agentId must be a positive whole number" })
      .max(2_147_483_647, { error: "agentId must be a positive whole number" })
      .openapi({ description: "The agent's profile id." }),
    message: z
      .string()
      .default("")
      .openapi({ description: "A note to the agent (at most 1,000 characters)." }),
  })
  .openapi("InvitationRequest", { example: { agentId: 9, message: "Your SaaS record fits this well." } });

const statusPattern = /^(draft|published|paused|closed)(,(draft|published|paused|closed))*$/;

export const OwnOpportunityQuery = z.object({
  status: z
    .string()
    .regex(statusPattern, {
      error: "status must be a comma-separated list of draft, published, paused, closed",
    })
    .optional()
    .openapi({
      param: { name: "status", in: "query" },
      description: "Only these statuses, comma-separated (e.g. published,paused).",
      example: "published,paused",
    }),
  ...paging(100, 20),
});

export const OpportunitySearchQuery = z.object({
  q: z
    .string()
    .max(200, { error: "Keyword must be at most 200 characters" })
    .optional()
    .openapi({
      param: { name: "q", in: "query" },
      description:
        "Keywords, with the profile search's typo tolerance (e.g. `entreprise softwre`); a location word is read as the location.",
    }),
  location: Location.optional().openapi({
    param: { description: "Only opportunities whose territory includes this location." },
  }),
  model: z
    .enum(["straight", "base_plus", "tiered", "residual"], {
      error: "model must be straight, base_plus, tiered or residual",
    })
    .optional()
    .openapi({ description: "Only opportunities proposing this commission model." }),
  minimumRate: z.coerce
    .number({ error: "minimumRate must be a whole number from 0 to 100" })
    .int({ error: "minimumRate must be a whole number from 0 to 100" })
    .min(0, { error: "minimumRate must be a whole number from 0 to 100" })
    .max(100, { error: "minimumRate must be a whole number from 0 to 100" })
    .optional()
    .openapi({
      description: "Only opportunities whose headline rate is at least this percent; 0 means any.",
    }),
  industry: Industry.optional().openapi({ param: { description: "Only businesses in this industry." } }),
  ...paging(100, 12),
});

/** `page` and `pageSize` (20, at most 100) of the applicant, application and invitation lists. */
export const ListPagingQuery = z.object({ ...paging(100, 20) });

export const OpportunityId = IdParam;

export const SlugParam = z.object({
  slug: z
    .string()
    .min(1)
    .max(80)
    .openapi({
      param: { name: "slug", in: "path" },
      description: "The opportunity's slug (its public page's address).",
      example: "enterprise-software-sydney",
    }),
});
