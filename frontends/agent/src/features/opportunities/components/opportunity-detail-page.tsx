/**
 * /agent/opportunities/:id — one opportunity for the agent (issue 44): the business, how well it
 * matches (score and reasons), its terms, the product or service and the ideal agent; then
 * "Apply": a cover message of 50–2,000 characters with a live count, and an optional proposed
 * rate (percent; empty keeps the opportunity's terms). With `?invitation={id}` (from Invitations)
 * the form accepts that invitation by applying. An open application shows its status instead.
 * The server validates (422 on `coverMessage`, 409 for a second open application).
 */

import { describeFailure, formFailure } from "@closr/client";
import {
  applicationStatusLabels,
  COVER_MESSAGE,
  customerTypeLabels,
  industryLabel,
  MatchPanel,
  type Opportunity,
  OpportunityTerms,
} from "@closr/partner-kit";
import {
  Alert,
  Button,
  bindNumber,
  bindText,
  Card,
  CardContent,
  NumberField,
  PageHeader,
  PageSpinner,
  RetryAlert,
  TextAreaField,
  toast,
} from "@closr/ui";
import { type FormEvent, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useApply, useMyApplications, useOpportunity } from "../api/opportunities-api.ts";

/** The cover message's live count, e.g. "12 / 2,000 characters (at least 50)". */
const countLabel = (length: number) =>
  `${length.toLocaleString("en-AU")} / ${COVER_MESSAGE.max.toLocaleString("en-AU")} characters${
    length < COVER_MESSAGE.min ? ` (at least ${COVER_MESSAGE.min})` : ""
  }`;

const openStatuses = new Set(["submitted", "shortlisted", "interview", "approved"]);

function ApplyForm({ opportunity, invitationId }: { opportunity: Opportunity; invitationId?: number }) {
  const apply = useApply();
  const [coverMessage, setCoverMessage] = useState("");
  const [rate, setRate] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const length = coverMessage.trim().length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    apply.mutate(
      {
        id: opportunity.id,
        invitationId,
        body: { coverMessage: coverMessage.trim(), proposedRate: rate.trim() === "" ? null : Number(rate) },
      },
      {
        onSuccess: () =>
          toast({
            title: "Application sent",
            description: `${opportunity.business.companyName} can now review it.`,
          }),
        onError: formFailure(setErrors, "Couldn't send the application", "no-field-error"),
      },
    );
  };

  return (
    <Card>
      <CardContent>
        <form className="stack opportunity-form" onSubmit={submit} noValidate aria-label="Apply">
          <h2 className="section-title">{invitationId === undefined ? "Apply" : "Accept the invitation"}</h2>
          <TextAreaField
            label="Cover message"
            rows={6}
            maxLength={COVER_MESSAGE.max}
            description={`Why you fit: your customers, your record, how you'd sell it. ${countLabel(length)}`}
            {...bindText(coverMessage, setCoverMessage, errors.coverMessage)}
          />
          <NumberField
            label="Proposed rate (%, optional)"
            min={0}
            max={100}
            step={0.01}
            description="Leave empty to accept the opportunity's terms."
            {...bindNumber(rate, setRate, errors.proposedRate)}
          />
          <div className="opportunity-actions">
            <Button type="submit" isPending={apply.isPending}>
              {invitationId === undefined ? "Apply" : "Accept and apply"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

export function OpportunityDetailPage() {
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const invitation = Number(params.get("invitation"));
  const opportunity = useOpportunity(id);
  const applications = useMyApplications();
  if (opportunity.isPending) return <PageSpinner label="Loading the opportunity" />;
  if (opportunity.isError)
    return (
      <RetryAlert onRetry={() => void opportunity.refetch()}>
        Couldn't load this opportunity. {describeFailure(opportunity.error).message}
      </RetryAlert>
    );
  const o = opportunity.data;
  const mine = applications.data?.items.find((a) => a.opportunityId === o.id && openStatuses.has(a.status));
  return (
    <div className="stack-lg">
      <PageHeader
        title={o.title}
        description={`${o.business.companyName} · ${industryLabel(o.business.industry)}`}
      />
      <p>
        <Link to="/agent/opportunities" className="text-link">
          ← All opportunities
        </Link>
      </p>
      <MatchPanel match={o.match} otherSide="opportunity" />
      <OpportunityTerms opportunity={o} />
      <section className="stack" aria-labelledby="product-heading">
        <h2 id="product-heading" className="section-title">
          Product or service
        </h2>
        <p className="opportunity-cover">{o.product}</p>
        <p className="muted">
          Sells to {customerTypeLabels[o.customerType].toLowerCase()}
          {o.idealSpecialization ? ` · ideal agent: ${o.idealSpecialization}` : ""}
          {o.minimumYears > 0 ? `, ${o.minimumYears}+ years` : ""}
          {o.idealSkills.length > 0 ? ` · ${o.idealSkills.join(", ")}` : ""}
        </p>
      </section>
      {mine ? (
        <Alert variant="info">
          You applied: {applicationStatusLabels[mine.status]}.{" "}
          <Link to="/agent/opportunities?tab=applications" className="text-link">
            My applications
          </Link>
        </Alert>
      ) : o.status !== "published" ? (
        <Alert variant="info">This opportunity isn't taking applications.</Alert>
      ) : applications.isPending ? null : (
        <ApplyForm
          opportunity={o}
          {...(Number.isInteger(invitation) && invitation > 0 ? { invitationId: invitation } : {})}
        />
      )}
    </div>
  );
}
