/**
 * /admin/reviews (issue 22): the staff moderation queue — reported reviews not yet hidden,
 * oldest report first, with the private feedback the reviewer left for Closr. "Hide" asks for
 * a reason; the hiding is audit-logged on the server and the reviewee's rating drops it.
 * Loading, empty and error (Retry) states.
 */

import { apiClient, describeFailure, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { ReviewBody, ReviewFormActions } from "@closr/partner-kit";
import {
  Button,
  Card,
  CardContent,
  Dialog,
  formatDate,
  PageSpinner,
  TextAreaField,
  TextRetryAlert,
  toast,
} from "@closr/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { AdminPage } from "../../shared/components/admin-list.tsx";

type ModeratedReview = components["schemas"]["ModeratedReview"];
const queueKey = ["review-moderation"] as const;

function HideButton({ review }: { review: ModeratedReview }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const hide = useMutation({
    mutationFn: async () => {
      const {
        data,
        error: problem,
        response,
      } = await apiClient.POST("/api/admin/reviews/{id}/hide", {
        params: { path: { id: review.id } },
        body: { reason: reason.trim() },
      });
      if (problem !== undefined || !data) throw toApiError(problem, response);
      return data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueKey }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError("Reason must be 1 to 1,000 characters");
    hide.mutate(undefined, {
      onSuccess: () => {
        toast({ title: "Review hidden", variant: "success" });
        setOpen(false);
      },
      onError: (e) => setError(describeFailure(e).message),
    });
  };
  return (
    <>
      <Button variant="destructive" size="sm" onPress={() => setOpen(true)}>
        Hide review
      </Button>
      <Dialog title="Hide this review" isOpen={open} onOpenChange={setOpen}>
        <form className="review-form" onSubmit={onSubmit}>
          <TextAreaField
            label="Reason (recorded in the audit log)"
            value={reason}
            maxLength={1000}
            onChange={(event) => setReason(event.target.value)}
            {...(error ? { errorMessage: error } : {})}
          />
          <ReviewFormActions
            submit="Hide"
            variant="destructive"
            pending={hide.isPending}
            onCancel={() => setOpen(false)}
          />
        </form>
      </Dialog>
    </>
  );
}

export function ReviewModerationPage() {
  const query = useQuery({
    queryKey: queueKey,
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/admin/reviews/reported");
      if (error !== undefined || !data) throw toApiError(error, response);
      return data.items;
    },
  });
  return (
    <AdminPage title="Review moderation" description="Reported reviews, oldest report first.">
      {query.isPending ? (
        <PageSpinner label="Loading reported reviews" />
      ) : query.isError ? (
        <TextRetryAlert onRetry={() => void query.refetch()}>
          Reported reviews could not be loaded.
        </TextRetryAlert>
      ) : query.data.length === 0 ? (
        <Card>
          <CardContent>
            <p>No reported reviews. Nothing to moderate.</p>
          </CardContent>
        </Card>
      ) : (
        <ul className="review-list">
          {query.data.map((review) => (
            <li key={review.id} className="card" aria-label={`Review ${review.id}`}>
              <CardContent>
                <ReviewBody review={review} perspective="public" />
                <p>
                  <strong>Reported {formatDate(review.report?.reportedAt)}:</strong> {review.report?.reason}
                </p>
                {review.privateFeedback ? (
                  <p>
                    <strong>Private feedback:</strong> {review.privateFeedback}
                  </p>
                ) : null}
                <div className="review-actions">
                  <HideButton review={review} />
                </div>
              </CardContent>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
