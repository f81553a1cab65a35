/** Review ports. Infrastructure failures are defects; the error channel holds domain errors. */
import { Context, type Effect, type Option } from "effect";
import type { Party } from "../partnership/index.ts";
import type { PartnershipId, ReviewId, UserId } from "../shared/ids.ts";
import type { RatingSummary } from "../shared/reputation.ts";
import type { ReviewAlreadySubmitted, ReviewReplyExists } from "./errors.ts";
import type {
  AwaitingReview,
  NewReview,
  Reputation,
  Responses,
  Review,
  ReviewablePartnership,
} from "./model.ts";

/** A reminder to send: the user may review `partnershipId` and has not, `days` after it opened. */
export interface DueReminder {
  readonly partnershipId: PartnershipId;
  readonly userId: UserId;
  readonly email: string;
  readonly username: string;
  readonly counterpart: string;
  readonly days: 3 | 10;
}

export class ReviewRepository extends Context.Tag("review/ReviewRepository")<
  ReviewRepository,
  {
    /** The partnership with both parties (user ids and display names), for the eligibility rules. */
    readonly partnership: (id: PartnershipId) => Effect.Effect<Option.Option<ReviewablePartnership>>;
    /**
     * Stores the review in one transaction: published 14 days after `now`, unless the other side
     * has already reviewed, in which case both reviews are published at `now` (double blind).
     * Fails with ReviewAlreadySubmitted when the reviewer has reviewed this partnership (unique
     * index, also under races). Reputation is refreshed for reviews that became public.
     */
    readonly submit: (
      partnership: ReviewablePartnership,
      side: Party,
      review: NewReview,
      now: Date,
    ) => Effect.Effect<Review, ReviewAlreadySubmitted>;
    readonly findById: (id: ReviewId) => Effect.Effect<Option.Option<Review>>;
    /** Sets the one reply; ReviewReplyExists when it already has one (also under races). */
    readonly reply: (id: ReviewId, text: string, now: Date) => Effect.Effect<Review, ReviewReplyExists>;
    readonly report: (id: ReviewId, by: UserId, reason: string, now: Date) => Effect.Effect<Review>;
    /** Hides the review with a reason and refreshes the reviewee's reputation. */
    readonly hide: (id: ReviewId, by: UserId, reason: string, now: Date) => Effect.Effect<Review>;
    /** Reviews the user received (all, public or not; the use case filters), newest first. */
    readonly received: (userId: UserId) => Effect.Effect<readonly Review[]>;
    /** Reviews the user wrote, newest first. */
    readonly given: (userId: UserId) => Effect.Effect<readonly Review[]>;
    /** Public reviews of the user at `now`, newest first, at most `limit`. */
    readonly publicFor: (userId: UserId, now: Date, limit: number) => Effect.Effect<readonly Review[]>;
    /** Partnerships the user may review at `now` and has not. */
    readonly awaiting: (userId: UserId, now: Date) => Effect.Effect<readonly AwaitingReview[]>;
    /** Reported reviews not yet hidden, oldest report first (the staff queue). */
    readonly reported: () => Effect.Effect<readonly Review[]>;
    /** Folds reviews whose blind window ended by `now` into reputations; returns how many. */
    readonly publishDue: (now: Date) => Effect.Effect<number>;
    /** Reputation figures of the user at `now`. */
    readonly reputation: (userId: UserId, now: Date) => Effect.Effect<Option.Option<Reputation>>;
    /** The rating part of `reputation` for several users at once (users without reviews are absent). */
    readonly ratings: (
      userIds: readonly UserId[],
      now: Date,
    ) => Effect.Effect<ReadonlyMap<UserId, RatingSummary>>;
    /**
     * The response part of `reputation`: all time, or requests and first messages within
     * `range` (inclusive Australia/Sydney dates, `yyyy-MM-dd`).
     */
    readonly responses: (
      userId: UserId,
      range?: { readonly from: string; readonly to: string },
    ) => Effect.Effect<Responses>;
    /** Reminders due at `now` (3 and 10 days after reviewing opened; each sent once). */
    readonly dueReminders: (now: Date) => Effect.Effect<readonly DueReminder[]>;
    readonly markReminded: (reminder: DueReminder, now: Date) => Effect.Effect<void>;
  }
>() {}
