/**
 * The dashboard of a business with a profile (spec §2.8): greeting, Active Agents, Pending
 * Applications (the caller's real partnership counts) and Agent Performance tiles, a search
 * panel to /business/find-agents, up to 2 active agents with Message links, and the 3
 * best-matching agents.
 */
import {
  type BusinessProfile,
  DashboardPartners,
  LinkButton,
  locationLabel,
  PageHeader,
  QuickSearchPanel,
  StatTile,
  TopMatches,
  useAgentSearch,
  useCatalogue,
  usePartnershipCounts,
} from "@closr/ui";
import { useMemo } from "react";
import { AgentCard } from "../../../components/agent-card.tsx";

export function BusinessHome({ profile }: { profile: BusinessProfile }) {
  const catalogue = useCatalogue();
  const matches = useAgentSearch({ sort: "match" }, 3);
  const counts = usePartnershipCounts();
  const emojiByName = useMemo(
    () => new Map(catalogue.data?.skills.map((skill) => [skill.name, skill.emoji]) ?? []),
    [catalogue.data],
  );

  return (
    <div className="stack-lg">
      <PageHeader
        title={`Welcome back, ${profile.companyName}!`}
        description="Here's how your agent search is going."
        actions={
          <LinkButton href="/business/profile" variant="outline">
            Edit Profile
          </LinkButton>
        }
      />
      <div className="stat-grid">
        <StatTile icon="users" label="Active Agents" value={counts.active} note="Agents you partner with" />
        <StatTile
          icon="bell"
          label="Pending Applications"
          value={counts.pending}
          note="Connection requests sent or received"
        />
        {counts.active === 0 ? (
          <StatTile icon="chart" label="Agent Performance" value="N/A" note="No active agents yet" />
        ) : (
          <StatTile
            icon="chart"
            label="Agent Performance"
            value="Coming soon"
            note="Sales figures arrive with invoicing"
          />
        )}
      </div>

      <QuickSearchPanel
        party="business"
        initialFilter={profile.location}
        options={(catalogue.data?.locations ?? [profile.location]).map((value) => ({
          value,
          label: locationLabel(value),
        }))}
      />

      <DashboardPartners side="business" title="Active agents" />

      <TopMatches
        results={matches}
        noun="agents"
        viewAllHref="/business/find-agents"
        renderItem={(agent) => <AgentCard key={agent.id} agent={agent} emojiByName={emojiByName} />}
      />
    </div>
  );
}
