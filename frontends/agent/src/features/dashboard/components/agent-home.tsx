/**
 * The dashboard of an agent with a profile (spec §2.9): greeting with the username, the
 * Current Partnerships, Pending Opportunities and Monthly Commission tiles (commission: the sum
 * of the agent's invoices paid this month, issue 5), partners, a filter panel to /agent/find-businesses
 * and the 3 best-matching businesses.
 */
import {
  type AgentProfile,
  DashboardPartners,
  formatMoney,
  industryLabel,
  LinkButton,
  PageHeader,
  QuickSearchPanel,
  StatTile,
  TopMatches,
  useBusinessSearch,
  useCatalogue,
  usePartnershipCounts,
} from "@closr/ui";
import { useMemo } from "react";
import { BusinessCard } from "../../../components/business-card.tsx";
import { useMonthlyCommission } from "../../invoices/api/invoices-api.ts";

export function AgentHome({ profile, username }: { profile: AgentProfile; username: string }) {
  const catalogue = useCatalogue();
  const matches = useBusinessSearch({ sort: "match" }, 3);
  const counts = usePartnershipCounts();
  const commission = useMonthlyCommission();
  const sizeLabels = useMemo(
    () => new Map(catalogue.data?.sizes.map((size) => [size.value, size.label]) ?? []),
    [catalogue.data],
  );

  return (
    <div className="stack-lg">
      <PageHeader
        title={`Welcome, ${username}!`}
        description={`${profile.fullName} · ${profile.specialization}`}
        actions={
          <LinkButton href="/agent/profile" variant="outline">
            Edit Profile
          </LinkButton>
        }
      />
      <div className="stat-grid">
        <StatTile icon="users" label="Current Partnerships" value={counts.active} note="Active partners" />
        <StatTile
          icon="bell"
          label="Pending Opportunities"
          value={counts.pending}
          note="Connection requests sent or received"
        />
        <StatTile
          icon="dollar"
          label="Monthly Commission"
          value={commission.data ? formatMoney(commission.data.paidThisMonth) : "–"}
          note="Invoices paid this month"
        />
      </div>

      <QuickSearchPanel
        party="agent"
        options={(catalogue.data?.industries ?? []).map((value) => ({ value, label: industryLabel(value) }))}
      />

      <DashboardPartners side="agent" title="Active partners" />

      <TopMatches
        results={matches}
        noun="businesses"
        viewAllHref="/agent/find-businesses"
        renderItem={(business) => (
          <BusinessCard key={business.id} business={business} sizeLabels={sizeLabels} />
        )}
      />
    </div>
  );
}
