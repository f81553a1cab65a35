/**
 * /admin/verification: the staff review queue (issue 12): requests filtered by status, oldest
 * first, with their age; each opens the review page.
 */
import { Alert, Card, CardContent, formatElapsed, PageHeader, PageSpinner, SelectField } from "@closr/ui";
import { Link, useSearchParams } from "react-router";
import { useVerificationQueue } from "../api/verification-review.ts";
import { StatusBadge } from "./status-badge.tsx";
import "./verification-review.css";

const filters = [
  { value: "submitted,under_review", label: "Waiting (submitted or under review)" },
  { value: "submitted", label: "Submitted" },
  { value: "under_review", label: "Under Review" },
  { value: "changes_requested", label: "Changes Requested" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "", label: "All" },
];

export function VerificationQueuePage() {
  const [params, setParams] = useSearchParams();
  const status = params.get("status") ?? "submitted,under_review";
  const queue = useVerificationQueue(status);
  const now = new Date();
  return (
    <div className="container section">
      <PageHeader title="Verification" description="Review verification requests, oldest first." />
      <SelectField
        label="Status"
        value={status}
        onChange={(event) => setParams({ status: event.currentTarget.value }, { replace: true })}
        options={filters}
      />
      {queue.isPending ? <PageSpinner /> : null}
      {queue.isError ? <Alert>Failed to load verification requests. Please try again.</Alert> : null}
      {queue.data ? (
        queue.data.items.length === 0 ? (
          <p className="muted">No verification requests.</p>
        ) : (
          <ul className="review-queue" aria-label="Verification requests">
            {queue.data.items.map((r) => (
              <li key={r.id}>
                <Card>
                  <CardContent className="review-row">
                    <div>
                      <Link to={`/admin/verification/${r.id}`} className="review-link">
                        {r.applicant.username}
                      </Link>
                      <span className="muted"> · {r.userType === "business" ? "Business" : "Agent"}</span>
                    </div>
                    <StatusBadge status={r.status} />
                    {/* A time relative to now differs between the server's render and the browser's
                        hydration a moment later ("45 seconds" / "47 seconds"): React's documented
                        escape for such text (issue 46: #418 on /admin/verification). */}
                    <span className="muted" suppressHydrationWarning>
                      {r.status === "approved" || r.status === "rejected" ? "Submitted" : "Waiting"}{" "}
                      {formatElapsed(r.submittedAt, now)}
                      {r.status === "approved" || r.status === "rejected" ? " ago" : ""}
                    </span>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
