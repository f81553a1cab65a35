/**
 * The verification state machine (spec §4 Verification request; issue 12): pure, no I/O,
 * time comes in.
 *
 *   submitted ──start_review──▶ under_review
 *   under_review ──approve──────────▶ approved           (reviewedAt = at; final)
 *   under_review ──reject (reason)──▶ rejected           (reviewedAt = at; final)
 *   under_review ──request_changes (reason)──▶ changes_requested (reviewedAt = at)
 *   changes_requested ──resubmit──▶ submitted            (submittedAt = at, reviewedAt cleared)
 *
 * Every other status × event pair is a VerificationTransitionNotAllowed.
 */
import { Either } from "effect";
import type { UserId } from "../shared/ids.ts";
import {
  OwnVerificationRequest,
  type VerificationEventType,
  VerificationTransitionNotAllowed,
} from "./errors.ts";
import type { VerificationRequest, VerificationRequestStatus } from "./model.ts";

export type VerificationEvent =
  | { readonly type: "start_review"; readonly by: UserId; readonly at: Date }
  | { readonly type: "approve"; readonly by: UserId; readonly at: Date; readonly note?: string | undefined }
  | { readonly type: "reject"; readonly by: UserId; readonly at: Date; readonly reason: string }
  | { readonly type: "request_changes"; readonly by: UserId; readonly at: Date; readonly reason: string }
  | { readonly type: "resubmit"; readonly at: Date };

/** The fields a transition changes. */
export interface VerificationChange {
  readonly status: VerificationRequestStatus;
  readonly submittedAt: Date;
  readonly reviewedAt: Date | null;
  readonly reviewedBy: UserId | null;
  readonly adminNotes: string | null;
}

/** The only legal source status of each event, and where it leads. */
export const transitions: Readonly<
  Record<
    VerificationEventType,
    { readonly from: VerificationRequestStatus; readonly to: VerificationRequestStatus }
  >
> = {
  start_review: { from: "submitted", to: "under_review" },
  approve: { from: "under_review", to: "approved" },
  reject: { from: "under_review", to: "rejected" },
  request_changes: { from: "under_review", to: "changes_requested" },
  resubmit: { from: "changes_requested", to: "submitted" },
};

const sourceWords: Record<VerificationRequestStatus, string> = {
  submitted: "a submitted request",
  under_review: "a request under review",
  changes_requested: "a request waiting for changes",
  approved: "an approved request",
  rejected: "a rejected request",
};

/** The reviewer fields a staff decision (approve, reject, request changes) records. */
const decided = (event: { readonly by: UserId; readonly at: Date }, adminNotes: string | null) => ({
  reviewedAt: event.at,
  reviewedBy: event.by,
  adminNotes,
});

/** Applies `event` to `current`; Left when the event is not allowed from its status. */
export function transition(
  current: Pick<VerificationRequest, "status" | "submittedAt" | "reviewedAt" | "reviewedBy" | "adminNotes">,
  event: VerificationEvent,
): Either.Either<VerificationChange, VerificationTransitionNotAllowed> {
  const rule = transitions[event.type];
  if (current.status !== rule.from)
    return Either.left(
      new VerificationTransitionNotAllowed({
        from: current.status,
        event: event.type,
        reason: `Only ${sourceWords[rule.from]} can be ${pastTense[event.type]}; this one is ${current.status.replace("_", " ")}.`,
      }),
    );
  switch (event.type) {
    case "start_review":
      return Either.right({ ...pick(current), status: rule.to });
    case "approve":
      return Either.right({
        ...pick(current),
        status: rule.to,
        ...decided(event, event.note?.trim() || null),
      });
    case "reject":
    case "request_changes":
      return Either.right({ ...pick(current), status: rule.to, ...decided(event, event.reason.trim()) });
    case "resubmit":
      return Either.right({
        status: rule.to,
        submittedAt: event.at,
        reviewedAt: null,
        reviewedBy: null,
        adminNotes: current.adminNotes,
      });
  }
}

/**
 * Who may take a staff action (start review, approve, reject, request changes) on `request`:
 * anyone but its applicant (four eyes). Left OwnVerificationRequest when `reviewer` applied.
 */
export function reviewerMayAct(
  request: Pick<VerificationRequest, "id" | "userId">,
  reviewer: UserId,
): Either.Either<void, OwnVerificationRequest> {
  return request.userId === reviewer
    ? Either.left(new OwnVerificationRequest({ id: request.id }))
    : Either.right(undefined);
}

const pick = (c: Pick<VerificationRequest, "submittedAt" | "reviewedAt" | "reviewedBy" | "adminNotes">) => ({
  submittedAt: c.submittedAt,
  reviewedAt: c.reviewedAt,
  reviewedBy: c.reviewedBy,
  adminNotes: c.adminNotes,
});

const pastTense: Record<VerificationEventType, string> = {
  start_review: "taken into review",
  approve: "approved",
  reject: "rejected",
  request_changes: "sent back for changes",
  resubmit: "resubmitted",
};
