/**
 * In-memory ReviewRepository for unit tests. Like the Postgres adapter: one review per reviewer
 * and partnership (ReviewAlreadySubmitted), double blind (published 14 days later, or at once for
 * both when the other side already reviewed), one reply (ReviewReplyExists). Reputation is the
 * plain rating summary of the public reviews; responsiveness and reminders are what the test sets.
 */
import { Effect, Layer, Option } from "effect";
import type { PartnershipId, UserId } from "../../shared/ids.ts";
import { ReviewId } from "../../shared/ids.ts";
import { ratingSummary } from "../../shared/reputation.ts";
import { ReviewAlreadySubmitted, ReviewReplyExists } from "../errors.ts";
import { blindUntil, isPublic, type Review, type ReviewablePartnership, type ReviewParty } from "../model.ts";
import { type DueReminder, ReviewRepository } from "../ports.ts";

const day = 86_400_000;

/** A party (object mother): business user 1 "Acme Solar" or agent user 2 "Sam Agent". */
export const aReviewParty = (side: "business" | "agent"): ReviewParty =>
  side === "business"
    ? { userId: 1 as UserId, username: "acme", displayName: "Acme Solar", side }
    : { userId: 2 as UserId, username: "sam", displayName: "Sam Agent", side };

/** A partnership active since `startDate` (default 30 days before 2026-11-28). */
export const aReviewablePartnership = (
  overrides: Partial<ReviewablePartnership> = {},
): ReviewablePartnership => ({
  id: 7 as PartnershipId,
  status: "active",
  startDate: new Date(Date.parse("2026-11-28T00:00:00Z") - 30 * day),
  endDate: null,
  business: aReviewParty("business"),
  agent: aReviewParty("agent"),
  ...overrides,
});

export function makeReviewMemory(
  partnerships: readonly ReviewablePartnership[] = [aReviewablePartnership()],
  reminders: DueReminder[] = [],
) {
  const reviews: Review[] = [];
  const reminded: DueReminder[] = [];
  const update = (id: ReviewId, change: (review: Review) => Review) => {
    const index = reviews.findIndex((review) => review.id === id);
    const next = change(reviews[index] as Review);
    reviews[index] = next;
    return next;
  };
  const layer = Layer.succeed(ReviewRepository, {
    partnership: (id) => Effect.sync(() => Option.fromNullable(partnerships.find((p) => p.id === id))),
    submit: (partnership, side, review, now) =>
      Effect.suspend(() => {
        const reviewer = side === "business" ? partnership.business : partnership.agent;
        const reviewee = side === "business" ? partnership.agent : partnership.business;
        const mine = (r: Review) => r.partnershipId === partnership.id;
        if (reviews.some((r) => mine(r) && r.reviewer.userId === reviewer.userId))
          return Effect.fail(new ReviewAlreadySubmitted());
        const other = reviews.findIndex((r) => mine(r) && r.reviewer.userId === reviewee.userId);
        if (other >= 0) reviews[other] = { ...(reviews[other] as Review), publishedAt: now };
        const stored: Review = {
          ...review,
          id: ReviewId.make(reviews.length + 1),
          partnershipId: partnership.id,
          reviewer,
          reviewee,
          createdAt: now,
          publishedAt: other >= 0 ? now : blindUntil(now),
          reply: null,
          report: null,
          hidden: null,
        };
        reviews.push(stored);
        return Effect.succeed(stored);
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(reviews.find((r) => r.id === id))),
    reply: (id, text, now) =>
      Effect.suspend(() =>
        reviews.find((r) => r.id === id)?.reply
          ? Effect.fail(new ReviewReplyExists())
          : Effect.succeed(update(id, (r) => ({ ...r, reply: { text, createdAt: now } }))),
      ),
    report: (id, _by, reason, now) =>
      Effect.sync(() => update(id, (r) => ({ ...r, report: { reason, reportedAt: now } }))),
    hide: (id, _by, reason, now) =>
      Effect.sync(() => update(id, (r) => ({ ...r, hidden: { reason, hiddenAt: now } }))),
    received: (userId) => Effect.sync(() => reviews.filter((r) => r.reviewee.userId === userId).reverse()),
    given: (userId) => Effect.sync(() => reviews.filter((r) => r.reviewer.userId === userId).reverse()),
    publicFor: (userId, now, limit) =>
      Effect.sync(() =>
        reviews
          .filter((r) => r.reviewee.userId === userId && isPublic(r, now))
          .reverse()
          .slice(0, limit),
      ),
    awaiting: () => Effect.succeed([]),
    reported: () => Effect.sync(() => reviews.filter((r) => r.report !== null && r.hidden === null)),
    publishDue: (now) =>
      Effect.sync(() => reviews.filter((r) => r.publishedAt.getTime() <= now.getTime()).length),
    reputation: (userId, now) =>
      Effect.sync(() => {
        const known = partnerships.some((p) => p.business.userId === userId || p.agent.userId === userId);
        if (!known) return Option.none();
        const visible = reviews.filter((r) => r.reviewee.userId === userId && isPublic(r, now));
        const sum = visible.reduce((total, r) => total + r.rating, 0);
        return Option.some({
          rating: ratingSummary(sum, visible.length),
          communication: null,
          reliability: null,
          results: null,
          completedPartnerships: partnerships.length,
          responseRate: null,
          medianResponseMinutes: null,
          memberSince: new Date(0),
        });
      }),
    ratings: () => Effect.succeed(new Map()),
    responses: () =>
      Effect.succeed({
        requestsReceived: 0,
        requestsAnswered: 0,
        requestMedianMinutes: null,
        conversationsStarted: 0,
        conversationsAnswered: 0,
        messageMedianMinutes: null,
        responseRate: null,
        medianResponseMinutes: null,
      }),
    dueReminders: () => Effect.sync(() => reminders.filter((r) => !reminded.includes(r))),
    markReminded: (reminder) => Effect.sync(() => void reminded.push(reminder)),
  });
  return { layer, reviews, reminded };
}
