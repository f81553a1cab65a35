/**
 * Review routes (issue 22, ADR 0013): the caller's reviews, submitting a review of a partnership,
 * the one reply, reports, a user's public reviews and reputation, and the staff moderation queue.
 */
import { createRoute } from "@hono/zod-openapi";
import { IdParam } from "../common.ts";
import {
  CreateReviewRequest,
  ModeratedReview,
  MyReviews,
  ReportedReviewList,
  Review,
  ReviewReasonRequest,
  ReviewReplyRequest,
  UserReviews,
} from "../review.ts";
import { body, json, signedInProblems, signedInWriteProblems } from "./route-helpers.ts";

export const listMyReviews = createRoute({
  method: "get",
  path: "/api/reviews",
  operationId: "listMyReviews",
  tags: ["reviews"],
  summary: "The caller's reviews: received (public), given, and partnerships awaiting their review",
  responses: {
    200: json(MyReviews, "The caller's reviews"),
    ...signedInProblems(),
  },
});

export const createReview = createRoute({
  method: "post",
  path: "/api/partnerships/{id}/reviews",
  operationId: "createReview",
  tags: ["reviews"],
  summary: "Review the other side of a partnership (once; double blind)",
  description:
    "Open to both sides once the partnership has been active for 14 days or has ended (403 review-not-allowed otherwise, also for anyone who was not part of it). One review per side (409 review-exists). The review stays blind until the other side reviews or 14 days pass.",
  request: { params: IdParam, ...body(CreateReviewRequest) },
  responses: {
    201: json(Review, "The review (blind until both reviewed or 14 days passed)"),
    ...signedInWriteProblems("review-not-allowed", "review-exists"),
  },
});

export const replyToReview = createRoute({
  method: "post",
  path: "/api/reviews/{id}/reply",
  operationId: "replyToReview",
  tags: ["reviews"],
  summary: "The reviewee's one public reply",
  request: { params: IdParam, ...body(ReviewReplyRequest) },
  responses: {
    200: json(Review, "The review with its reply"),
    ...signedInWriteProblems("not-found", "review-reply-exists"),
  },
});

export const reportReview = createRoute({
  method: "post",
  path: "/api/reviews/{id}/report",
  operationId: "reportReview",
  tags: ["reviews"],
  summary: "Report a public review to Closr staff",
  request: { params: IdParam, ...body(ReviewReasonRequest) },
  responses: {
    200: json(Review, "The review, reported"),
    ...signedInWriteProblems("not-found"),
  },
});

export const getUserReviews = createRoute({
  method: "get",
  path: "/api/users/{id}/reviews",
  operationId: "getUserReviews",
  tags: ["reviews"],
  summary: "A user's reputation figures and newest public reviews",
  request: { params: IdParam },
  responses: {
    200: json(UserReviews, "Reputation and public reviews"),
    ...signedInProblems("not-found"),
  },
});

export const listReportedReviews = createRoute({
  method: "get",
  path: "/api/admin/reviews/reported",
  operationId: "listReportedReviews",
  tags: ["reviews"],
  summary: "Staff: reported reviews not yet hidden, oldest report first",
  responses: {
    200: json(ReportedReviewList, "The moderation queue"),
    ...signedInProblems("forbidden"),
  },
});

export const hideReview = createRoute({
  method: "post",
  path: "/api/admin/reviews/{id}/hide",
  operationId: "hideReview",
  tags: ["reviews"],
  summary: "Staff: hide a review with a reason (audit-logged)",
  request: { params: IdParam, ...body(ReviewReasonRequest) },
  responses: {
    200: json(ModeratedReview, "The hidden review"),
    ...signedInWriteProblems("forbidden", "not-found"),
  },
});
