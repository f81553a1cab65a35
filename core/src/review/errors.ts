/** Review tagged errors (mapped to problems in services/api/src/http/problem.ts). */
import { Data } from "effect";

/**
 * The caller may not review this partnership (403): they were not part of it ("not-partner",
 * also for an unknown partnership so ids reveal nothing), or it has not yet been active for 14
 * days and has not ended ("too-early", with the date it opens).
 */
export class ReviewNotAllowed extends Data.TaggedError("ReviewNotAllowed")<{
  readonly reason: "not-partner" | "too-early";
  readonly opensAt: Date | null;
}> {}

/** The caller already reviewed this partnership (409; reviews cannot be edited). */
export class ReviewAlreadySubmitted extends Data.TaggedError("ReviewAlreadySubmitted")<
  Record<never, never>
> {}

/** No such review visible to the caller (404). */
export class ReviewNotFound extends Data.TaggedError("ReviewNotFound")<{ readonly id: number }> {}

/** The review already has its one reply (409). */
export class ReviewReplyExists extends Data.TaggedError("ReviewReplyExists")<Record<never, never>> {}

/** Fields that break the review rules (422), each with its message. */
export class InvalidReview extends Data.TaggedError("InvalidReview")<{
  readonly errors: ReadonlyArray<{ readonly field: string; readonly message: string }>;
}> {}

/** Only staff (role admin) may moderate (403). */
export class NotModerator extends Data.TaggedError("NotModerator")<Record<never, never>> {}

/** Every tagged error the review context fails with. */
export type ReviewError =
  | ReviewNotAllowed
  | ReviewAlreadySubmitted
  | ReviewNotFound
  | ReviewReplyExists
  | InvalidReview
  | NotModerator;
