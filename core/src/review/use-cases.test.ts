import { Effect, Either, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { aUser } from "../identity/testing/index.ts";
import { AppUrl } from "../shared/app-url.ts";
import { makeTestClock } from "../shared/clock.ts";
import { PartnershipId, ReviewId, UserId } from "../shared/ids.ts";
import { type Email, Mailer } from "../shared/mailer.ts";
import { makeAuditLogMemory } from "../shared/testing.ts";
import type { NewReview } from "./model.ts";
import { hideReview, reportedReviews } from "./moderate-reviews.ts";
import { myReviews, publicReviews } from "./read-reviews.ts";
import { replyToReview, reportReview } from "./respond-to-review.ts";
import { sendReviewReminders } from "./review-sweeps.ts";
import { submitReview } from "./submit-review.ts";
import { aReviewablePartnership, makeReviewMemory } from "./testing/index.ts";

const now = new Date("2026-11-28T00:00:00Z");
const day = 86_400_000;
const business = aUser(1, "business");
const agent = aUser(2, "agent");
const stranger = aUser(3, "agent");
const staff = aUser(4, "business", { role: "admin" });
const partnershipId = PartnershipId.make(7);

const aReview = (overrides: Partial<NewReview> = {}): NewReview => ({
  rating: 5,
  communication: 4,
  reliability: 5,
  results: 4,
  comment: "Sam closed three deals in the first month.",
  privateFeedback: null,
  ...overrides,
});

/** The review store, audit log, mail recorder and a clock fixed at `now` (movable). */
const world = (partnership = aReviewablePartnership()) => {
  const memory = makeReviewMemory(
    [partnership],
    [
      {
        partnershipId,
        userId: UserId.make(2),
        email: "sam@example.com",
        username: "sam",
        counterpart: "Acme Solar",
        days: 3,
      },
    ],
  );
  const audit = makeAuditLogMemory();
  const clock = makeTestClock(now);
  const mails: Email[] = [];
  const layer = Layer.mergeAll(
    memory.layer,
    audit.layer,
    clock.layer,
    Layer.succeed(Mailer, { send: (mail) => Effect.sync(() => void mails.push(mail)) }),
    Layer.succeed(AppUrl, { origin: "https://closr.test" }),
  );
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, layer) as Effect.Effect<A, E, never>));
  return { memory, audit, clock, mails, run };
};

const leftTag = (result: Either.Either<unknown, { readonly _tag: string }>) =>
  Either.isLeft(result) ? result.left._tag : "Right";

describe("review use cases", () => {
  it("a party reviews the other side once; the review stays blind for 14 days", async () => {
    const { run } = world();
    const review = Either.getOrThrow(
      await run(submitReview(business, partnershipId, aReview({ privateFeedback: "  " }))),
    );
    expect(review).toMatchObject({ reviewer: { userId: 1 }, reviewee: { userId: 2 }, privateFeedback: null });
    expect(review.publishedAt).toEqual(new Date(now.getTime() + 14 * day));
    expect(leftTag(await run(submitReview(business, partnershipId, aReview())))).toBe(
      "ReviewAlreadySubmitted",
    );
  });

  it("when both sides reviewed, both reviews become public at once", async () => {
    const { run, memory } = world();
    await run(submitReview(business, partnershipId, aReview()));
    await run(submitReview(agent, partnershipId, aReview({ rating: 4 })));
    expect(memory.reviews.map((r) => r.publishedAt)).toEqual([now, now]);
  });

  it("ReviewNotAllowed for a stranger, an unknown partnership and before 14 active days", async () => {
    const { run } = world();
    const notPartner = await run(submitReview(stranger, partnershipId, aReview()));
    expect(Either.isLeft(notPartner) && notPartner.left).toMatchObject({
      _tag: "ReviewNotAllowed",
      reason: "not-partner",
    });
    expect(leftTag(await run(submitReview(business, PartnershipId.make(99), aReview())))).toBe(
      "ReviewNotAllowed",
    );
    const recent = world(aReviewablePartnership({ startDate: new Date(now.getTime() - 3 * day) }));
    const early = await recent.run(submitReview(business, partnershipId, aReview()));
    expect(Either.isLeft(early) && early.left).toMatchObject({
      _tag: "ReviewNotAllowed",
      reason: "too-early",
      opensAt: new Date(now.getTime() + 11 * day),
    });
  });

  it("InvalidReview names each bad rating and a short comment", async () => {
    const { run } = world();
    const bad = await run(
      submitReview(business, partnershipId, aReview({ rating: 0, results: 6, comment: "too short" })),
    );
    expect(Either.isLeft(bad) && bad.left).toMatchObject({
      _tag: "InvalidReview",
      errors: [
        { field: "rating", message: "Choose a rating from 1 to 5" },
        { field: "results", message: "Choose a rating from 1 to 5" },
        { field: "comment", message: "Comment must be 20 to 2,000 characters" },
      ],
    });
  });

  it("the reviewee replies once to a public review; others and blind reviews get ReviewNotFound", async () => {
    const { run, clock } = world();
    const review = Either.getOrThrow(await run(submitReview(business, partnershipId, aReview())));
    expect(leftTag(await run(replyToReview(agent, review.id, "Thanks!")))).toBe("ReviewNotFound");
    clock.advance(15 * day);
    expect(leftTag(await run(replyToReview(stranger, review.id, "Thanks!")))).toBe("ReviewNotFound");
    expect(leftTag(await run(replyToReview(agent, review.id, "   ")))).toBe("InvalidReview");
    expect(Either.getOrThrow(await run(replyToReview(agent, review.id, " Thanks! "))).reply?.text).toBe(
      "Thanks!",
    );
    expect(leftTag(await run(replyToReview(agent, review.id, "Again")))).toBe("ReviewReplyExists");
    expect(leftTag(await run(replyToReview(agent, ReviewId.make(99), "x")))).toBe("ReviewNotFound");
  });

  it("anyone who sees a public review may report it with a reason; staff see the queue and hide it (audited)", async () => {
    const { run, clock, audit } = world();
    const review = Either.getOrThrow(await run(submitReview(business, partnershipId, aReview())));
    clock.advance(15 * day);
    expect(leftTag(await run(reportReview(stranger, review.id, "")))).toBe("InvalidReview");
    Either.getOrThrow(await run(reportReview(stranger, review.id, "Spam")));
    expect(leftTag(await run(reportedReviews(agent)))).toBe("NotModerator");
    expect(Either.getOrThrow(await run(reportedReviews(staff))).map((r) => r.id)).toEqual([review.id]);
    expect(leftTag(await run(hideReview(agent, review.id, "Spam")))).toBe("NotModerator");
    expect(leftTag(await run(hideReview(staff, review.id, " ")))).toBe("InvalidReview");
    expect(leftTag(await run(hideReview(staff, ReviewId.make(99), "Spam")))).toBe("ReviewNotFound");
    const hidden = Either.getOrThrow(await run(hideReview(staff, review.id, "Spam")));
    expect(hidden.hidden?.reason).toBe("Spam");
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: "review.hidden",
        subjectId: String(review.id),
        before: { hidden: null, report: { reason: "Spam" } },
      }),
    ]);
  });

  it("my reviews show public received ones and count the blind ones; public reviews need a known user", async () => {
    const { run } = world();
    await run(submitReview(business, partnershipId, aReview()));
    const mine = Either.getOrThrow(await run(myReviews(agent)));
    expect(mine).toMatchObject({ received: [], blindReceived: 1, given: [] });
    expect(Either.getOrThrow(await run(publicReviews(UserId.make(2)))).reviews).toEqual([]);
    expect(leftTag(await run(publicReviews(UserId.make(99))))).toBe("ReviewNotFound");
  });

  it("the reminder sweep emails each due reminder once, with a link to /reviews", async () => {
    const { run, mails, memory } = world();
    expect(Either.getOrThrow(await run(sendReviewReminders()))).toBe(1);
    expect(mails).toEqual([
      expect.objectContaining({
        to: "sam@example.com",
        subject: "How did your partnership with Acme Solar go?",
        action: { label: "Write a review", url: "https://closr.test/reviews" },
      }),
    ]);
    expect(memory.reminded).toHaveLength(1);
    expect(Either.getOrThrow(await run(sendReviewReminders()))).toBe(0);
  });
});
