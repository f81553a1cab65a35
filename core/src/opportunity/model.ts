/**
 * Opportunity model (issue 44): what a business posts that it needs sold, the applications agents
 * send to it and the invitations a business sends to agents. `businessId` and `agentId` are
 * PROFILE ids. Money is integer cents (AUD); rates are percentages 0–100 (≤ 2 decimals); times are
 * UTC `Date`s. The proposed terms reuse the agreement's four commission models (core/src/agreement),
 * so an approval turns them into a draft agreement without a conversion.
 */
import { Schema } from "effect";
import { CommissionModel, Rate, territories } from "../agreement/index.ts";
import { skillNames } from "../profiles/index.ts";
import { type AgentProfileId, type BusinessProfileId, intId, type PartnershipId } from "../shared/ids.ts";

export const OpportunityId = intId("OpportunityId");
export type OpportunityId = typeof OpportunityId.Type;
export const ApplicationId = intId("ApplicationId");
export type ApplicationId = typeof ApplicationId.Type;
export const InvitationId = intId("InvitationId");
export type InvitationId = typeof InvitationId.Type;

/** Who the agent sells to. */
export const customerTypes = [
  "small_business",
  "mid_market",
  "enterprise",
  "consumer",
  "government",
] as const;
export type CustomerType = (typeof customerTypes)[number];

/** The opportunity machine's states (issue 44 item 1). */
export const opportunityStatuses = ["draft", "published", "paused", "closed"] as const;
export type OpportunityStatus = (typeof opportunityStatuses)[number];
/** Why a closed opportunity closed: every place taken, or the business withdrew it. */
export type ClosedReason = "filled" | "withdrawn";

/** The application machine's states (issue 44 item 2). */
export const applicationStatuses = [
  "submitted",
  "shortlisted",
  "interview",
  "approved",
  "declined",
  "withdrawn",
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
/** Applications still in play: at most one per agent per opportunity. */
export const openApplicationStatuses: readonly ApplicationStatus[] = [
  "submitted",
  "shortlisted",
  "interview",
];

export const invitationStatuses = ["pending", "accepted", "declined", "expired"] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** An invitation unanswered this long expires (issue 44 item 2: "within 48 hours"), ms. */
export const INVITATION_TTL_MS = 48 * 60 * 60 * 1000;

const text = (min: number, max: number, what: string) =>
  Schema.String.pipe(
    Schema.filter((s) => s.trim().length >= min && s.length <= max, {
      message: () => `${what} must be ${min}–${max.toLocaleString("en-AU")} characters`,
    }),
  );

/** The editable fields of an opportunity (the editor and POST/PATCH bodies, decoded). */
export const OpportunityFields = Schema.Struct({
  title: text(3, 120, "Title"),
  /** The product or service to sell. */
  product: text(10, 4000, "Product description"),
  /** One or more of the catalogue's locations (remote included); at least one. */
  territory: Schema.Array(
    Schema.Literal(...territories).annotations({ message: () => "Choose territories from the list" }),
  ).pipe(
    Schema.filter((t) => t.length >= 1 && new Set(t).size === t.length, {
      message: () => "Choose at least one territory",
    }),
  ),
  customerType: Schema.Literal(...customerTypes).annotations({ message: () => "Choose a customer type" }),
  /** The proposed commission (one of the agreement's four models). */
  model: CommissionModel,
  /** Expected deal size, cents; null when not said. */
  expectedDealCents: Schema.NullOr(
    Schema.Int.pipe(
      Schema.filter((n) => n >= 0 && n <= 99_999_999, {
        message: () => "Deal size must be between $0 and $999,999.99",
      }),
    ),
  ),
  /** Ideal agent: a specialization (free text, may be empty), catalogue skills, minimum years. */
  idealSpecialization: Schema.String.pipe(
    Schema.filter((s) => s.length <= 100, { message: () => "Specialization is at most 100 characters" }),
  ),
  idealSkills: Schema.Array(
    Schema.String.pipe(
      Schema.filter((s) => skillNames.includes(s), { message: () => "Choose skills from the catalogue" }),
    ),
  ).pipe(Schema.filter((s) => s.length <= 10, { message: () => "Choose at most 10 skills" })),
  minimumYears: Schema.Int.pipe(
    Schema.filter((n) => n >= 0 && n <= 50, { message: () => "Years must be 0–50" }),
  ),
  /** Agents wanted, 1–100. */
  placesWanted: Schema.Int.pipe(
    Schema.filter((n) => n >= 1 && n <= 100, { message: () => "Agents wanted must be 1–100" }),
  ),
});
export type OpportunityFields = typeof OpportunityFields.Type;

/** An opportunity as stored. */
export interface Opportunity extends OpportunityFields {
  readonly id: OpportunityId;
  readonly businessId: BusinessProfileId;
  /** URL name of the public page /opportunities/{slug}; unique, fixed at creation. */
  readonly slug: string;
  readonly status: OpportunityStatus;
  readonly closedReason: ClosedReason | null;
  /** Places taken by approved applications (≤ placesWanted). */
  readonly placesFilled: number;
  readonly publishedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Places still open. */
export const placesRemaining = (o: Pick<Opportunity, "placesWanted" | "placesFilled">) =>
  Math.max(0, o.placesWanted - o.placesFilled);

/** An agent's application. */
export interface Application {
  readonly id: ApplicationId;
  readonly opportunityId: OpportunityId;
  readonly agentId: AgentProfileId;
  /** 50–2,000 characters (issue 44 item 2). */
  readonly coverMessage: string;
  /** Percent the agent proposes instead of the opportunity's rate; null: the opportunity's. */
  readonly proposedRate: number | null;
  readonly status: ApplicationStatus;
  /** The partnership an approval started. */
  readonly partnershipId: PartnershipId | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A business's invitation to an agent to apply. */
export interface Invitation {
  readonly id: InvitationId;
  readonly opportunityId: OpportunityId;
  readonly agentId: AgentProfileId;
  readonly message: string;
  readonly status: InvitationStatus;
  readonly createdAt: Date;
  /** createdAt + 48 h: both sides see this clock. */
  readonly expiresAt: Date;
  readonly answeredAt: Date | null;
}

/** What an application body says (decoded). */
export const ApplicationFields = Schema.Struct({
  coverMessage: text(50, 2000, "Cover message"),
  proposedRate: Schema.optionalWith(Schema.NullOr(Rate), { default: () => null }),
});
export type ApplicationFields = typeof ApplicationFields.Type;

/** The search criteria of GET /api/opportunities (published only). */
export interface OpportunitySearch {
  /** Core's keyword terms (lower-case letters/digits; profiles' keywordTerms). */
  readonly keywords: readonly string[];
  readonly location?: string | undefined;
  readonly model?: CommissionModel["type"] | undefined;
  /** Percent: the headline rate at least this. */
  readonly minimumRate?: number | undefined;
  readonly industry?: string | undefined;
  readonly page: number;
  readonly pageSize: number;
}
