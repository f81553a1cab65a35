/**
 * Review handlers (issue 22, ADR 0013): see contracts/src/routes/review.routes.ts. Staff routes
 * check the role in core (NotModerator → 403), like the verification queue.
 */
import { reviewRoutes } from "@closr/contracts";
import {
  hideReview,
  isPublic,
  myReviews,
  publicReviews,
  type Reputation,
  type Review,
  replyToReview,
  reportedReviews,
  reportReview,
  submitReview,
} from "@closr/core/review";
import { PartnershipId, ReviewId, UserId } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";

const party = (p: Review["reviewer"]) => ({
  userId: p.userId,
  username: p.username,
  displayName: p.displayName,
  side: p.side,
});

/**
 * Core review → contract JSON at `now` (status from the blind window and moderation). Replies,
 * reports and staff actions only touch public reviews, so they render at the review's
 * publishedAt.
 */
export const reviewJson = (r: Review, now: Date) => ({
  id: r.id,
  partnershipId: r.partnershipId,
  reviewer: party(r.reviewer),
  reviewee: party(r.reviewee),
  rating: r.rating,
  communication: r.communication,
  reliability: r.reliability,
  results: r.results,
  comment: r.comment,
  createdAt: r.createdAt.toISOString(),
  publishedAt: r.publishedAt.toISOString(),
  status: r.hidden ? ("hidden" as const) : isPublic(r, now) ? ("published" as const) : ("blind" as const),
  reply: r.reply ? { text: r.reply.text, createdAt: r.reply.createdAt.toISOString() } : null,
});

/** The staff view: adds private feedback, the report and the hiding. */
const moderatedJson = (r: Review, now: Date) => ({
  ...reviewJson(r, now),
  privateFeedback: r.privateFeedback,
  report: r.report ? { reason: r.report.reason, reportedAt: r.report.reportedAt.toISOString() } : null,
  hidden: r.hidden ? { reason: r.hidden.reason, hiddenAt: r.hidden.hiddenAt.toISOString() } : null,
});

export const reputationJson = (r: Reputation) => ({
  rating: { average: r.rating.average, count: r.rating.count },
  communication: r.communication,
  reliability: r.reliability,
  results: r.results,
  completedPartnerships: r.completedPartnerships,
  responseRate: r.responseRate,
  medianResponseMinutes: r.medianResponseMinutes,
  memberSince: r.memberSince.toISOString(),
});

export function registerReviewRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(signedIn(reviewRoutes.listMyReviews), async (c) =>
    runUseCase(runtime, c, myReviews(c.get("user")), (r) =>
      c.json(
        {
          received: r.received.map((x) => reviewJson(x, r.now)),
          blindReceived: r.blindReceived,
          given: r.given.map((x) => reviewJson(x, r.now)),
          awaiting: r.awaiting.map((a) => ({
            partnershipId: a.partnershipId,
            counterpart: party(a.counterpart),
            opensAt: a.opensAt.toISOString(),
            counterpartReviewed: a.counterpartReviewed,
          })),
        },
        200,
      ),
    ),
  );

  app.openapi(signedIn(reviewRoutes.createReview), async (c) => {
    const input = c.req.valid("json");
    const review = { ...input, privateFeedback: input.privateFeedback ?? null };
    return runUseCase(
      runtime,
      c,
      submitReview(c.get("user"), PartnershipId.make(c.req.valid("param").id), review),
      (r) => c.json(reviewJson(r, r.createdAt), 201),
    );
  });

  app.openapi(signedIn(reviewRoutes.replyToReview), async (c) =>
    runUseCase(
      runtime,
      c,
      replyToReview(c.get("user"), ReviewId.make(c.req.valid("param").id), c.req.valid("json").text),
      (r) => c.json(reviewJson(r, r.publishedAt), 200),
    ),
  );

  app.openapi(signedIn(reviewRoutes.reportReview), async (c) =>
    runUseCase(
      runtime,
      c,
      reportReview(c.get("user"), ReviewId.make(c.req.valid("param").id), c.req.valid("json").reason),
      (r) => c.json(reviewJson(r, r.publishedAt), 200),
    ),
  );

  app.openapi(signedIn(reviewRoutes.getUserReviews), async (c) =>
    runUseCase(runtime, c, publicReviews(UserId.make(c.req.valid("param").id)), (r) =>
      c.json(
        { reputation: reputationJson(r.reputation), reviews: r.reviews.map((x) => reviewJson(x, r.now)) },
        200,
      ),
    ),
  );

  app.openapi(signedIn(reviewRoutes.listReportedReviews), async (c) =>
    runUseCase(runtime, c, reportedReviews(c.get("user")), (items) =>
      c.json({ items: items.map((r) => moderatedJson(r, r.publishedAt)) }, 200),
    ),
  );

  app.openapi(signedIn(reviewRoutes.hideReview), async (c) =>
    runUseCase(
      runtime,
      c,
      hideReview(c.get("user"), ReviewId.make(c.req.valid("param").id), c.req.valid("json").reason),
      (r) => c.json(moderatedJson(r, r.publishedAt), 200),
    ),
  );
}
