/**
 * Review schemas (spec §3 reviews; issue 22, ADR 0013): two-way, double-blind reviews of a
 * partnership, replies, reports, reputation figures and the staff moderation queue.
 */
import { z } from "@hono/zod-openapi";
import { RatingSummary } from "./profiles.ts";

const stars = (label: string) =>
  z
    .number({ error: `${label}: choose a rating from 1 to 5` })
    .int({ error: `${label}: choose a rating from 1 to 5` })
    .min(1, { error: `${label}: choose a rating from 1 to 5` })
    .max(5, { error: `${label}: choose a rating from 1 to 5` });

export const CreateReviewRequest = z
  .strictObject({
    rating: stars("Overall"),
    communication: stars("Communication"),
    reliability: stars("Reliability"),
    results: stars("Results"),
    comment: z
      .string({ error: "Comment must be 20 to 2,000 characters" })
      .trim()
      .min(20, { error: "Comment must be 20 to 2,000 characters" })
      .max(2000, { error: "Comment must be 20 to 2,000 characters" }),
    privateFeedback: z
      .string()
      .trim()
      .max(2000, { error: "Private feedback must be at most 2,000 characters" })
      .optional()
      .openapi({ description: "Seen by Closr staff only." }),
  })
  .openapi("CreateReviewRequest");
export type CreateReviewRequest = z.input<typeof CreateReviewRequest>;

export const ReviewReplyRequest = z
  .strictObject({
    text: z
      .string({ error: "Reply must be 1 to 2,000 characters" })
      .trim()
      .min(1, { error: "Reply must be 1 to 2,000 characters" })
      .max(2000, { error: "Reply must be 1 to 2,000 characters" }),
  })
  .openapi("ReviewReplyRequest");

export const ReviewReasonRequest = z
  .strictObject({
    reason: z
      .string({ error: "Reason must be 1 to 1,000 characters" })
      .trim()
      .min(1, { error: "Reason must be 1 to 1,000 characters" })
      .max(1000, { error: "Reason must be 1 to 1,000 characters" }),
  })
  .openapi("ReviewReasonRequest");

export const ReviewParty = z
  .object({
    userId: z.number().int(),
    username: z.string(),
    displayName: z.string(),
    side: z.enum(["business", "agent"]),
  })
  .openapi("ReviewParty");

export const Review = z
  .object({
    id: z.number().int(),
    partnershipId: z.number().int(),
    reviewer: ReviewParty,
    reviewee: ReviewParty,
    rating: z.number().int(),
    communication: z.number().int(),
    reliability: z.number().int(),
    results: z.number().int(),
    comment: z.string(),
    createdAt: z.string().openapi({ format: "date-time" }),
    publishedAt: z.string().openapi({
      format: "date-time",
      description:
        "When the review is (or becomes) public: both sides reviewed, or 14 days after submission.",
    }),
    status: z.enum(["blind", "published", "hidden"]).openapi({
      description: "blind: waiting for the other side's review or the 14 days; hidden: removed by staff.",
    }),
    reply: z.object({ text: z.string(), createdAt: z.string().openapi({ format: "date-time" }) }).nullable(),
  })
  .openapi("Review");
export type Review = z.infer<typeof Review>;

export const ModeratedReview = Review.extend({
  privateFeedback: z.string().nullable(),
  report: z
    .object({ reason: z.string(), reportedAt: z.string().openapi({ format: "date-time" }) })
    .nullable(),
  hidden: z.object({ reason: z.string(), hiddenAt: z.string().openapi({ format: "date-time" }) }).nullable(),
}).openapi("ModeratedReview", {
  description: "A review as staff see it (private feedback, report, hiding).",
});

export const ReportedReviewList = z.object({ items: z.array(ModeratedReview) }).openapi("ReportedReviewList");

export const AwaitingReview = z
  .object({
    partnershipId: z.number().int(),
    counterpart: ReviewParty,
    opensAt: z.string().openapi({ format: "date-time" }),
    counterpartReviewed: z.boolean(),
  })
  .openapi("AwaitingReview");

export const MyReviews = z
  .object({
    received: z.array(Review).openapi({ description: "Public reviews of the caller, newest first." }),
    blindReceived: z.number().int().openapi({
      description: "Reviews of the caller still blind (shown once the caller reviews, or after 14 days).",
    }),
    given: z.array(Review),
    awaiting: z
      .array(AwaitingReview)
      .openapi({ description: "Partnerships the caller may review and has not." }),
  })
  .openapi("MyReviews");

export const Reputation = z
  .object({
    rating: RatingSummary,
    communication: z.number().nullable(),
    reliability: z.number().nullable(),
    results: z.number().nullable(),
    completedPartnerships: z.number().int(),
    responseRate: z.number().int().nullable().openapi({
      description: "Percent of connection requests and first messages received that were answered.",
    }),
    medianResponseMinutes: z.number().int().nullable(),
    memberSince: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Reputation");

export const UserReviews = z
  .object({ reputation: Reputation, reviews: z.array(Review) })
  .openapi("UserReviews", { description: "A user's reputation and newest 20 public reviews." });
