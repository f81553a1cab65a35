/** Submitting a review of a partnership's other side (ADR 0013): once, after 14 active days or the end. */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { Clock } from "../shared/clock.ts";
import type { PartnershipId } from "../shared/ids.ts";
import { InvalidReview, ReviewNotAllowed } from "./errors.ts";
import { commentMax, commentMin, type NewReview, reviewOpensAt } from "./model.ts";
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
