/**
 * Review use cases (issue 22, ADR 0013): submit a review of a partnership's other side, reply
 * once to a review received, report a review, read one's reviews (received, given, awaiting) and
 * anyone's public reviews and reputation; staff read the reported queue and hide a review with a
 * reason (audit-logged); two sweeps: publish reviews whose blind window ended, and send the 3-
 * and 10-day reminder emails. Times come from the Clock, so tests move the 14-day windows.
 */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { AppUrl } from "../shared/app-url.ts";
import { AuditLog } from "../shared/audit.ts";
import { Clock } from "../shared/clock.ts";
import type { PartnershipId, ReviewId, UserId } from "../shared/ids.ts";
import { Mailer } from "../shared/mailer.ts";
import { atomically } from "../shared/unit-of-work.ts";
import {
  InvalidReview,
  NotModerator,
  ReviewNotAllowed,
  ReviewNotFound,
  ReviewReplyExists,
} from "./errors.ts";
import {
  commentMax,
  commentMin,
  isPublic,
  type NewReview,
  type Review,
  reasonMax,
  replyMax,
  reviewOpensAt,
} from "./model.ts";
import { ReviewRepository } from "./ports.ts";

type FieldError = { readonly field: string; readonly message: string };

const ratingFields = ["rating", "communication", "reliability", "results"] as const;

/** Checks the ratings (whole 1–5) and the comment (20–2,000 characters after trimming). */
export function checkReview(input: NewReview): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of ratingFields) {
    const value = input[field];
    if (!Number.isInteger(value) || value < 1 || value > 5)
      errors.push({ field, message: "Choose a rating from 1 to 5" });
  }
  const comment = input.comment.trim();
  if (comment.length < commentMin || comment.length > commentMax)
    errors.push({ field: "comment", message: "Comment must be 20 to 2,000 characters" });
  if ((input.privateFeedback ?? "").length > commentMax)
    errors.push({ field: "privateFeedback", message: "Private feedback must be at most 2,000 characters" });
  return errors;
}

const isStaff = (user: User) => user.role === "admin";

/**
 * Reviews the other side of a partnership the caller was part of, once, after it has been active
 * for 14 days or has ended. Errors: ReviewNotAllowed (403), ReviewAlreadySubmitted (409),
 * InvalidReview (422).
 */
export const submitReview = Effect.fn("review.submitReview")(function* (
  user: User,
  partnershipId: PartnershipId,
  input: NewReview,
) {
  const repository = yield* ReviewRepository;
  const now = yield* (yield* Clock).now;
  const found = yield* repository.partnership(partnershipId);
  if (Option.isNone(found)) return yield* new ReviewNotAllowed({ reason: "not-partner", opensAt: null });
  const partnership = found.value;
  const side =
    partnership.business.userId === user.id
      ? "business"
      : partnership.agent.userId === user.id
        ? "agent"
        : null;
  if (side === null) return yield* new ReviewNotAllowed({ reason: "not-partner", opensAt: null });
  const opensAt = reviewOpensAt(partnership);
  if (opensAt === null || opensAt.getTime() > now.getTime())
    return yield* new ReviewNotAllowed({ reason: "too-early", opensAt });
  const errors = checkReview(input);
  if (errors.length > 0) return yield* new InvalidReview({ errors });
  const privateFeedback = input.privateFeedback?.trim() || null;
  return yield* repository.submit(
    partnership,
    side,
    { ...input, comment: input.comment.trim(), privateFeedback },
    now,
  );
});

/** A review the caller may see: public, or their own (as reviewer), or any for staff. */
const visibleReview = Effect.fn("review.visibleReview")(function* (user: User, id: ReviewId) {
  const now = yield* (yield* Clock).now;
  const found = yield* (yield* ReviewRepository).findById(id);
  if (Option.isNone(found)) return yield* new ReviewNotFound({ id });
  const review = found.value;
  if (isPublic(review, now) || review.reviewer.userId === user.id || isStaff(user)) return review;
  return yield* new ReviewNotFound({ id });
});

/** The reviewee's one public reply to a public review. Errors: ReviewNotFound, ReviewReplyExists, InvalidReview. */
export const replyToReview = Effect.fn("review.replyToReview")(function* (
  user: User,
  id: ReviewId,
  text: string,
) {
  const now = yield* (yield* Clock).now;
  const review = yield* visibleReview(user, id);
  if (review.reviewee.userId !== user.id || !isPublic(review, now)) return yield* new ReviewNotFound({ id });
  if (review.reply) return yield* new ReviewReplyExists();
  const reply = text.trim();
  if (reply.length < 1 || reply.length > replyMax)
    return yield* new InvalidReview({
      errors: [{ field: "reply", message: "Reply must be 1 to 2,000 characters" }],
    });
  return yield* (yield* ReviewRepository).reply(id, reply, now);
});

/** Reports a public review to staff with a reason (any signed-in user who can see it). */
export const reportReview = Effect.fn("review.reportReview")(function* (
  user: User,
  id: ReviewId,
  reason: string,
) {
  const now = yield* (yield* Clock).now;
  const review = yield* visibleReview(user, id);
  if (!isPublic(review, now)) return yield* new ReviewNotFound({ id });
  const text = reason.trim();
  if (text.length < 1 || text.length > reasonMax)
    return yield* new InvalidReview({
      errors: [{ field: "reason", message: "Reason must be 1 to 1,000 characters" }],
    });
  return yield* (yield* ReviewRepository).report(id, user.id, text, now);
});

/** The caller's /reviews page: public reviews received, reviews given, partnerships awaiting a review. */
export const myReviews = Effect.fn("review.myReviews")(function* (user: User) {
  const repository = yield* ReviewRepository;
  const now = yield* (yield* Clock).now;
  const [received, given, awaiting] = yield* Effect.all([
    repository.received(user.id),
    repository.given(user.id),
    repository.awaiting(user.id, now),
  ]);
  return {
    received: received.filter((r) => isPublic(r, now)),
    /** Received reviews still blind (counted, not shown). */
    blindReceived: received.filter((r) => r.hidden === null && !isPublic(r, now)).length,
    given,
    awaiting,
    now,
  };
});

/** A user's public reviews (newest 20) and reputation, for profiles and cards. */
export const publicReviews = Effect.fn("review.publicReviews")(function* (userId: UserId) {
  const repository = yield* ReviewRepository;
  const now = yield* (yield* Clock).now;
  const reputation = yield* repository.reputation(userId, now);
  if (Option.isNone(reputation)) return yield* new ReviewNotFound({ id: userId });
  return { reviews: yield* repository.publicFor(userId, now, 20), reputation: reputation.value, now };
});

/** Staff: the reported reviews not yet hidden. Errors: NotModerator (403). */
export const reportedReviews = Effect.fn("review.reportedReviews")(function* (user: User) {
  if (!isStaff(user)) return yield* new NotModerator();
  return yield* (yield* ReviewRepository).reported();
});

const auditSnapshot = (r: Review) => ({
  hidden: r.hidden ? { reason: r.hidden.reason, hiddenAt: r.hidden.hiddenAt.toISOString() } : null,
  report: r.report ? { reason: r.report.reason } : null,
});

/** Staff: hides a review with a reason; recorded in the audit log. Errors: NotModerator, ReviewNotFound, InvalidReview. */
export const hideReview = Effect.fn("review.hideReview")(function* (
  user: User,
  id: ReviewId,
  reason: string,
) {
  if (!isStaff(user)) return yield* new NotModerator();
  const text = reason.trim();
  if (text.length < 1 || text.length > reasonMax)
    return yield* new InvalidReview({
      errors: [{ field: "reason", message: "Reason must be 1 to 1,000 characters" }],
    });
  const repository = yield* ReviewRepository;
  const found = yield* repository.findById(id);
  if (Option.isNone(found)) return yield* new ReviewNotFound({ id });
  const now = yield* (yield* Clock).now;
  const hidden = yield* repository.hide(id, user.id, text, now);
  yield* (yield* AuditLog).record({
    actorUserId: user.id,
    action: "review.hidden",
    subjectType: "review",
    subjectId: String(id),
    before: auditSnapshot(found.value),
    after: auditSnapshot(hidden),
  });
  return hidden;
});

/** Sweep: folds reviews whose blind window has ended into reputations (run by the worker). */
export const publishDueReviews = Effect.fn("review.publishDueReviews")(function* () {
  const now = yield* (yield* Clock).now;
  return yield* (yield* ReviewRepository).publishDue(now);
});

/**
 * Sweep: emails each user who may review a partnership and has not, 3 and 10 days after it
 * became possible (each reminder once). Best effort per email; returns how many were sent.
 */
export const sendReviewReminders = Effect.fn("review.sendReviewReminders")(function* () {
  const repository = yield* ReviewRepository;
  const mailer = yield* Mailer;
  const { origin } = yield* AppUrl;
  const now = yield* (yield* Clock).now;
  const due = yield* repository.dueReminders(now);
  for (const reminder of due) {
    yield* mailer
      .send({
        to: reminder.email,
        subject: `How did your partnership with ${reminder.counterpart} go?`,
        text: `Hi ${reminder.username},\n\nYou can now review your partnership with ${reminder.counterpart}. Reviews stay hidden until you have both reviewed, or for 14 days, so you can be candid.`,
        action: { label: "Write a review", url: `${origin}/reviews` },
      })
      .pipe(Effect.catchAllDefect(() => Effect.void));
    yield* repository.markReminded(reminder, now);
  }
  return due.length;
}, atomically);
