/**
 * The partnerships page of both sides (spec §2.8 "Agent Partnerships" /business/active-agents,
 * §2.9 "Business Partnerships" /agent/current-partners): tabs "Active Partnerships (n)" and
 * "Pending Requests (n)" with the caller's counts; active cards with End Partnership; pending
 * cards (received first) with Accept/Reject or Withdraw; empty states linking to the find page.
 * The tabs are links (PageTabs, ADR 0056): the selected one lives in the URL (?tab=pending), so
 * the dashboards can link to it.
 */

import { describeFailure, type Partnership, type PartnershipSide, usePartnerships } from "@closr/client";
import {
  Alert,
  Button,
  Icon,
  IconCard,
  LinkButton,
  PageHeader,
  PageSpinner,
  PageTabs,
  RetryAlert,
  usePageTab,
} from "@closr/ui";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { useOwnAgentProfile, useOwnBusinessProfile } from "../profiles/profiles-api.ts";
import { sideCopy } from "./connect-button.tsx";
import { ActivePartnershipCard, PendingPartnershipCard } from "./partnership-card.tsx";

const pageCopy = {
  business: {
    title: "Agent Partnerships",
    description: "Your active agents and the connection requests waiting on you or them.",
    findLabel: "Find Agents",
    createProfile: "/business/create-profile",
    createLabel: "Create Business Profile",
    emptyActive: "No active partnerships yet. Find agents and send a connection request to get started.",
  },
  agent: {
    title: "Business Partnerships",
    description: "The businesses you sell for and the connection requests in progress.",
    findLabel: "Find Businesses",
    createProfile: "/agent/create-profile",
    createLabel: "Create Agent Profile",
    emptyActive: "No active partnerships yet. Find businesses and send a connection request to get started.",
  },
} as const;

function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <IconCard className="empty-state" icon="users" title={title} text={text}>
      {action}
    </IconCard>
  );
}

/** One tab's partnerships, each as `PartnershipCard` (active or pending), or `empty` when none. */
function PartnershipList({
  items,
  PartnershipCard,
  side,
  onPlanLimit,
  empty,
}: {
  items: readonly Partnership[];
  PartnershipCard: typeof ActivePartnershipCard;
  side: PartnershipSide;
  onPlanLimit: (detail: string) => void;
  empty: ReactNode;
}) {
  if (items.length === 0) return empty;
  return (
    <div className="partnership-list">
      {items.map((partnership) => (
        <PartnershipCard
          key={partnership.id}
          partnership={partnership}
          side={side}
          onPlanLimit={onPlanLimit}
        />
      ))}
    </div>
  );
}

export function PartnershipsPage({ side }: { side: PartnershipSide }) {
  const copy = { ...pageCopy[side], ...sideCopy[side] };
  const [tab] = usePageTab(["active", "pending"]);
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const open = usePartnerships();
  const ownBusiness = useOwnBusinessProfile(side === "business");
  const ownAgent = useOwnAgentProfile(side === "agent");
  const ownProfile = side === "business" ? ownBusiness.data : ownAgent.data;

  const header = <PageHeader title={copy.title} description={copy.description} />;
  if (open.isPending) {
    return (
      <div className="stack-lg">
        {header}
        <PageSpinner label="Loading partnerships" />
      </div>
    );
  }
  if (open.isError) {
    return (
      <div className="stack-lg">
        {header}
        <RetryAlert onRetry={() => void open.refetch()}>
          Couldn't load your partnerships. {describeFailure(open.error).message}
        </RetryAlert>
      </div>
    );
  }

  const { items, counts, total } = open.data;
  const active = items.filter((p) => p.status === "active");
  const pending = items
    .filter((p) => p.status === "pending")
    .sort((a, b) => (a.direction === b.direction ? 0 : a.direction === "incoming" ? -1 : 1));
  const findAction = (
    <LinkButton href={copy.findPath} variant="outline">
      <Icon name="search" size={16} /> {copy.findLabel}
    </LinkButton>
  );

  /** The two tabs: open partnerships, then requests waiting for an answer. */
  const tabs = [
    {
      id: "active",
      title: `Active Partnerships (${counts.active})`,
      panel: (
        <PartnershipList
          items={active}
          PartnershipCard={ActivePartnershipCard}
          side={side}
          onPlanLimit={setPlanLimit}
          empty={<EmptyState title="No active partnerships" text={copy.emptyActive} action={findAction} />}
        />
      ),
    },
    {
      id: "pending",
      title: `Pending Requests (${counts.pending})`,
      panel: (
        <PartnershipList
          items={pending}
          PartnershipCard={PendingPartnershipCard}
          side={side}
          onPlanLimit={setPlanLimit}
          empty={
            <EmptyState
              title="No pending requests"
              text="Connection requests you send or receive appear here until they're answered."
              action={findAction}
            />
          }
        />
      ),
    },
  ] as const;

  return (
    <div className="stack-lg">
      {header}
      {ownProfile === null ? (
        <Alert variant="info">
          <div className="inline-alert">
            <span>{copy.profileRequired} to send or receive connection requests.</span>
            <LinkButton href={copy.createProfile} size="sm">
              {copy.createLabel}
            </LinkButton>
          </div>
        </Alert>
      ) : null}
      {planLimit ? (
        <Alert>
          <div className="inline-alert">
            <span>
              {planLimit}{" "}
              <Link to="/pricing" className="text-link">
                See plans and pricing
              </Link>
            </span>
            <Button variant="ghost" size="sm" onPress={() => setPlanLimit(null)}>
              Dismiss
            </Button>
          </div>
        </Alert>
      ) : null}
      {total > items.length ? (
        <p className="muted">
          Showing the newest {items.length} of {total} open partnerships.
        </p>
      ) : null}
      <div className="partnership-tabs">
        <PageTabs label="Partnerships" tab={tab} tabs={tabs} />
      </div>
    </div>
  );
}
