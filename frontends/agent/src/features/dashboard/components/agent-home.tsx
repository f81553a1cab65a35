/**
 * The dashboard of an agent with a profile (spec §2.9): greeting with the username, the
 * Current Partnerships, Pending Opportunities and Monthly Commission tiles (commission: the sum
 * of the agent's invoices paid this month, issue 5), partners, a filter panel to /agent/find-businesses
 * and the 3 best-matching businesses.
 */
import {
  type AgentProfile,
  industryLabel,
  PartyHome,
  StatTile,
  useBusinessSearch,
  useCatalogue,
  useSizeLabels,
} from "@closr/partner-kit";
import { formatMoney } from "@closr/ui";
import { BusinessCard } from "../../find-businesses/components/business-card.tsx";
import { useMonthlyCommission } from "../../invoices/api/invoices-api.ts";

export function AgentHome({ profile, username }: { profile: AgentProfile; username: string }) {
  const catalogue = useCatalogue();
  const matches = useBusinessSearch({ sort: "match" }, 3);
  const commission = useMonthlyCommission();
  const sizeLabels = useSizeLabels();

  return (
    <PartyHome
      party="agent"
      title={`Welcome, ${username}!`}
      description={`${profile.fullName} · ${profile.specialization}`}
      thirdTile={() => (
        <StatTile
          icon="dollar"
          label="Monthly Commission"
          value={commission.data ? formatMoney(commission.data.paidThisMonth) : "–"}
          note={
            commission.data
              ? `Gross this month · ${formatMoney(commission.data.netThisMonth)} net after fees`
              : "Invoices paid this month"
          }
        />
      )}
      searchOptions={(catalogue.data?.industries ?? []).map((value) => ({
        value,
        label: industryLabel(value),
      }))}
      matches={matches}
      renderMatch={(business) => (
        <BusinessCard key={business.id} business={business} sizeLabels={sizeLabels} />
      )}
    />
  );
}
