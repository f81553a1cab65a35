/** The reviewee's one reply, and reporting a public review to staff (ADR 0013). */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { Clock } from "../shared/clock.ts";
import type { ReviewId } from "../shared/ids.ts";
import { InvalidReview, ReviewNotFound, ReviewReplyExists } from "./errors.ts";
import { isPublic, reasonMax, replyMax } from "./model.ts";
import { ReviewRepository } from "./ports.ts";
import { isStaff } from "./review-access.ts";

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
