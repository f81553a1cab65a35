/**
 * A user's reputation (issue 22): average rating and count, sub-ratings, completed partnerships,
 * response rate and median response time, member since, and the newest public reviews. Used by
 * the profile detail views; loading, error (with Retry) and empty states.
 */
import {
  Button,
  Card,
  CardContent,
  CardTitle,
  formatDate,
  injectStyles,
  Skeleton,
  TextRetryAlert,
} from "@closr/ui";
import { RatingLine } from "../profiles/profile-ui.tsx";
import css from "./reviews.css?inline";
import { type Review, useUserReviews } from "./reviews-api.ts";

injectStyles("closr-reviews-styles", css);

/** "2 h", "35 min", "3 days" from minutes. */
export const responseTimeLabel = (minutes: number | null) => {
  if (minutes === null) return "N/A";
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h`;
  return `${Math.round(minutes / 1440)} days`;
};

export function Stars({ value, label }: { value: number; label?: string }) {
  return (
    <span
      className="review-stars"
      role="img"
      aria-label={`${label ? `${label}: ` : ""}${value} out of 5 stars`}
    >
      {"★".repeat(value)}
      <span className="review-stars-off">{"★".repeat(5 - value)}</span>
    </span>
  );
}

/** One review: stars, who wrote it, the comment, sub-ratings and the reply. */
export function ReviewBody({
  review,
  perspective,
}: {
  review: Review;
  perspective: "received" | "given" | "public";
}) {
  const who = perspective === "given" ? `To ${review.reviewee.displayName}` : review.reviewer.displayName;
  return (
    <>
      <div className="review-head">
        <Stars value={review.rating} />
        <strong>{who}</strong>
        <span className="review-date">{formatDate(review.publishedAt)}</span>
      </div>
      <p className="review-comment">{review.comment}</p>
      <p className="review-subratings">
        Communication {review.communication}/5 · Reliability {review.reliability}/5 · Results {review.results}
        /5
      </p>
      {review.reply ? (
        <blockquote className="review-reply">
          <strong>Reply from {review.reviewee.displayName}:</strong> {review.reply.text}
        </blockquote>
      ) : null}
    </>
  );
}

/**
 * The buttons under a review form (write, report, staff hide): the submit, busy while
 * `pending`, then a ghost Cancel.
 */
export function ReviewFormActions({
  submit,
  pending,
  onCancel,
  variant,
}: {
  submit: string;
  pending: boolean;
  onCancel: () => void;
  variant?: "destructive";
}) {
  return (
    <div className="review-actions">
      <Button type="submit" {...(variant ? { variant } : {})} isPending={pending}>
        {submit}
      </Button>
      <Button variant="ghost" onPress={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

export function ReputationPanel({ userId }: { userId: number }) {
  const query = useUserReviews(userId);
  if (query.isPending)
    return (
      <Card className="reputation-panel">
        <CardContent>
          <Skeleton width="40%" />
          <Skeleton width="80%" />
        </CardContent>
      </Card>
    );
  if (query.isError)
    return <TextRetryAlert onRetry={() => void query.refetch()}>Reviews could not be loaded.</TextRetryAlert>;
  const { reputation, reviews } = query.data;
  return (
    <Card className="reputation-panel">
      <CardContent>
        <CardTitle as="h2">Reputation</CardTitle>
        <RatingLine rating={reputation.rating} />
        <dl className="reputation-facts">
          <div>
            <dt>Completed partnerships</dt>
            <dd>{reputation.completedPartnerships}</dd>
          </div>
          <div>
            <dt>Response rate</dt>
            <dd>{reputation.responseRate === null ? "N/A" : `${reputation.responseRate}%`}</dd>
          </div>
          <div>
            <dt>Median response time</dt>
            <dd>{responseTimeLabel(reputation.medianResponseMinutes)}</dd>
          </div>
          <div>
            <dt>Member since</dt>
            <dd>{formatDate(reputation.memberSince, "MMM yyyy")}</dd>
          </div>
        </dl>
        {/* The rating line above already says "No reviews yet" when there are none (issue 46). */}
        {reviews.length > 0 ? (
          <ul className="review-list">
            {reviews.map((review) => (
              <li key={review.id} className="review-item">
                <ReviewBody review={review} perspective="public" />
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
