/**
 * /admin/verification/:id: one request for review (issue 12): applicant, details, the ABN
 * registry's answer, documents inline (PDF in an <iframe>, images as <img>, through short-lived
 * inline links issued to staff only) with a download link, the reviewer's notes, and Start review
 * / Approve / Reject / Request changes (a reason is required for the last two).
 */

import { describeFailure } from "@closr/client";
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  formatDate,
  LinkButton,
  PageHeader,
  PageSpinner,
  TextAreaField,
  toast,
} from "@closr/ui";
import { useState } from "react";
import { useParams } from "react-router";
import {
  type Decision,
  useDecide,
  useDocumentLink,
  useVerificationReview,
  type VerificationReview,
} from "../api/verification-review.ts";
import { StatusBadge } from "./status-badge.tsx";
import "./verification-review.css";

const infoLabels: Record<string, string> = {
  abnNumber: "ABN",
  companyWebsite: "Company website",
  businessAddress: "Business address",
  linkedInProfile: "LinkedIn profile",
  yearsExperience: "Years of experience",
  professionalQualifications: "Professional qualifications",
  additionalNotes: "Additional notes",
};
const fieldLabels: Record<string, string> = {
  businessRegistration: "Business registration",
  addressProof: "Proof of address",
  companyLogo: "Company logo",
  identification: "Identification",
  professionalCertificates: "Professional certificates",
  profilePhoto: "Profile photo",
};

function DocumentPreview({
  request,
  document,
}: {
  request: VerificationReview;
  document: VerificationReview["documents"][number];
}) {
  const inline = useDocumentLink(request.id, document.id, "inline");
  const download = useDocumentLink(request.id, document.id, "attachment");
  const label = fieldLabels[document.field] ?? document.field;
  return (
    <figure className="review-document">
      <figcaption>
        <strong>{label}</strong> <span className="muted">{document.fileName}</span>
      </figcaption>
      {inline.data ? (
        document.contentType === "application/pdf" ? (
          <iframe src={inline.data.url} title={`${label}: ${document.fileName}`} className="review-pdf" />
        ) : (
          <img src={inline.data.url} alt={`${label}: ${document.fileName}`} className="review-image" />
        )
      ) : (
        <PageSpinner />
      )}
      {download.data ? (
        <a href={download.data.url} className="review-download">
          Download {document.fileName}
        </a>
      ) : null}
    </figure>
  );
}

export function VerificationReviewPage() {
  const id = Number(useParams().id);
  const review = useVerificationReview(id);
  const decide = useDecide(id);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();

  const act = (action: Decision["action"]) => {
    if ((action === "reject" || action === "request_changes") && reason.trim() === "") {
      setReasonError("Please give a reason");
      return;
    }
    setReasonError(undefined);
    decide.mutate(
      { action, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: (updated) => {
          setReason("");
          toast({
            title: "Verification updated",
            description: `The request is now ${updated.status.replace("_", " ")}.`,
            variant: "success",
          });
        },
        onError: (error) => {
          const { fieldErrors, message } = describeFailure(error);
          if (fieldErrors.reason) setReasonError(fieldErrors.reason);
          toast({ title: "Update failed", description: message, variant: "destructive" });
        },
      },
    );
  };

  /** A decision button's state: busy while its own decision is sent, the others held meanwhile. */
  const sending = (action: Decision["action"]) => ({
    isPending: decide.isPending && decide.variables?.action === action,
    isDisabled: decide.isPending && decide.variables?.action !== action,
  });

  if (review.isPending) return <PageSpinner />;
  if (review.isError || !review.data)
    return (
      <div className="container section">
        <Alert>Verification request not found.</Alert>
      </div>
    );
  const r = review.data;
  return (
    <div className="container section review-page">
      <PageHeader
        title={`Verification: ${r.applicant.username}`}
        description={`${r.userType === "business" ? "Business" : "Agent"} · submitted ${formatDate(r.submittedAt)}`}
        actions={
          <LinkButton href="/admin/verification" variant="outline">
            Back to queue
          </LinkButton>
        }
      />
      <div className="review-grid">
        <Card>
          <CardHeader>
            <CardTitle>Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="review-facts">
              <dt>Status</dt>
              <dd>
                <StatusBadge status={r.status} />
              </dd>
              <dt>Applicant</dt>
              <dd>
                {r.applicant.username} ({r.applicant.email})
              </dd>
              {Object.entries(r.additionalInfo).map(([key, value]) => (
                <div key={key} className="review-fact">
                  <dt>{infoLabels[key] ?? key}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
              {r.reviewedAt ? (
                <>
                  <dt>Reviewed</dt>
                  <dd>{formatDate(r.reviewedAt)}</dd>
                </>
              ) : null}
              {r.adminNotes ? (
                <>
                  <dt>Notes</dt>
                  <dd>{r.adminNotes}</dd>
                </>
              ) : null}
            </dl>
          </CardContent>
        </Card>
        {r.userType === "business" ? (
          <Card>
            <CardHeader>
              <CardTitle>ABN lookup</CardTitle>
            </CardHeader>
            <CardContent>
              {r.abnLookup === null ? (
                <p>The ABN registry could not be reached when this was submitted.</p>
              ) : r.abnLookup.found ? (
                <dl className="review-facts">
                  <dt>Entity name</dt>
                  <dd>{r.abnLookup.entityName}</dd>
                  <dt>ABN status</dt>
                  <dd>{r.abnLookup.status}</dd>
                  <dt>GST</dt>
                  <dd>{r.abnLookup.gstRegistered ? "Registered" : "Not registered"}</dd>
                  <dt>Source</dt>
                  <dd>{r.abnLookup.source === "abr" ? "Australian Business Register" : "Local table"}</dd>
                </dl>
              ) : (
                <p>ABN {r.abnLookup.abn} was not found in the registry.</p>
              )}
            </CardContent>
          </Card>
        ) : null}
      </div>
      <section aria-labelledby="documents-title">
        <h2 id="documents-title">Documents</h2>
        <div className="review-documents">
          {r.documents.map((d) => (
            <DocumentPreview key={d.id} request={r} document={d} />
          ))}
        </div>
      </section>
      <Card className="review-decision">
        <CardHeader>
          <CardTitle>Decision</CardTitle>
        </CardHeader>
        <CardContent>
          {r.status === "submitted" ? (
            <Button onPress={() => act("start_review")} isPending={decide.isPending}>
              Start review
            </Button>
          ) : r.status === "under_review" ? (
            <div className="review-actions">
              <TextAreaField
                label="Reason (required to reject or request changes; the applicant sees it)"
                rows={3}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                errorMessage={reasonError}
              />
              <div className="review-buttons">
                <Button onPress={() => act("approve")} {...sending("approve")}>
                  Approve
                </Button>
                <Button
                  variant="outline"
                  onPress={() => act("request_changes")}
                  {...sending("request_changes")}
                >
                  Request changes
                </Button>
                <Button variant="destructive" onPress={() => act("reject")} {...sending("reject")}>
                  Reject
                </Button>
              </div>
            </div>
          ) : (
            <p className="muted">
              {r.status === "changes_requested"
                ? "Waiting for the applicant to resubmit."
                : "This request is decided."}
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
