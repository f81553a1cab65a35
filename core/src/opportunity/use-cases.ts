/**
 * Opportunity use cases (issue 44): post and run opportunities (business), search and apply
 * (agent), invitations that expire after 48 hours, and the approval that starts the partnership
 * and its draft agreement. The caller is a `User` from the session; another party's opportunity,
 * application or invitation answers its NotFound (404), so ids reveal nothing.
 * Errors: see errors.ts, plus WrongAccountType, PartnershipLimitReached, PartnershipAlreadyExists.
 */
import { Effect, Either, Option, ParseResult, Schema } from "effect";
import {
  AgreementRepository,
  type AgreementTerms,
  type CommissionModel,
  headlineRate,
} from "../agreement/index.ts";
import type { User } from "../identity/index.ts";
import { startAgreedPartnership } from "../partnership/index.ts";
import {
  AgentProfileRepository,
  BusinessProfileRepository,
  explainRanking,
  keywordReason,
  type Location,
  locations,
  type Match,
  matchAgentForBusiness,
  matchBusinessForAgent,
  readQuery,
  WrongAccountType,
} from "../profiles/index.ts";
import {
  type AgentProfileId,
  atomically,
  Clock,
  PartnershipId,
  publishEvent,
  sydneyIsoDate,
} from "../shared/index.ts";
import { entitlementsFor } from "../subscription/index.ts";
import {
  ApplicationNotFound,
  InvalidOpportunity,
  InvitationNotFound,
  OpportunityLimitReached,
  OpportunityNotFound,
  OpportunityTransitionNotAllowed,
} from "./errors.ts";
import {
  ApplicationFields,
  type ApplicationId,
  INVITATION_TTL_MS,
  type InvitationId,
  type Opportunity,
  OpportunityFields,
  type OpportunityId,
  type OpportunitySearch,
  type OpportunityStatus,
} from "./model.ts";
import {
  type ApplicationEventType,
  applicationTransition,
  invitationTransition,
  type OpportunityEventType,
  opportunityTransition,
  takesApplications,
} from "./opportunity-machine.ts";
import {
  type ApplicationView,
  type InvitationView,
  OpportunityRepository,
  type OpportunityView,
  type PublishingStanding,
} from "./ports.ts";

const requireType = (user: User, required: "business" | "agent", action: string) =>
  user.userType === required ? Effect.void : Effect.fail(new WrongAccountType({ required, action }));

/** Decodes a body with `schema`, every failure as `{ field, message }` (first per field). */
const decode =
  <A, I>(schema: Schema.Schema<A, I>) =>
  (input: unknown) =>
    Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "error" })(input).pipe(
      Either.mapLeft(
        (error) =>
          new InvalidOpportunity({
            errors: ParseResult.ArrayFormatter.formatErrorSync(error)
              .map((issue) => ({
                field: issue.path.length ? issue.path.join(".") : "body",
                message: issue.message,
              }))
              .filter((issue, i, all) => all.findIndex((other) => other.field === issue.field) === i),
          }),
      ),
    );

export const validateOpportunity = decode(OpportunityFields);
export const validateApplication = decode(ApplicationFields);

/** "Enterprise software — Sydney!" → "enterprise-software-sydney" (letters and digits, ≤ 60). */
export const slugBase = (title: string) =>
  title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "") || "opportunity";

const ownBusiness = (user: User, action: string) =>
  Effect.gen(function* () {
    yield* requireType(user, "business", action);
    const found = yield* (yield* BusinessProfileRepository).findByUser(user.id);
    if (Option.isNone(found)) return yield* new WrongAccountType({ required: "business", action });
    return found.value;
  });

const ownAgent = (user: User, action: string) =>
  Effect.gen(function* () {
    yield* requireType(user, "agent", action);
    const found = yield* (yield* AgentProfileRepository).findByUser(user.id);
    if (Option.isNone(found)) return yield* new WrongAccountType({ required: "agent", action });
    return found.value;
  });

/** The caller's own opportunity, or OpportunityNotFound (another business's answers 404 too). */
const ownOpportunity = (user: User, id: OpportunityId) =>
  Effect.gen(function* () {
    const business = yield* ownBusiness(user, "manage opportunities").pipe(
      Effect.mapError(() => new OpportunityNotFound({ id })),
    );
    const found = yield* (yield* OpportunityRepository).findById(id);
    if (Option.isNone(found) || found.value.businessId !== business.id)
      return yield* new OpportunityNotFound({ id });
    return { business, opportunity: found.value };
  });

const opportunityFacts = (o: OpportunityView) => ({
  id: o.id,
  slug: o.slug,
  title: o.title,
  businessId: o.businessId,
  status: o.status,
  closedReason: o.closedReason,
  placesWanted: o.placesWanted,
  placesFilled: o.placesFilled,
  business: { userId: o.business.userId, companyName: o.business.companyName },
});

const applicationFacts = (a: ApplicationView) => ({
  id: a.id,
  opportunityId: a.opportunityId,
  agentId: a.agentId,
  status: a.status,
  proposedRate: a.proposedRate,
  partnershipId: a.partnershipId,
  agent: { userId: a.agent.userId, fullName: a.agent.fullName },
});

const invitationFacts = (i: InvitationView) => ({
  id: i.id,
  opportunityId: i.opportunityId,
  agentId: i.agentId,
  status: i.status,
  expiresAt: i.expiresAt,
  agent: { userId: i.agent.userId, fullName: i.agent.fullName },
});

/** Creates a draft opportunity for the caller's business. */
export const createOpportunity = Effect.fn("opportunity.create")(function* (user: User, input: unknown) {
  const business = yield* ownBusiness(user, "post opportunities");
  const fields = yield* validateOpportunity(input);
  const created = yield* (yield* OpportunityRepository).create(business.id, fields, slugBase(fields.title));
  yield* publishEvent({
    _tag: "OpportunityChanged",
    opportunity: opportunityFacts(created),
    step: "created",
  });
  return created;
}, atomically);

/** Edits an opportunity's fields (any state but closed). */
export const updateOpportunity = Effect.fn("opportunity.update")(function* (
  user: User,
  id: OpportunityId,
  input: unknown,
) {
  const { opportunity } = yield* ownOpportunity(user, id);
  const fields = yield* validateOpportunity(input);
  if (opportunity.status === "closed")
    return yield* new OpportunityTransitionNotAllowed({
      from: "closed",
      event: "edit",
      reason: "A closed opportunity can no longer be edited.",
    });
  if (fields.placesWanted < opportunity.placesFilled)
    return yield* new InvalidOpportunity({
      errors: [{ field: "placesWanted", message: `${opportunity.placesFilled} agents are already on board` }],
    });
  return yield* (yield* OpportunityRepository).update(id, fields);
});

/** Left when publishing would exceed the plan's published-opportunity limit (plan catalogue). */
export function checkPublishingLimit(
  standing: PublishingStanding,
  now: Date,
): Either.Either<void, OpportunityLimitReached> {
  const entitled = entitlementsFor(
    standing.plan,
    standing.status ?? null,
    now,
    standing.pastDueSince ?? null,
  );
  const limit = entitled.publishedOpportunityLimit;
  return limit !== null && standing.published >= limit
    ? Either.left(new OpportunityLimitReached({ plan: entitled.planId, limit }))
    : Either.right(undefined);
}

export type OpportunityAction = Exclude<OpportunityEventType, "fill">;

const stepOf: Record<OpportunityAction, "published" | "paused" | "resumed" | "closed"> = {
  publish: "published",
  pause: "paused",
  resume: "resumed",
  withdraw: "closed",
};

/** Publish, pause, resume or withdraw (close) the caller's opportunity; publish and resume check the plan limit under lock. */
export const changeOpportunity = Effect.fn("opportunity.change")(function* (
  user: User,
  id: OpportunityId,
  action: OpportunityAction,
) {
  yield* ownOpportunity(user, id);
  const at = yield* (yield* Clock).now;
  const changed = yield* (yield* OpportunityRepository).change(id, (current, standing) =>
    Either.flatMap(opportunityTransition(current, { type: action, at }), (change) =>
      change.status === "published" && current.status !== "published"
        ? Either.map(checkPublishingLimit(standing, at), () => change)
        : Either.right(change),
    ),
  );
  yield* publishEvent({
    _tag: "OpportunityChanged",
    opportunity: opportunityFacts(changed),
    step: stepOf[action],
  });
  return changed;
}, atomically);

/** The caller's business's opportunities. */
export const listOwnOpportunities = Effect.fn("opportunity.listOwn")(function* (
  user: User,
  filter: {
    readonly statuses: readonly OpportunityStatus[];
    readonly page: number;
    readonly pageSize: number;
  },
) {
  const business = yield* ownBusiness(user, "manage opportunities");
  const page = yield* (yield* OpportunityRepository).listForBusiness(business.id, filter);
  return { ...page, page: filter.page, pageSize: filter.pageSize };
});

/** An opportunity as a signed-in caller reads it: its business any state, others all but drafts. */
export const getOpportunity = Effect.fn("opportunity.get")(function* (user: User, id: OpportunityId) {
  const found = yield* (yield* OpportunityRepository).findById(id);
  if (Option.isNone(found)) return yield* new OpportunityNotFound({ id });
  const opportunity = found.value;
  if (opportunity.business.userId !== user.id && opportunity.status === "draft")
    return yield* new OpportunityNotFound({ id });
  const agent =
    user.userType === "agent"
      ? Option.getOrUndefined(yield* (yield* AgentProfileRepository).findViewer(user.id))
      : undefined;
  return { opportunity, match: agent ? matchBusinessForAgent(agent, opportunity.business) : undefined };
});

/**
 * The public page's opportunity (/opportunities/{slug}, no sign-in): published only (issue 44:
 * "a public read endpoint by slug (published only)"); a draft, paused or closed one is
 * OpportunityNotFound, so the page disappears while it takes no applications.
 */
export const getPublicOpportunity = Effect.fn("opportunity.getPublic")(function* (slug: string) {
  const found = yield* (yield* OpportunityRepository).findBySlug(slug);
  if (Option.isNone(found) || found.value.status !== "published")
    return yield* new OpportunityNotFound({ id: slug });
  return found.value;
});

/** The fields a keyword matches in, in weight order (as the adapter's search vector weighs them). */
export const opportunityKeywordFields = (o: OpportunityView) =>
  [
    ["title", o.title],
    ["specialization", o.idealSpecialization],
    ["skills", o.idealSkills.join(" ")],
    ["product", o.product],
  ] as const;

export interface RankedOpportunity {
  readonly opportunity: OpportunityView;
  readonly match: Match | undefined;
}

/**
 * Published opportunities for an agent (issue 44 item 4): the profile search's engine and rules
 * (typo tolerance, field weights, a location word as the location; ADR 0036), ranked by text
 * relevance and the agent's match score for the business (matchBusinessForAgent), with reasons.
 */
export const searchOpportunities = Effect.fnUntraced(function* (user: User, asked: OpportunitySearch) {
  const location =
    asked.location && (locations as readonly string[]).includes(asked.location)
      ? (asked.location as Location)
      : undefined;
  const read = readQuery(asked.keywords, location);
  const criteria = { ...asked, keywords: read.keywords, location: read.location ?? asked.location };
  const viewer =
    user.userType === "agent"
      ? Option.getOrUndefined(yield* (yield* AgentProfileRepository).findViewer(user.id))
      : undefined;
  const result = yield* (yield* OpportunityRepository).search(criteria, viewer);
  const items: RankedOpportunity[] = result.items.map((opportunity) => ({
    opportunity,
    match: viewer
      ? explainRanking(
          matchBusinessForAgent(viewer, opportunity.business),
          criteria.keywords.length
            ? keywordReason(criteria.keywords, opportunityKeywordFields(opportunity))
            : undefined,
          undefined,
        )
      : undefined,
  }));
  return {
    items,
    total: result.total,
    totalCapped: result.totalCapped,
    page: asked.page,
    pageSize: asked.pageSize,
  };
});

/**
 * An agent applies (issue 44 item 2): published opportunities only, one open application per
 * agent; a pending invitation to the same opportunity is accepted with it.
 */
export const applyToOpportunity = Effect.fn("opportunity.apply")(function* (
  user: User,
  opportunityId: OpportunityId,
  input: unknown,
) {
  const agent = yield* ownAgent(user, "apply to opportunities");
  const fields = yield* validateApplication(input);
  const repository = yield* OpportunityRepository;
  const visible = yield* repository.findById(opportunityId);
  if (Option.isNone(visible) || visible.value.status === "draft")
    return yield* new OpportunityNotFound({ id: opportunityId });
  const application = yield* repository.apply(
    {
      opportunityId,
      agentId: agent.id,
      coverMessage: fields.coverMessage,
      proposedRate: fields.proposedRate,
    },
    (opportunity) =>
      takesApplications(opportunity)
        ? Either.right(undefined)
        : Either.left(
            new OpportunityTransitionNotAllowed({
              from: opportunity.status,
              event: "apply",
              reason: "Only a published opportunity takes applications.",
            }),
          ),
  );
  const at = yield* (yield* Clock).now;
  const invitations = yield* repository.invitationsOf(agent.id);
  for (const invitation of invitations.filter(
    (i) => i.opportunityId === opportunityId && i.status === "pending",
  )) {
    const answered = yield* repository
      .answerInvitation(invitation.id, (current) => invitationTransition(current, { type: "accept", at }), at)
      .pipe(Effect.option);
    if (Option.isSome(answered))
      yield* publishEvent({
        _tag: "InvitationChanged",
        invitation: invitationFacts(answered.value),
        opportunity: opportunityFacts(answered.value.opportunity),
      });
  }
  yield* publishEvent({
    _tag: "ApplicationChanged",
    application: applicationFacts(application),
    opportunity: opportunityFacts(application.opportunity),
    by: "agent",
  });
  return application;
}, atomically);

export interface RankedApplication {
  readonly application: ApplicationView;
  readonly match: Match;
}

/** The applicant pipeline of the caller's opportunity, ranked by match score (then oldest first). */
export const listApplicants = Effect.fn("opportunity.applicants")(function* (user: User, id: OpportunityId) {
  const { business } = yield* ownOpportunity(user, id);
  const repository = yield* OpportunityRepository;
  const [applications, invitations] = yield* Effect.all([
    repository.applicationsFor(id),
    repository.invitationsFor(id),
  ]);
  const ranked: RankedApplication[] = applications
    .map((application) => ({ application, match: matchAgentForBusiness(business, application.agent) }))
    .sort(
      (a, b) =>
        b.match.score - a.match.score ||
        a.application.createdAt.getTime() - b.application.createdAt.getTime() ||
        a.application.id - b.application.id,
    );
  return { applications: ranked, invitations };
});

/**
 * One application as its agent or the opportunity's business reads it, with the business's match
 * score for the agent; ApplicationNotFound (404) for anyone else.
 */
export const getApplication = Effect.fn("opportunity.getApplication")(function* (
  user: User,
  id: ApplicationId,
) {
  const found = yield* (yield* OpportunityRepository).findApplication(id);
  if (Option.isNone(found)) return yield* new ApplicationNotFound({ id });
  const application = found.value;
  if (application.agent.userId !== user.id && application.opportunity.business.userId !== user.id)
    return yield* new ApplicationNotFound({ id });
  return {
    application,
    match: matchAgentForBusiness(application.opportunity.business, application.agent),
  } satisfies RankedApplication;
});

/**
 * The invited agent accepts (issue 44 item 2): applies to the invitation's opportunity with
 * `input` (the application body), which marks the invitation accepted in the same unit of work.
 * InvitationNotFound for another agent's invitation; ApplicationTransitionNotAllowed when it was
 * answered already or its 48 hours ended (the machine decides, at the clock's now).
 */
export const acceptInvitation = Effect.fn("opportunity.acceptInvitation")(function* (
  user: User,
  id: InvitationId,
  input: unknown,
) {
  const agent = yield* ownAgent(user, "answer invitations").pipe(
    Effect.mapError(() => new InvitationNotFound({ id })),
  );
  const found = yield* (yield* OpportunityRepository).findInvitation(id);
  if (Option.isNone(found) || found.value.agentId !== agent.id) return yield* new InvitationNotFound({ id });
  const at = yield* (yield* Clock).now;
  yield* invitationTransition(found.value, { type: "accept", at });
  return yield* applyToOpportunity(user, found.value.opportunityId, input);
}, atomically);

/** The caller's (agent's) applications and invitations, and the dashboard tile's count. */
export const myOpportunityActivity = Effect.fn("opportunity.mine")(function* (
  user: User,
  paging: { readonly page: number; readonly pageSize: number },
) {
  const agent = yield* ownAgent(user, "apply to opportunities");
  const repository = yield* OpportunityRepository;
  const [applications, invitations, pending] = yield* Effect.all([
    repository.applicationsOf(agent.id, paging),
    repository.invitationsOf(agent.id),
    repository.pendingFor(agent.id),
  ]);
  return {
    applications: { ...applications, ...paging },
    invitations,
    pendingOpportunities: pending.invitations + pending.shortlisted,
  };
});

/**
 * The agent dashboard's "Pending Opportunities" tile (issue 44 item 5): the caller's pending
 * invitations plus shortlisted applications; 0 for a business or an agent without a profile.
 */
export const pendingOpportunityCount = Effect.fn("opportunity.pendingCount")(function* (user: User) {
  if (user.userType !== "agent") return 0;
  const agent = yield* (yield* AgentProfileRepository).findByUser(user.id);
  if (Option.isNone(agent)) return 0;
  const pending = yield* (yield* OpportunityRepository).pendingFor(agent.value.id);
  return pending.invitations + pending.shortlisted;
});

/** The draft agreement an approval starts (issue 44 item 3): the opportunity's terms, the agent's rate if proposed. */
export function draftTermsFor(
  opportunity: Opportunity,
  proposedRate: number | null,
  startDate: string,
): AgreementTerms {
  const model: CommissionModel =
    proposedRate === null || opportunity.model.type === "tiered"
      ? opportunity.model
      : { ...opportunity.model, rate: proposedRate };
  return {
    model,
    territory: opportunity.territory,
    exclusive: false,
    products: opportunity.product.slice(0, 2000),
    paymentTermsDays: 14,
    startDate,
    endDate: null,
    noticeDays: 30,
  };
}

export type ApplicationAction = ApplicationEventType;

/**
 * Moves an application on: the business shortlists, interviews, approves or declines; the agent
 * withdraws. Approval takes a place on the opportunity (under its lock), starts the partnership
 * through the partnership context's race-safe rule (both plan limits) and its draft agreement —
 * all in one unit of work, so a refusal leaves nothing behind.
 */
export const decideApplication = Effect.fn("opportunity.decide")(function* (
  user: User,
  id: ApplicationId,
  action: ApplicationAction,
) {
  const repository = yield* OpportunityRepository;
  const found = yield* repository.findApplication(id);
  if (Option.isNone(found)) return yield* new ApplicationNotFound({ id });
  const by = user.userType;
  const mine =
    by === "business"
      ? found.value.opportunity.business.userId === user.id
      : found.value.agent.userId === user.id;
  if (!mine) return yield* new ApplicationNotFound({ id });
  const at = yield* (yield* Clock).now;
  const decided = yield* repository.decide(id, (current, opportunity) =>
    Either.flatMap(applicationTransition(current, { type: action, by, at }), (status) =>
      action === "approve"
        ? Either.map(opportunityTransition(opportunity, { type: "fill", at }), (change) => ({
            status,
            opportunity: change,
          }))
        : Either.right({ status }),
    ),
  );
  let result = decided;
  if (action === "approve") {
    const opportunity = decided.opportunity;
    const partnership = yield* startAgreedPartnership({
      businessId: opportunity.businessId,
      agentId: decided.agentId,
      requestedBy: "agent",
      commissionRate: decided.proposedRate ?? headlineRate(opportunity.model),
    });
    yield* repository.linkPartnership(id, partnership.id);
    yield* (yield* AgreementRepository).createDraft(PartnershipId.make(partnership.id), {
      terms: draftTermsFor(opportunity, decided.proposedRate, sydneyIsoDate(at)),
      editedBy: "business",
    });
    result = { ...decided, partnershipId: PartnershipId.make(partnership.id) };
    if (opportunity.status === "closed")
      yield* publishEvent({
        _tag: "OpportunityChanged",
        opportunity: opportunityFacts(opportunity),
        step: "closed",
      });
  }
  yield* publishEvent({
    _tag: "ApplicationChanged",
    application: applicationFacts(result),
    opportunity: opportunityFacts(result.opportunity),
    by,
  });
  return result;
}, atomically);

/** A business invites an agent to apply to its published opportunity; expires 48 h later. */
export const inviteAgent = Effect.fn("opportunity.invite")(function* (
  user: User,
  opportunityId: OpportunityId,
  request: { readonly agentId: AgentProfileId; readonly message: string },
) {
  const { opportunity } = yield* ownOpportunity(user, opportunityId);
  if (!takesApplications(opportunity))
    return yield* new OpportunityTransitionNotAllowed({
      from: opportunity.status,
      event: "invite",
      reason: "Only a published opportunity can invite agents.",
    });
  if (request.message.length > 1000)
    return yield* new InvalidOpportunity({
      errors: [{ field: "message", message: "Message is at most 1,000 characters" }],
    });
  const agent = yield* (yield* AgentProfileRepository).findById(request.agentId);
  if (Option.isNone(agent))
    return yield* new InvalidOpportunity({ errors: [{ field: "agentId", message: "No such agent" }] });
  const at = yield* (yield* Clock).now;
  const invitation = yield* (yield* OpportunityRepository).invite({
    opportunityId,
    agentId: request.agentId,
    message: request.message,
    expiresAt: new Date(at.getTime() + INVITATION_TTL_MS),
  });
  yield* publishEvent({
    _tag: "InvitationChanged",
    invitation: invitationFacts(invitation),
    opportunity: opportunityFacts(invitation.opportunity),
  });
  return invitation;
}, atomically);

/** The invited agent declines (before the 48 hours end). */
export const declineInvitation = Effect.fn("opportunity.declineInvitation")(function* (
  user: User,
  id: InvitationId,
) {
  const agent = yield* ownAgent(user, "answer invitations").pipe(
    Effect.mapError(() => new InvitationNotFound({ id })),
  );
  const repository = yield* OpportunityRepository;
  const found = yield* repository.findInvitation(id);
  if (Option.isNone(found) || found.value.agentId !== agent.id) return yield* new InvitationNotFound({ id });
  const at = yield* (yield* Clock).now;
  const answered = yield* repository.answerInvitation(
    id,
    (current) => invitationTransition(current, { type: "decline", at }),
    at,
  );
  yield* publishEvent({
    _tag: "InvitationChanged",
    invitation: invitationFacts(answered),
    opportunity: opportunityFacts(answered.opportunity),
  });
  return answered;
}, atomically);

/**
 * The invitation sweep (issue 44 item 2): every pending invitation whose 48 hours ended expires,
 * each in its own unit of work with its event. Idempotent: an answered one is skipped by the machine.
 * Resolves with how many expired.
 */
export const expireInvitations = Effect.fn("opportunity.expireInvitations")(function* () {
  const repository = yield* OpportunityRepository;
  const now = yield* (yield* Clock).now;
  const due = yield* repository.dueInvitations(now, 500);
  let expired = 0;
  for (const id of due) {
    const done = yield* atomically(
      Effect.gen(function* () {
        const invitation = yield* repository.answerInvitation(
          id,
          (current) => invitationTransition(current, { type: "expire", at: now }),
          now,
        );
        yield* publishEvent({
          _tag: "InvitationChanged",
          invitation: invitationFacts(invitation),
          opportunity: opportunityFacts(invitation.opportunity),
        });
      }),
    ).pipe(Effect.option);
    if (Option.isSome(done)) expired++;
  }
  return { expired };
});

/** Application states a status change names, for callers that map an HTTP status to an action. */
export const actionForStatus: Readonly<
  Record<"shortlisted" | "interview" | "approved" | "declined" | "withdrawn", ApplicationAction>
> = {
  shortlisted: "shortlist",
  interview: "interview",
  approved: "approve",
  declined: "decline",
  withdrawn: "withdraw",
};
