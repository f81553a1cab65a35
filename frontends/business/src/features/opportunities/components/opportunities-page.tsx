/**
 * /business/opportunities — the business's own opportunities (issue 44) by status: tabs
 * Published, Drafts, Paused, Closed with their counts (the tab lives in the URL, ?tab=draft), each
 * card with its terms, places filled, Applicants, Edit and the state buttons; "Post an
 * opportunity" opens the editor.
 */

import { describeFailure } from "@closr/client";
import {
  type Opportunity,
  type OpportunityStatus,
  OpportunityTerms,
  opportunityStatusLabels,
} from "@closr/partner-kit";
import {
  Badge,
  IconCard,
  LinkButton,
  PageHeader,
  PageSpinner,
  PageTabs,
  RetryAlert,
  usePageTab,
} from "@closr/ui";
import { useOwnOpportunities } from "../api/opportunities-api.ts";
import { OpportunityActions } from "./opportunity-actions.tsx";

const tabTitles: Record<OpportunityStatus, string> = {
  published: "Published",
  draft: "Drafts",
  paused: "Paused",
  closed: "Closed",
};

const statusBadge = {
  draft: "outline",
  published: "success",
  paused: "secondary",
  closed: "secondary",
} as const;

/** One opportunity's card on the business's list. */
export function OwnOpportunityCard({ opportunity }: { opportunity: Opportunity }) {
  return (
    <article className="card opportunity-card" aria-label={opportunity.title}>
      <div className="opportunity-card-head">
        <h2 className="opportunity-card-title">{opportunity.title}</h2>
        <Badge variant={statusBadge[opportunity.status]}>{opportunityStatusLabels[opportunity.status]}</Badge>
      </div>
      <OpportunityTerms opportunity={opportunity} />
      <div className="opportunity-actions">
        <LinkButton
          href={`/business/opportunities/${opportunity.id}`}
          size="sm"
          aria-label={`Applicants for ${opportunity.title}`}
        >
          Applicants
        </LinkButton>
        {opportunity.status === "closed" ? null : (
          <LinkButton
            href={`/business/opportunities/${opportunity.id}/edit`}
            size="sm"
            variant="outline"
            aria-label={`Edit ${opportunity.title}`}
          >
            Edit
          </LinkButton>
        )}
        <OpportunityActions opportunity={opportunity} />
      </div>
    </article>
  );
}

export function OpportunitiesPage() {
  const own = useOwnOpportunities();
  const [tab] = usePageTab(["published", "draft", "paused", "closed"]);
  const header = (
    <PageHeader
      title="Opportunities"
      description="What you've posted for agents to sell, and who applied."
      actions={<LinkButton href="/business/opportunities/new">Post an opportunity</LinkButton>}
    />
  );
  if (own.isPending)
    return (
      <div className="stack-lg">
        {header}
        <PageSpinner label="Loading opportunities" />
      </div>
    );
  if (own.isError)
    return (
      <div className="stack-lg">
        {header}
        <RetryAlert onRetry={() => void own.refetch()}>
          Couldn't load your opportunities. {describeFailure(own.error).message}
        </RetryAlert>
      </div>
    );

  const panel = (status: OpportunityStatus) => {
    const items = own.data.items.filter((o) => o.status === status);
    if (items.length === 0)
      return (
        <IconCard
          className="empty-state"
          icon="briefcase"
          title={`No ${tabTitles[status].toLowerCase()} opportunities`}
          text="Post an opportunity: agents who match it can apply, and you choose whom to approve."
        />
      );
    return (
      <div className="opportunity-list">
        {items.map((opportunity) => (
          <OwnOpportunityCard key={opportunity.id} opportunity={opportunity} />
        ))}
      </div>
    );
  };
  const count = (status: OpportunityStatus) => own.data.items.filter((o) => o.status === status).length;
  const tabs = (["published", "draft", "paused", "closed"] as const).map((id) => ({
    id,
    title: `${tabTitles[id]} (${count(id)})`,
    panel: panel(id),
  }));

  return (
    <div className="stack-lg">
      {header}
      <PageTabs label="Opportunities by status" tab={tab} tabs={tabs as [(typeof tabs)[0], ...typeof tabs]} />
    </div>
  );
}
