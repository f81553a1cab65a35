/**
 * /business/opportunities/:id — one of the business's opportunities (issue 44): its state
 * buttons and its applicants ranked by match score (the API's order) with the reasons, the cover
 * message and any proposed rate, and the steps each status allows: Shortlist and Decline
 * (submitted), Interview, Approve and Decline (shortlisted), Approve and Decline (interview).
 * Approving starts the partnership and its draft agreement (linked from the card).
 */

import { describeFailure, failureToast } from "@closr/client";
import {
  type Application,
  applicationStatusLabels,
  MatchScore,
  modelSummary,
  opportunityStatusLabels,
  percentLabel,
  ReasonChips,
} from "@closr/partner-kit";
import { Badge, Button, IconCard, LinkButton, PageHeader, PageSpinner, RetryAlert, toast } from "@closr/ui";
import { Link, useParams } from "react-router";
import {
  type ApplicationStep,
  useApplicants,
  useApplicationStep,
  useOpportunity,
} from "../api/opportunities-api.ts";
import { OpportunityActions } from "./opportunity-actions.tsx";

const stepsOf: Record<Application["status"], readonly ApplicationStep[]> = {
  submitted: ["shortlist", "decline"],
  shortlisted: ["interview", "approve", "decline"],
  interview: ["approve", "decline"],
  approved: [],
  declined: [],
  withdrawn: [],
};

const stepWords: Record<ApplicationStep, { label: string; done: string }> = {
  shortlist: { label: "Shortlist", done: "Applicant shortlisted" },
  interview: { label: "Interview", done: "Marked for interview" },
  approve: { label: "Approve", done: "Approved: the partnership has started" },
  decline: { label: "Decline", done: "Application declined" },
};

function ApplicantCard({ application }: { application: Application }) {
  const step = useApplicationStep();
  const name = application.agent.fullName;
  return (
    <article className="card applicant-card" aria-label={name}>
      <div className="opportunity-card-head">
        <h2 className="opportunity-card-title">
          <Link to={`/business/agents/${application.agentId}`} className="text-link">
            {name}
          </Link>
        </h2>
        <Badge variant={application.status === "approved" ? "success" : "outline"}>
          {applicationStatusLabels[application.status]}
        </Badge>
      </div>
      <p className="muted">
        {application.agent.specialization} · {application.agent.yearsOfExperience} years
      </p>
      <div className="opportunity-match">
        <MatchScore match={application.match} />
        <ReasonChips reasons={application.match?.reasons ?? []} limit={6} />
      </div>
      <p className="opportunity-cover">{application.coverMessage}</p>
      <p className="muted">
        {application.proposedRate === null
          ? "Accepts the opportunity's terms"
          : `Proposes ${percentLabel(application.proposedRate)}`}
      </p>
      <div className="opportunity-actions">
        {stepsOf[application.status].map((name_) => (
          <Button
            key={name_}
            size="sm"
            variant={name_ === "decline" ? "ghost" : name_ === "approve" ? "primary" : "outline"}
            isDisabled={step.isPending}
            onPress={() =>
              step.mutate(
                { id: application.id, step: name_ },
                {
                  onSuccess: () => toast({ title: stepWords[name_].done }),
                  onError: failureToast(`Couldn't ${name_} the application`),
                },
              )
            }
          >
            {stepWords[name_].label}
          </Button>
        ))}
        {application.partnershipId !== null ? (
          <LinkButton
            size="sm"
            variant="outline"
            href={`/business/active-agents/${application.partnershipId}/agreement`}
          >
            View agreement
          </LinkButton>
        ) : null}
      </div>
    </article>
  );
}

export function OpportunityApplicantsPage() {
  const id = Number(useParams().id);
  const opportunity = useOpportunity(id);
  const applicants = useApplicants(id);
  if (opportunity.isPending) return <PageSpinner label="Loading the opportunity" />;
  if (opportunity.isError)
    return (
      <RetryAlert onRetry={() => void opportunity.refetch()}>
        Couldn't load this opportunity. {describeFailure(opportunity.error).message}
      </RetryAlert>
    );
  const o = opportunity.data;
  return (
    <div className="stack-lg">
      <PageHeader
        title={o.title}
        description={`${opportunityStatusLabels[o.status]} · ${modelSummary(o.model)} · ${o.placesFilled} of ${o.placesWanted} agents`}
        actions={<OpportunityActions opportunity={o} />}
      />
      <p>
        <Link to="/business/opportunities" className="text-link">
          ← All opportunities
        </Link>
      </p>
      <section className="stack" aria-labelledby="applicants-heading">
        <h2 id="applicants-heading" className="section-title">
          Applicants{applicants.data ? ` (${applicants.data.total})` : ""}
        </h2>
        {applicants.isPending ? (
          <PageSpinner label="Loading applicants" />
        ) : applicants.isError ? (
          <RetryAlert onRetry={() => void applicants.refetch()}>Couldn't load the applicants.</RetryAlert>
        ) : applicants.data.items.length === 0 ? (
          <IconCard
            className="empty-state"
            icon="users"
            title="No applicants yet"
            text="Agents who apply appear here, the best match first."
          />
        ) : (
          <div className="opportunity-list">
            {applicants.data.items.map((application) => (
              <ApplicantCard key={application.id} application={application} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
