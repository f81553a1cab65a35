/** Opportunity ports. Infrastructure failures are defects; the error channel holds domain errors. */
import { Context, type Effect, type Either, type Option } from "effect";
import type { PartyStanding } from "../partnership/index.ts";
import type { AgentProfile, BusinessProfile, SearchResult } from "../profiles/index.ts";
import type { AgentProfileId, BusinessProfileId } from "../shared/ids.ts";
import type {
  ApplicationAlreadyOpen,
  ApplicationNotFound,
  InvitationNotFound,
  OpportunityNotFound,
} from "./errors.ts";
import type {
  Application,
  ApplicationId,
  ApplicationStatus,
  Invitation,
  InvitationId,
  InvitationStatus,
  Opportunity,
  OpportunityFields,
  OpportunityId,
  OpportunitySearch,
  OpportunityStatus,
} from "./model.ts";
import type { OpportunityChange } from "./opportunity-machine.ts";

/** An opportunity with its business's public profile. */
export interface OpportunityView extends Opportunity {
  readonly business: BusinessProfile;
}

/** An application with the agent's profile (the business's pipeline) and its opportunity. */
export interface ApplicationView extends Application {
  readonly agent: AgentProfile;
  readonly opportunity: OpportunityView;
}

/** An invitation with the agent's profile and its opportunity. */
export interface InvitationView extends Invitation {
  readonly agent: AgentProfile;
  readonly opportunity: OpportunityView;
}

/** The business's standing when a publish is decided: published now, plan, subscription. */
export interface PublishingStanding extends Omit<PartyStanding, "active"> {
  /** Opportunities published now (not counting the one being decided). */
  readonly published: number;
}

/** What an application decision writes: its new status and, for an approval, the opportunity's change. */
export interface ApplicationDecision {
  readonly status: ApplicationStatus;
  readonly opportunity?: OpportunityChange | undefined;
}

export interface Paged<T> {
  readonly items: readonly T[];
  readonly total: number;
}

export class OpportunityRepository extends Context.Tag("opportunity/OpportunityRepository")<
  OpportunityRepository,
  {
    /** Inserts a draft with a unique slug made from `slugBase` (a suffix is added on a clash). */
    readonly create: (
      businessId: BusinessProfileId,
      fields: OpportunityFields,
      slugBase: string,
    ) => Effect.Effect<OpportunityView>;
    readonly update: (id: OpportunityId, fields: OpportunityFields) => Effect.Effect<OpportunityView>;
    readonly findById: (id: OpportunityId) => Effect.Effect<Option.Option<OpportunityView>>;
    readonly findBySlug: (slug: string) => Effect.Effect<Option.Option<OpportunityView>>;
    /** One business's opportunities, newest first, optionally by status. */
    readonly listForBusiness: (
      businessId: BusinessProfileId,
      filter: {
        readonly statuses: readonly OpportunityStatus[];
        readonly page: number;
        readonly pageSize: number;
      },
    ) => Effect.Effect<Paged<OpportunityView>>;
    /**
     * Changes one opportunity atomically: locks its business's profile, then its row, counts the
     * business's other published opportunities and reads its plan, and persists what `decide` returns.
     * Parallel publishes for one business are serialised, so a plan limit cannot be exceeded.
     */
    readonly change: <E>(
      id: OpportunityId,
      decide: (current: Opportunity, standing: PublishingStanding) => Either.Either<OpportunityChange, E>,
    ) => Effect.Effect<OpportunityView, E | OpportunityNotFound>;
    /** Published opportunities only: the profile search's engine and rules (ADR 0036), ranked for `viewer`. */
    readonly search: (
      criteria: OpportunitySearch,
      viewer: AgentProfile | undefined,
    ) => Effect.Effect<SearchResult<OpportunityView>>;
    /**
     * Inserts a submitted application after `check` passed on the opportunity read under its row
     * lock; ApplicationAlreadyOpen when the agent has an open one (also under races: a partial
     * unique index).
     */
    readonly apply: <E>(
      application: Pick<Application, "opportunityId" | "agentId" | "coverMessage" | "proposedRate">,
      check: (opportunity: Opportunity) => Either.Either<void, E>,
    ) => Effect.Effect<ApplicationView, E | ApplicationAlreadyOpen | OpportunityNotFound>;
    readonly findApplication: (id: ApplicationId) => Effect.Effect<Option.Option<ApplicationView>>;
    /** Applications to one opportunity (the pipeline), oldest first. */
    readonly applicationsFor: (opportunityId: OpportunityId) => Effect.Effect<readonly ApplicationView[]>;
    /** One agent's applications, newest first. */
    readonly applicationsOf: (
      agentId: AgentProfileId,
      paging: { readonly page: number; readonly pageSize: number },
    ) => Effect.Effect<Paged<ApplicationView>>;
    /**
     * Decides one application atomically: locks the business's profile, the opportunity row and
     * the application row (one global order: business, opportunity, application, then the agent
     * when a partnership follows), and persists the decision (and the opportunity's change). The
     * locks are held to the end of the caller's unit of work, so two approvals racing for the last
     * place are serialised and the second sees it taken.
     */
    readonly decide: <E>(
      id: ApplicationId,
      decide: (current: Application, opportunity: Opportunity) => Either.Either<ApplicationDecision, E>,
    ) => Effect.Effect<ApplicationView, E | ApplicationNotFound>;
    /** Links an approved application to the partnership it started. */
    readonly linkPartnership: (id: ApplicationId, partnershipId: number) => Effect.Effect<void>;
    readonly invite: (
      invitation: Pick<Invitation, "opportunityId" | "agentId" | "message" | "expiresAt">,
    ) => Effect.Effect<InvitationView>;
    readonly findInvitation: (id: InvitationId) => Effect.Effect<Option.Option<InvitationView>>;
    readonly invitationsFor: (opportunityId: OpportunityId) => Effect.Effect<readonly InvitationView[]>;
    readonly invitationsOf: (agentId: AgentProfileId) => Effect.Effect<readonly InvitationView[]>;
    /** Answers one invitation under its row lock with what `decide` returns. */
    readonly answerInvitation: <E>(
      id: InvitationId,
      decide: (current: Invitation) => Either.Either<InvitationStatus, E>,
      at: Date,
    ) => Effect.Effect<InvitationView, E | InvitationNotFound>;
    /** Pending invitations whose 48 hours ended at or before `now` (the sweep's work), at most `limit`. */
    readonly dueInvitations: (now: Date, limit: number) => Effect.Effect<readonly InvitationId[]>;
    /** The agent dashboard tile: pending invitations and shortlisted applications. */
    readonly pendingFor: (
      agentId: AgentProfileId,
    ) => Effect.Effect<{ invitations: number; shortlisted: number }>;
  }
>() {}
