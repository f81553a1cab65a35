/** Staff moderation (ADR 0013): the reported queue and hiding a review with a reason (audit-logged). */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { AuditLog } from "../shared/audit.ts";
import { Clock } from "../shared/clock.ts";
import type { ReviewId } from "../shared/ids.ts";
import { InvalidReview, NotModerator, ReviewNotFound } from "./errors.ts";
import { type Review, reasonMax } from "./model.ts";
import { ReviewRepository } from "./ports.ts";
import { isStaff } from "./review-access.ts";

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
