/**
 * Review model (spec §3 reviews; issue 22, ADR 0013): two-way reviews of a partnership. Each
 * side may review the other once per partnership, once the partnership has been active for 14
 * days or has ended. Double blind: a review stays hidden until both sides have reviewed or 14
 * days have passed since it was submitted (`publishedAt` is that moment). One public reply per
 * review; no edits after submission; reports go to a staff queue that may hide a review.
 */
import type { PartnershipStatus, Party } from "../partnership/index.ts";
import type { PartnershipId, ReviewId, UserId } from "../shared/ids.ts";
import type { RatingSummary } from "../shared/reputation.ts";

/** Days a partnership must have been active before its parties may review each other. */
export const reviewAfterActiveDays = 14;
/** Days a submitted review stays hidden when the other side has not reviewed. */
export const blindWindowDays = 14;
/** Reminder emails this many days after a review becomes possible. */
export const reminderDays = [3, 10] as const;
export const commentMin = 20;
export const commentMax = 2000;
export const replyMax = 2000;
export const reasonMax = 1000;

const day = 86_400_000;

/** The four 1–5 ratings a review carries. */
export interface ReviewRatings {
  readonly rating: number;
  readonly communication: number;
  readonly reliability: number;
  readonly results: number;
}

export interface NewReview extends ReviewRatings {
  readonly comment: string;
  readonly privateFeedback: string | null;
}

/** One side of a review as screens show it. */
export interface ReviewParty {
  readonly userId: UserId;
  readonly username: string;
  /** Company or full name, else the username. */
  readonly displayName: string;
  readonly side: Party;
}

export interface Review extends ReviewRatings {
  readonly id: ReviewId;
  readonly partnershipId: PartnershipId;
  readonly reviewer: ReviewParty;
  readonly reviewee: ReviewParty;
  readonly comment: string;
  /** Seen by staff only. */
  readonly privateFeedback: string | null;
  readonly createdAt: Date;
  /** When the review is (or becomes) public. */
  readonly publishedAt: Date;
  readonly reply: { readonly text: string; readonly createdAt: Date } | null;
  readonly report: { readonly reason: string; readonly reportedAt: Date } | null;
  readonly hidden: { readonly reason: string; readonly hiddenAt: Date } | null;
}

/** The facts of a partnership that decide whether its parties may review each other. */
export interface ReviewablePartnership {
  readonly id: PartnershipId;
  readonly status: PartnershipStatus;
  readonly startDate: Date | null;
  readonly endDate: Date | null;
  readonly business: ReviewParty;
  readonly agent: ReviewParty;
}

/**
 * When the parties may first review each other: 14 days after the start of an active
 * partnership, or its end when terminated; null when it never was active (pending, rejected,
 * withdrawn).
 */
export function reviewOpensAt(p: Pick<ReviewablePartnership, "status" | "startDate" | "endDate">) {
  if (p.status === "active" && p.startDate)
    return new Date(p.startDate.getTime() + reviewAfterActiveDays * day);
  if (p.status === "terminated" && p.startDate) {
    const fourteen = p.startDate.getTime() + reviewAfterActiveDays * day;
    return new Date(Math.min(fourteen, (p.endDate ?? p.startDate).getTime()));
  }
  return null;
}

/** The blind window's end for a review submitted at `at`. */
export const blindUntil = (at: Date) => new Date(at.getTime() + blindWindowDays * day);

/** True when the review is public at `now` (published and not hidden by staff). */
export const isPublic = (r: Pick<Review, "publishedAt" | "hidden">, now: Date) =>
  r.publishedAt.getTime() <= now.getTime() && r.hidden === null;

/** A partnership waiting for the user's review. */
export interface AwaitingReview {
  readonly partnershipId: PartnershipId;
  readonly counterpart: ReviewParty;
  readonly opensAt: Date;
  /** True when the counterpart has already reviewed (their review shows once the user reviews). */
  readonly counterpartReviewed: boolean;
}

/** Reputation figures of one user (computed on the server). */
/**
 * How a user answers (the response part of the reputation query): connection requests they
 * received (answered = accepted or rejected, timed from the request to its answer) and
 * conversations the other person started (answered = the user wrote back, timed to their first
 * reply). Optionally limited to requests and first messages within a range of Sydney dates.
 */
export interface Responses {
  readonly requestsReceived: number;
  readonly requestsAnswered: number;
  /** Median minutes from a request to its answer; null with none answered. */
  readonly requestMedianMinutes: number | null;
  readonly conversationsStarted: number;
  readonly conversationsAnswered: number;
  /** Median minutes from the first message to the user's first reply; null with none answered. */
  readonly messageMedianMinutes: number | null;
  /** Both kinds together: share (0–100) answered, rounded; null with none. */
  readonly responseRate: number | null;
  /** Both kinds together: median minutes to answer, rounded; null with none answered. */
  readonly medianResponseMinutes: number | null;
}

export interface Reputation {
  readonly rating: RatingSummary;
  /** Averages of the sub-ratings over the same reviews; null with none. */
  readonly communication: number | null;
  readonly reliability: number | null;
  readonly results: number | null;
  /** Partnerships that ran (active now, or active once and since ended). */
  readonly completedPartnerships: number;
  /** Share (0–100) of connection requests and first messages received that were answered; null with none. */
  readonly responseRate: number | null;
  /** Median minutes to answer them; null with none answered. */
  readonly medianResponseMinutes: number | null;
  readonly memberSince: Date;
}
