/**
 * Partnership use cases (spec §2.8, §2.9, §4, §6, §8, §9; issue 4): connect, accept, reject,
 * withdraw, end, list with counts. The caller is always a `User` from the session; their side is
 * their userType and their own profile. A partnership the caller is not a party to answers
 * PartnershipNotFound (404), so ids reveal nothing.
 * Errors: OwnProfileRequired, CounterpartNotFound, InvalidConnectionRequest,
 * PartnershipAlreadyExists, PartnershipLimitReached, PartnershipNotFound,
 * PartnershipTransitionNotAllowed.
 */
import { Effect, Either, Option } from "effect";
import type { User } from "../identity/index.ts";
import { UserRepository } from "../identity/index.ts";
import {
  type AgentProfile,
  AgentProfileRepository,
  type BusinessProfile,
  BusinessProfileRepository,
} from "../profiles/index.ts";
import {
  type AgentProfileId,
  atomically,
  type BusinessProfileId,
  Clock,
  Mailer,
  type PartnershipId,
  publishEvent,
  type UserId,
} from "../shared/index.ts";
import type { Page } from "../shared/paging.ts";
import { entitlementsFor } from "../subscription/index.ts";
import {
  CounterpartNotFound,
  InvalidConnectionRequest,
  OwnProfileRequired,
  PartnershipLimitReached,
  PartnershipNotFound,
  type PartnershipTransitionNotAllowed,
} from "./errors.ts";
import type {
  NewPartnership,
  Partnership,
  PartnershipCounts,
  PartnershipView,
  Party,
  Standings,
} from "./model.ts";
import { eventForStatus, otherParty, type PartnershipChange, transition } from "./partnership-machine.ts";
import { type PartnershipFilter, PartnershipRepository } from "./ports.ts";
import type { RequestedStatus } from "./wording.ts";
import {
  type ConnectionNotice as Notice,
  partnershipScreens as screens,
  connectionSubjects as subjects,
} from "./wording.ts";

/** The caller's own profile id on their side, or OwnProfileRequired. */
const ownProfile = Effect.fn("partnership.ownProfile")(function* (user: User) {
  const found: Option.Option<BusinessProfile | AgentProfile> =
    user.userType === "business"
      ? yield* (yield* BusinessProfileRepository).findByUser(user.id)
      : yield* (yield* AgentProfileRepository).findByUser(user.id);
  if (Option.isNone(found)) return yield* new OwnProfileRequired({ kind: user.userType });
  return found.value;
});

/** Left when `party` is at the limit of active partnerships its entitlements allow at `now`. */
export function checkLimit(
  standings: Standings,
  party: Party,
  caller: Party,
  now: Date,
): Either.Either<void, PartnershipLimitReached> {
  const { active, plan, status, pastDueSince } = standings[party];
  const entitled = entitlementsFor(plan, status ?? null, now, pastDueSince ?? null);
  const limit = entitled.partnershipLimit;
  return limit !== null && active >= limit
    ? Either.left(new PartnershipLimitReached({ party, own: party === caller, plan: entitled.planId, limit }))
    : Either.right(undefined);
}

/**
 * Accepting a pending partnership (spec §4): the machine's accept by `by`, then both parties'
 * plan limits (the caller's first), read under the repository's locks — the one race-safe rule
 * every accept uses (connection requests, and approvals of opportunity applications, issue 44).
 */
export function acceptWithinLimits(
  current: Pick<Partnership, "status" | "requestedBy" | "startDate" | "endDate">,
  standings: Standings,
  by: Party,
  at: Date,
): Either.Either<PartnershipChange, PartnershipTransitionNotAllowed | PartnershipLimitReached> {
  return Either.flatMap(transition(current, { type: "accept", by, at }), (change) =>
    Either.flatMap(checkLimit(standings, by, by, at), () =>
      Either.map(checkLimit(standings, otherParty(by), by, at), () => change),
    ),
  );
}

/**
 * A partnership both sides already agreed to (issue 44: the agent applied, the business
 * approved): the request as `request.requestedBy` sent it, accepted at once by the other party,
 * through the same repository calls, locks and limit checks as a connection request and its
 * accept. Runs in the caller's unit of work, so a refusal leaves nothing behind.
 * Errors: PartnershipAlreadyExists, PartnershipLimitReached, PartnershipTransitionNotAllowed.
 */
export const startAgreedPartnership = Effect.fn("partnership.startAgreed")(function* (
  request: NewPartnership,
) {
  const repository = yield* PartnershipRepository;
  const at = yield* (yield* Clock).now;
  const acceptedBy = otherParty(request.requestedBy);
  const created = yield* repository.create(request, (standings) =>
    checkLimit(standings, request.requestedBy, acceptedBy, at),
  );
  const started = yield* repository.change(created.id, (current, standings) =>
    acceptWithinLimits(current, standings, acceptedBy, at),
  );
  yield* publishEvent({ _tag: "PartnershipChanged", partnership: started, by: acceptedBy, status: "active" });
  return started;
});

export interface ConnectRequest {
  readonly businessId?: BusinessProfileId | undefined;
  readonly agentId?: AgentProfileId | undefined;
  /** Percent, 0–100; defaults to the agent's minimum commission rate. */
  readonly commissionRate?: number | undefined;
}

/**
 * Connect (spec §2.8 Find Agents / §2.9 Find Businesses): the caller sends a pending request to
 * a profile of the other side. Needs the caller's own profile ("You need to create … profile
 * first") and room under their plan's limit; one open partnership per pair.
 */
export const requestPartnership = Effect.fn("partnership.request")(function* (
  user: User,
  request: ConnectRequest,
) {
  const caller = user.userType;
  const own = yield* ownProfile(user);
  const ownField = caller === "business" ? "businessId" : "agentId";
  const counterpartField = caller === "business" ? "agentId" : "businessId";
  const ownId = request[ownField];
  if (ownId !== undefined && ownId !== own.id)
    return yield* new InvalidConnectionRequest({
      field: ownField,
      message: `Must be your own ${caller} profile`,
    });
  const counterpartId = request[counterpartField];
  if (counterpartId === undefined)
    return yield* new InvalidConnectionRequest({
      field: counterpartField,
      message: `Choose ${caller === "business" ? "an agent" : "a business"} to connect with`,
    });
  const agent =
    caller === "agent"
      ? (own as AgentProfile)
      : Option.getOrUndefined(
          yield* (yield* AgentProfileRepository).findById(counterpartId as AgentProfileId),
        );
  const business =
    caller === "business"
      ? (own as BusinessProfile)
      : Option.getOrUndefined(
          yield* (yield* BusinessProfileRepository).findById(counterpartId as BusinessProfileId),
        );
  if (!agent) return yield* new CounterpartNotFound({ kind: "agent" });
  if (!business) return yield* new CounterpartNotFound({ kind: "business" });

  const now = yield* (yield* Clock).now;
  const created = yield* (yield* PartnershipRepository).create(
    {
      businessId: business.id,
      agentId: agent.id,
      requestedBy: caller,
      commissionRate: request.commissionRate ?? agent.minimumCommissionRate,
    },
    (standings) => checkLimit(standings, caller, caller, now),
  );
  yield* emailCounterpart(created, caller, "requested");
  yield* publishEvent({ _tag: "PartnershipRequested", partnership: created, by: caller });
  return created;
}, atomically);

/**
 * Accept, reject, withdraw or end (PATCH /api/partnerships/{id} with status active, rejected,
 * withdrawn or terminated). Accepting also checks both parties' plan limits, under lock.
 */
export const changePartnership = Effect.fn("partnership.change")(function* (
  user: User,
  id: PartnershipId,
  status: RequestedStatus,
) {
  const caller = user.userType;
  const own = yield* ownProfile(user).pipe(
    Effect.catchTag("OwnProfileRequired", () => Effect.fail(new PartnershipNotFound({ id }))),
  );
  const at = yield* (yield* Clock).now;
  const type = eventForStatus[status];
  const changed = yield* (yield* PartnershipRepository).change(
    id,
    (
      current,
      standings,
    ): Either.Either<
      PartnershipChange,
      PartnershipNotFound | PartnershipTransitionNotAllowed | PartnershipLimitReached
    > => {
      const ownSideId = caller === "business" ? current.businessId : current.agentId;
      if (ownSideId !== own.id) return Either.left(new PartnershipNotFound({ id }));
      return type === "accept"
        ? acceptWithinLimits(current, standings, caller, at)
        : transition(current, { type, by: caller, at });
    },
  );
  yield* emailCounterpart(changed, caller, status);
  yield* publishEvent({ _tag: "PartnershipChanged", partnership: changed, by: caller, status });
  return changed;
}, atomically);

export interface PartnershipList extends Page<PartnershipView> {
  /** The caller's active and pending counts (tabs and dashboards), whatever the filter. */
  readonly counts: PartnershipCounts;
}

/** The caller's partnerships (newest first) with counts; empty until they have a profile. */
export const listPartnerships = Effect.fn("partnership.list")(function* (
  user: User,
  filter: PartnershipFilter,
) {
  const own = yield* ownProfile(user).pipe(Effect.option);
  if (Option.isNone(own))
    return {
      items: [],
      total: 0,
      page: filter.page,
      pageSize: filter.pageSize,
      counts: { active: 0, pending: 0 },
    } satisfies PartnershipList;
  const repository = yield* PartnershipRepository;
  const [page, counts] = yield* Effect.all(
    [
      repository.listFor(user.userType, own.value.id, filter),
      repository.countsFor(user.userType, own.value.id),
    ],
    { concurrency: 2 },
  );
  return { ...page, page: filter.page, pageSize: filter.pageSize, counts } satisfies PartnershipList;
});

/** One partnership the caller is a party to. */
export const getPartnership = Effect.fn("partnership.get")(function* (user: User, id: PartnershipId) {
  const own = yield* ownProfile(user).pipe(
    Effect.catchTag("OwnProfileRequired", () => Effect.fail(new PartnershipNotFound({ id }))),
  );
  const found = yield* (yield* PartnershipRepository).findById(id);
  if (Option.isNone(found)) return yield* new PartnershipNotFound({ id });
  const ownSideId = user.userType === "business" ? found.value.businessId : found.value.agentId;
  if (ownSideId !== own.id) return yield* new PartnershipNotFound({ id });
  return found.value;
});

/**
 * Emails the counterparty (issue 4, Notifications) through the Mailer port. Best effort: a mail
 * failure is logged and never undoes or fails the change. The bell's notice follows the
 * published event (notification context).
 */
const emailCounterpart = (partnership: PartnershipView, actor: Party, notice: Notice) =>
  Effect.gen(function* () {
    const from = actor === "business" ? partnership.business.companyName : partnership.agent.fullName;
    const recipient = otherParty(actor);
    const userId: UserId = recipient === "business" ? partnership.business.userId : partnership.agent.userId;
    const user = yield* (yield* UserRepository).findById(userId);
    if (Option.isNone(user)) return;
    const subject = subjects[notice](from);
    yield* (yield* Mailer).send({
      to: user.value.email,
      subject,
      text: [
        `Hi ${user.value.username},`,
        "",
        `${subject}.`,
        `Commission rate: ${partnership.commissionRate}%.`,
        "",
        `See your partnerships: ${screens[recipient]}`,
        "",
        "— Closr",
      ].join("\n"),
      // Settings → Notifications (issue 15): requests vs. answers to them.
      kind: notice === "requested" ? "connection-requests" : "acceptances",
    });
  }).pipe(
    Effect.catchAllCause((cause) => Effect.logWarning("partnership notification failed", cause)),
    Effect.withSpan("partnership.emailCounterpart"),
  );
