/**
 * The dashboard of a business with a profile (spec §2.8): greeting, Active Agents, Pending
 * Applications (the caller's real partnership counts) and Agent Performance (a link to
 * /analytics once an agent is active) tiles, a search
 * panel to /business/find-agents, up to 2 active agents with Message links, and the 3
 * best-matching agents.
 */
import {
  type BusinessProfile,
  locationLabel,
  PartyHome,
  StatTile,
  useAgentSearch,
  useCatalogue,
  useSkillEmojis,
} from "@closr/partner-kit";
import { Link } from "react-router";
import { AgentCard } from "../../find-agents/components/agent-card.tsx";

export function BusinessHome({ profile }: { profile: BusinessProfile }) {
  const catalogue = useCatalogue();
  const matches = useAgentSearch({ sort: "match" }, 3);
  const emojiByName = useSkillEmojis();

  return (
    <PartyHome
      party="business"
      title={`Welcome back, ${profile.companyName}!`}
      description="Here's how your agent search is going."
      thirdTile={(active) =>
        active === 0 ? (
          <StatTile icon="chart" label="Agent Performance" value="N/A" note="No active agents yet" />
        ) : (
          <StatTile
            icon="chart"
            label="Agent Performance"
            value={
              <Link to="/analytics" className="stat-link">
                View analytics
              </Link>
            }
            note="Sales, commission and invoices by agent"
          />
        )
      }
      searchOptions={(catalogue.data?.locations ?? [profile.location]).map((value) => ({
        value,
        label: locationLabel(value),
      }))}
      searchInitialFilter={profile.location}
      matches={matches}
      renderMatch={(agent) => <AgentCard key={agent.id} agent={agent} emojiByName={emojiByName} />}
    />
  );
}
