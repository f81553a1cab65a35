/**
 * /reviews (issue 22, linked from the side menu): partnerships waiting for the caller's review
 * (with the review form), and tabs "Received" and "Given". Received reviews can be answered once
 * in public and reported to staff; reviews of the caller stay blind until the caller reviews too
 * or 14 days pass. Loading, error (Retry) and empty states.
 */

import { describeFailure } from "@closr/client";
import {
  type MyReviews,
  PartyFrame,
  type Review,
  ReviewBody,
  ReviewFormActions,
  useMyReviews,
  useReviewActions,
} from "@closr/partner-kit";
import {
  Alert,
  Badge,
  Button,
  bindText,
  Card,
  CardContent,
  CardTitle,
  Dialog,
  formatDate,
  PageHeader,
  PageSpinner,
  SelectField,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  TextAreaField,
  TextRetryAlert,
  toast,
} from "@closr/ui";
import { type FormEvent, useState } from "react";

const starOptions = [5, 4, 3, 2, 1].map((n) => ({
  value: String(n),
  label: `${n} star${n === 1 ? "" : "s"}`,
}));
const ratingFields = [
  ["rating", "Overall rating"],
  ["communication", "Communication"],
  ["reliability", "Reliability"],
  ["results", "Results"],
] as const;
type RatingKey = (typeof ratingFields)[number][0];

function ReviewForm({
  partnershipId,
  name,
  onDone,
}: {
  partnershipId: number;
  name: string;
  onDone: () => void;
}) {
  const { submit } = useReviewActions();
  const [ratings, setRatings] = useState<Record<RatingKey, string>>({
    rating: "",
    communication: "",
    reliability: "",
    results: "",
  });
  const [comment, setComment] = useState("");
  const [privateFeedback, setPrivateFeedback] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const [key] of ratingFields) if (!ratings[key]) found[key] = "Choose a rating from 1 to 5";
    const text = comment.trim();
    if (text.length < 20 || text.length > 2000) found.comment = "Comment must be 20 to 2,000 characters";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    submit.mutate(
      {
        partnershipId,
        input: {
          rating: Number(ratings.rating),
          communication: Number(ratings.communication),
          reliability: Number(ratings.reliability),
          results: Number(ratings.results),
          comment: text,
          ...(privateFeedback.trim() ? { privateFeedback: privateFeedback.trim() } : {}),
        },
      },
      {
        onSuccess: (review) => {
          toast({
            title: "Review submitted",
            description:
              review.status === "published"
                ? `Your review of ${name} is now public, and theirs is shown below.`
                : `It stays hidden until ${name} reviews you, or until ${formatDate(review.publishedAt)}.`,
            variant: "success",
          });
          onDone();
        },
        onError: (error) => {
          const failure = describeFailure(error);
          setErrors({ ...failure.fieldErrors, form: failure.message } as Record<string, string>);
        },
      },
    );
  };

  return (
    <form className="review-form" onSubmit={onSubmit} aria-label={`Review ${name}`} noValidate>
      <div className="review-form-ratings">
        {ratingFields.map(([key, label]) => (
          <SelectField
            key={key}
            label={label}
            emptyOption="Choose"
            options={starOptions}
            value={ratings[key]}
            onChange={(event) => setRatings({ ...ratings, [key]: event.target.value })}
            {...(errors[key] ? { errorMessage: errors[key] } : {})}
          />
        ))}
      </div>
      <TextAreaField
        label="Your review (public)"
        description="20 to 2,000 characters. Reviews cannot be edited once submitted."
        maxLength={2000}
        {...bindText(comment, setComment, errors.comment)}
      />
      <TextAreaField
        label="Private feedback to Closr (optional)"
        rows={2}
        maxLength={2000}
        {...bindText(privateFeedback, setPrivateFeedback)}
      />
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <ReviewFormActions submit="Submit review" pending={submit.isPending} onCancel={onDone} />
    </form>
  );
}

function Awaiting({ items }: { items: MyReviews["awaiting"] }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Card>
      <CardContent>
        <CardTitle as="h2">Waiting for your review ({items.length})</CardTitle>
        {items.length === 0 ? (
          <p className="muted">
            Nothing to review right now. Partnerships can be reviewed after 14 active days or when they end.
          </p>
        ) : (
          <ul className="awaiting-list">
            {items.map((item) => (
              <li key={item.partnershipId}>
                <p>
                  <strong>{item.counterpart.displayName}</strong> · Partnership #{item.partnershipId}
                  {item.counterpartReviewed ? (
                    <>
                      {" "}
                      <Badge variant="secondary">They have reviewed you</Badge>
                    </>
                  ) : null}
                </p>
                {open === item.partnershipId ? (
                  <ReviewForm
                    partnershipId={item.partnershipId}
                    name={item.counterpart.displayName}
                    onDone={() => setOpen(null)}
                  />
                ) : (
                  <Button variant="outline" size="sm" onPress={() => setOpen(item.partnershipId)}>
                    Write a review of {item.counterpart.displayName}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ReplyForm({ review }: { review: Review }) {
  const { reply } = useReviewActions();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError("Reply must be 1 to 2,000 characters");
    reply.mutate(
      { id: review.id, text: text.trim() },
      {
        onError: (e) => setError(describeFailure(e).message),
        onSuccess: () => toast({ title: "Reply posted", variant: "success" }),
      },
    );
  };
  return (
    <form
      className="review-form"
      onSubmit={onSubmit}
      aria-label={`Reply to ${review.reviewer.displayName}`}
      noValidate
    >
      <TextAreaField
        label="Public reply (one per review)"
        rows={2}
        maxLength={2000}
        {...bindText(text, setText, error)}
      />
      <div className="review-actions">
        <Button type="submit" size="sm" isPending={reply.isPending}>
          Post reply
        </Button>
      </div>
    </form>
  );
}

function ReportButton({ review }: { review: Review }) {
  const { report } = useReviewActions();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  return (
    <>
      <Button variant="ghost" size="sm" onPress={() => setOpen(true)}>
        Report
      </Button>
      <Dialog title="Report this review" isOpen={open} onOpenChange={setOpen}>
        {(close) => (
          <form
            className="review-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (!reason.trim()) return;
              report.mutate(
                { id: review.id, reason: reason.trim() },
                {
                  onSuccess: () => {
                    toast({ title: "Thanks — our team will look at this review", variant: "success" });
                    close();
                  },
                },
              );
            }}
          >
            <TextAreaField
              label="Why should Closr look at it?"
              maxLength={1000}
              {...bindText(reason, setReason)}
            />
            <ReviewFormActions submit="Send report" pending={report.isPending} onCancel={close} />
          </form>
        )}
      </Dialog>
    </>
  );
}

const givenStatus = (review: Review) =>
  review.status === "published" ? (
    <Badge variant="success">Published</Badge>
  ) : review.status === "hidden" ? (
    <Badge variant="destructive">Hidden by Closr</Badge>
  ) : (
    <Badge variant="secondary">Hidden until they review, or {formatDate(review.publishedAt)}</Badge>
  );

function Lists({ data }: { data: MyReviews }) {
  return (
    <Tabs>
      <TabList aria-label="Reviews">
        <Tab id="received">Received ({data.received.length})</Tab>
        <Tab id="given">Given ({data.given.length})</Tab>
      </TabList>
      <TabPanel id="received">
        {data.blindReceived > 0 ? (
          <Alert variant="info">
            {data.blindReceived === 1 ? "1 review of you is" : `${data.blindReceived} reviews of you are`}{" "}
            waiting: it shows once you review them too, or 14 days after it was written.
          </Alert>
        ) : null}
        {data.received.length === 0 ? (
          <p className="muted">No reviews yet.</p>
        ) : (
          <ul className="review-list">
            {data.received.map((review) => (
              <li
                key={review.id}
                className="review-item"
                aria-label={`Review from ${review.reviewer.displayName}`}
              >
                <ReviewBody review={review} perspective="received" />
                {review.reply ? null : <ReplyForm review={review} />}
                <div className="review-actions">
                  <ReportButton review={review} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </TabPanel>
      <TabPanel id="given">
        {data.given.length === 0 ? (
          <p className="muted">You have not written a review yet.</p>
        ) : (
          <ul className="review-list">
            {data.given.map((review) => (
              <li
                key={review.id}
                className="review-item"
                aria-label={`Your review of ${review.reviewee.displayName}`}
              >
                {givenStatus(review)}
                <ReviewBody review={review} perspective="given" />
              </li>
            ))}
          </ul>
        )}
      </TabPanel>
    </Tabs>
  );
}

export function ReviewsPage() {
  const query = useMyReviews();
  return (
    <PartyFrame>
      <div className="stack-lg reviews-page">
        <PageHeader
          title="Reviews"
          description="Reviews stay hidden until you have both reviewed, or for 14 days, so everyone can be candid."
        />
        {query.isPending ? (
          <PageSpinner label="Loading reviews" />
        ) : query.isError ? (
          <TextRetryAlert onRetry={() => void query.refetch()}>
            Your reviews could not be loaded.
          </TextRetryAlert>
        ) : (
          <>
            <Awaiting items={query.data.awaiting} />
            <Lists data={query.data} />
          </>
        )}
      </div>
    </PartyFrame>
  );
}
