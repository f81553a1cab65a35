/**
 * /agent/opportunities — issue 44, the agent's side: tabs Find (keyword search with the
 * profile search's typo tolerance, filters for location, commission model and minimum rate, 12
 * results a page, state in the URL), My applications (with Withdraw until approved) and
 * Invitations (Accept opens the apply form on the opportunity's page; Decline).
 */

import { describeFailure, failureToast } from "@closr/client";
import {
  type Application,
  applicationStatusLabels,
  type Invitation,
  invitationStatusLabels,
  KeywordSearch,
  locationOptions,
  modelLabels,
  modelSummary,
  Pagination,
  pageFrom,
  useCatalogue,
  useUrlSearch,
} from "@closr/partner-kit";
import {
  Badge,
  Button,
  formatDateTime,
  IconCard,
  LinkButton,
  NumberField,
  PageHeader,
  PageSpinner,
  PageTabs,
  RetryAlert,
  SelectField,
  toast,
  usePageTab,
} from "@closr/ui";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  type OpportunitySearch,
  useDeclineInvitation,
  useMyApplications,
  useMyInvitations,
  useOpportunitySearch,
  useWithdrawApplication,
} from "../api/opportunities-api.ts";
import { OpportunityCard } from "./opportunity-card.tsx";

const PAGE_SIZE = 12;
type Model = NonNullable<OpportunitySearch["model"]>;

function FindTab() {
  const { params, update } = useUrlSearch();
  const catalogue = useCatalogue();
  const page = pageFrom(params.get("page")) ?? 1;
  const search: OpportunitySearch = {
    page,
    pageSize: PAGE_SIZE,
    ...(params.get("q") ? { q: params.get("q") ?? "" } : {}),
    ...(params.get("location")
      ? { location: params.get("location") as NonNullable<OpportunitySearch["location"]> }
      : {}),
    ...(params.get("model") ? { model: params.get("model") as Model } : {}),
    ...(params.get("minimumRate") ? { minimumRate: Number(params.get("minimumRate")) } : {}),
  };
  const results = useOpportunitySearch(search);
  return (
    <div className="stack">
      <KeywordSearch
        value={params.get("q") ?? ""}
        onSearch={(q) => update({ q: q || undefined })}
        placeholder="e.g. enterprise software"
      />
      <div className="opportunity-filters">
        <SelectField
          label="Location"
          value={params.get("location") ?? ""}
          onChange={(e) => update({ location: e.target.value || undefined })}
          emptyOption="Any location"
          options={locationOptions(catalogue.data?.locations)}
        />
        <SelectField
          label="Commission model"
          value={params.get("model") ?? ""}
          onChange={(e) => update({ model: e.target.value || undefined })}
          emptyOption="Any model"
          options={(Object.keys(modelLabels) as Model[]).map((value) => ({
            value,
            label: modelLabels[value],
          }))}
        />
        <NumberField
          label="Minimum rate (%)"
          min={0}
          max={100}
          step={1}
          value={params.get("minimumRate") ?? ""}
          onValueChange={(value) => update({ minimumRate: value || undefined })}
        />
      </div>
      {results.isPending ? (
        <PageSpinner label="Searching opportunities" />
      ) : results.isError ? (
        <RetryAlert onRetry={() => void results.refetch()}>
          Couldn't search opportunities. {describeFailure(results.error).message}
        </RetryAlert>
      ) : results.data.items.length === 0 ? (
        <IconCard
          className="empty-state"
          icon="search"
          title="No opportunities match"
          text="Try fewer words or clear a filter."
        />
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {results.data.total}
            {results.data.totalCapped ? "+" : ""} opportunit{results.data.total === 1 ? "y" : "ies"} found
          </p>
          <div className="opportunity-list">
            {results.data.items.map((opportunity) => (
              <OpportunityCard key={opportunity.id} opportunity={opportunity} />
            ))}
          </div>
          <Pagination
            page={page}
            pageCount={Math.ceil(results.data.total / PAGE_SIZE)}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </div>
  );
}

const open: readonly Application["status"][] = ["submitted", "shortlisted", "interview"];

function ApplicationCard({ application }: { application: Application }) {
  const withdraw = useWithdrawApplication();
  const o = application.opportunity;
  return (
    <article className="card opportunity-card" aria-label={o.title}>
      <div className="opportunity-card-head">
        <h2 className="opportunity-card-title">
          <Link to={`/agent/opportunities/${o.id}`} className="text-link">
            {o.title}
          </Link>
        </h2>
        <Badge variant={application.status === "approved" ? "success" : "outline"}>
          {applicationStatusLabels[application.status]}
        </Badge>
      </div>
      <p className="muted">
        {o.business.companyName} · {modelSummary(o.model)} · applied {formatDateTime(application.createdAt)}
      </p>
      <div className="opportunity-actions">
        {open.includes(application.status) ? (
          <Button
            size="sm"
            variant="outline"
            isPending={withdraw.isPending}
            aria-label={`Withdraw application to ${o.title}`}
            onPress={() =>
              withdraw.mutate(application.id, {
                onSuccess: () => toast({ title: "Application withdrawn" }),
                onError: failureToast("Couldn't withdraw the application"),
              })
            }
          >
            Withdraw
          </Button>
        ) : null}
        {application.partnershipId !== null ? (
          <LinkButton
            size="sm"
            variant="outline"
            href={`/agent/current-partners/${application.partnershipId}/agreement`}
          >
            View agreement
          </LinkButton>
        ) : null}
      </div>
    </article>
  );
}

function InvitationCard({ invitation }: { invitation: Invitation }) {
  const decline = useDeclineInvitation();
  const o = invitation.opportunity;
  return (
    <article className="card opportunity-card" aria-label={o.title}>
      <div className="opportunity-card-head">
        <h2 className="opportunity-card-title">{o.title}</h2>
        <Badge variant={invitation.status === "pending" ? "default" : "outline"}>
          {invitationStatusLabels[invitation.status]}
        </Badge>
      </div>
      <p className="muted">
        {o.business.companyName} · {modelSummary(o.model)}
        {invitation.status === "pending" ? ` · answer by ${formatDateTime(invitation.expiresAt)}` : ""}
      </p>
      {invitation.message ? <p className="opportunity-cover">{invitation.message}</p> : null}
      {invitation.status === "pending" ? (
        <div className="opportunity-actions">
          <LinkButton size="sm" href={`/agent/opportunities/${o.id}?invitation=${invitation.id}`}>
            Accept and apply
          </LinkButton>
          <Button
            size="sm"
            variant="ghost"
            isPending={decline.isPending}
            aria-label={`Decline invitation to ${o.title}`}
            onPress={() =>
              decline.mutate(invitation.id, {
                onSuccess: () => toast({ title: "Invitation declined" }),
                onError: failureToast("Couldn't decline the invitation"),
              })
            }
          >
            Decline
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/** A list tab: loading, failure with Retry, the empty card, or the items drawn by `render`. */
function ListTab<T>({
  query,
  items,
  noun,
  empty,
  render,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  items: readonly T[] | undefined;
  noun: string;
  empty: string;
  render: (item: T) => ReactNode;
}) {
  if (query.isPending) return <PageSpinner label={`Loading ${noun}`} />;
  if (query.isError || !items)
    return <RetryAlert onRetry={() => void query.refetch()}>Couldn't load your {noun}.</RetryAlert>;
  if (items.length === 0)
    return <IconCard className="empty-state" icon="briefcase" title={`No ${noun} yet`} text={empty} />;
  return <div className="opportunity-list">{items.map(render)}</div>;
}

export function AgentOpportunitiesPage() {
  const [tab] = usePageTab(["find", "applications", "invitations"]);
  const applications = useMyApplications();
  const invitations = useMyInvitations();
  const pendingInvitations = (invitations.data?.items ?? []).filter((i) => i.status === "pending").length;
  return (
    <div className="stack-lg">
      <PageHeader
        title="Opportunities"
        description="What businesses need sold: search, apply, and follow your applications."
      />
      <PageTabs
        label="Opportunities"
        tab={tab}
        tabs={[
          { id: "find", title: "Find opportunities", panel: <FindTab /> },
          {
            id: "applications",
            title: `My applications (${applications.data?.total ?? 0})`,
            panel: (
              <ListTab
                query={applications}
                items={applications.data?.items}
                noun="applications"
                empty="Find an opportunity and apply: your applications and their progress show here."
                render={(application) => <ApplicationCard key={application.id} application={application} />}
              />
            ),
          },
          {
            id: "invitations",
            title: `Invitations (${pendingInvitations})`,
            panel: (
              <ListTab
                query={invitations}
                items={invitations.data?.items}
                noun="invitations"
                empty="Businesses that want you for an opportunity invite you here; an invitation lasts 48 hours."
                render={(invitation) => <InvitationCard key={invitation.id} invitation={invitation} />}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
