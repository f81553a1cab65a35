/** Reading reviews (ADR 0013): the caller's /reviews page and anyone's public reviews and reputation. */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { Clock } from "../shared/clock.ts";
import type { UserId } from "../shared/ids.ts";
import { ReviewNotFound } from "./errors.ts";
import { isPublic } from "./model.ts";
import { ReviewRepository } from "./ports.ts";

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
