/**
 * The opportunity, application and invitation machines (issue 44 items 1–3): pure, no I/O, time
 * comes in with the event. Every pair not drawn below is a typed error.
 *
 * Opportunity:
 *   draft     ──publish──▶ published          published ──pause──▶ paused
 *   paused    ──resume───▶ published          draft|published|paused ──withdraw──▶ closed (withdrawn)
 *   published ──fill (an approval takes a place)──▶ published, or closed (filled) with the last place
 * Only a published opportunity takes applications, invitations and approvals.
 *
 * Application (agent applies → submitted):
 *   submitted ──shortlist──▶ shortlisted ──interview──▶ interview
 *   shortlisted|interview ──approve──▶ approved        (the business; the opportunity must take a place)
 *   submitted|shortlisted|interview ──decline──▶ declined   (the business)
 *   submitted|shortlisted|interview ──withdraw──▶ withdrawn (the agent, until approved)
 *
 * Invitation (a business invites an agent; expiresAt = createdAt + 48 h):
 *   pending ──accept (the agent applies, before expiresAt)──▶ accepted
 *   pending ──decline (the agent, before expiresAt)─────────▶ declined
 *   pending ──expire (the sweep, at or after expiresAt)─────▶ expired
 */
import { Either } from "effect";
import { ApplicationTransitionNotAllowed, OpportunityTransitionNotAllowed } from "./errors.ts";
import type {
  Application,
  ApplicationStatus,
  ClosedReason,
  Invitation,
  InvitationStatus,
  Opportunity,
  OpportunityStatus,
} from "./model.ts";

export type OpportunityEventType = "publish" | "pause" | "resume" | "withdraw" | "fill";

export interface OpportunityEvent {
  readonly type: OpportunityEventType;
  readonly at: Date;
}

type OpportunityState = Pick<
  Opportunity,
  "status" | "closedReason" | "placesWanted" | "placesFilled" | "publishedAt"
>;

/** The fields an opportunity transition changes. */
export interface OpportunityChange {
  readonly status: OpportunityStatus;
  readonly closedReason: ClosedReason | null;
  readonly placesFilled: number;
  readonly publishedAt: Date | null;
}

const refuse = (from: OpportunityStatus, event: string, reason: string) =>
  Either.left(new OpportunityTransitionNotAllowed({ from, event, reason }));

/** Applies `event` to an opportunity; Left when its state does not allow it. */
export function opportunityTransition(
  current: OpportunityState,
  event: OpportunityEvent,
): Either.Either<OpportunityChange, OpportunityTransitionNotAllowed> {
  const { status } = current;
  const same = {
    status,
    closedReason: current.closedReason,
    placesFilled: current.placesFilled,
    publishedAt: current.publishedAt,
  };
  switch (event.type) {
    case "publish":
      if (status !== "draft") return refuse(status, "publish", "Only a draft can be published.");
      return Either.right({ ...same, status: "published", publishedAt: event.at });
    case "pause":
      if (status !== "published")
        return refuse(status, "pause", "Only a published opportunity can be paused.");
      return Either.right({ ...same, status: "paused" });
    case "resume":
      if (status !== "paused") return refuse(status, "resume", "Only a paused opportunity can be resumed.");
      return Either.right({ ...same, status: "published" });
    case "withdraw":
      if (status === "closed") return refuse(status, "withdraw", "This opportunity is already closed.");
      return Either.right({ ...same, status: "closed", closedReason: "withdrawn" });
    case "fill": {
      if (status !== "published")
        return refuse(status, "fill", "Only a published opportunity can take on agents.");
      if (current.placesFilled >= current.placesWanted)
        return refuse(status, "fill", "Every place on this opportunity is taken.");
      const placesFilled = current.placesFilled + 1;
      return Either.right(
        placesFilled === current.placesWanted
          ? { ...same, placesFilled, status: "closed", closedReason: "filled" }
          : { ...same, placesFilled },
      );
    }
  }
}

/** True when the opportunity takes applications and invitations now (published only). */
export const takesApplications = (o: Pick<Opportunity, "status">) => o.status === "published";

export type ApplicationEventType = "shortlist" | "interview" | "approve" | "decline" | "withdraw";

export interface ApplicationEvent {
  readonly type: ApplicationEventType;
  /** Who acts: the opportunity's business or the applying agent. */
  readonly by: "business" | "agent";
  readonly at: Date;
}

const refuseApplication = (from: ApplicationStatus, event: string, reason: string) =>
  Either.left(new ApplicationTransitionNotAllowed({ from, event, reason }));

const isOpen = (s: ApplicationStatus) => s === "submitted" || s === "shortlisted" || s === "interview";

/** Applies `event` to an application; Left when the state or the actor does not allow it. */
export function applicationTransition(
  current: Pick<Application, "status">,
  event: ApplicationEvent,
): Either.Either<ApplicationStatus, ApplicationTransitionNotAllowed> {
  const { status } = current;
  const businessOnly = event.type !== "withdraw";
  if (businessOnly && event.by !== "business")
    return refuseApplication(status, event.type, "Only the business can move an application on.");
  if (!businessOnly && event.by !== "agent")
    return refuseApplication(status, event.type, "Only the agent can withdraw an application.");
  switch (event.type) {
    case "shortlist":
      return status === "submitted"
        ? Either.right("shortlisted")
        : refuseApplication(status, "shortlist", "Only a submitted application can be shortlisted.");
    case "interview":
      return status === "shortlisted"
        ? Either.right("interview")
        : refuseApplication(status, "interview", "Only a shortlisted application can go to interview.");
    case "approve":
      return status === "shortlisted" || status === "interview"
        ? Either.right("approved")
        : refuseApplication(status, "approve", "Shortlist an application before approving it.");
    case "decline":
      return isOpen(status)
        ? Either.right("declined")
        : refuseApplication(status, "decline", "Only an open application can be declined.");
    case "withdraw":
      return isOpen(status)
        ? Either.right("withdrawn")
        : refuseApplication(status, "withdraw", "An application can be withdrawn only until it is approved.");
  }
}

export type InvitationEventType = "accept" | "decline" | "expire";

export interface InvitationEvent {
  readonly type: InvitationEventType;
  readonly at: Date;
}

const refuseInvitation = (from: InvitationStatus, event: string, reason: string) =>
  Either.left(new ApplicationTransitionNotAllowed({ from, event, reason }));

/** Applies `event` to an invitation; Left when answered already, or when the clock says otherwise. */
export function invitationTransition(
  current: Pick<Invitation, "status" | "expiresAt">,
  event: InvitationEvent,
): Either.Either<InvitationStatus, ApplicationTransitionNotAllowed> {
  const { status } = current;
  if (status !== "pending")
    return refuseInvitation(status, event.type, "This invitation was already answered.");
  const late = event.at.getTime() >= current.expiresAt.getTime();
  switch (event.type) {
    case "accept":
    case "decline":
      return late
        ? refuseInvitation(status, event.type, "This invitation has expired.")
        : Either.right(event.type === "accept" ? "accepted" : "declined");
    case "expire":
      return late
        ? Either.right("expired")
        : refuseInvitation(status, "expire", "This invitation has not reached its 48 hours yet.");
  }
}
