/**
 * The dashboard of a business with a profile (spec §2.8): greeting, Active Agents, Pending
 * Applications (the caller's real partnership counts) and Agent Performance tiles, a search
 * panel to /business/find-agents, up to 2 active agents with Message links, and the 3
 * best-matching agents.
 */
import {
  type BusinessProfile,
  Button,
  Card,
  CardContent,
  DashboardPartners,
  Icon,
  InputField,
  LinkButton,
  locationLabel,
  PageHeader,
  SelectField,
  StatTile,
  TopMatches,
  useAgentSearch,
  useCatalogue,
  usePartnershipCounts,
} from "@closr/ui";
import { type FormEvent, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { AgentCard } from "../../../components/agent-card.tsx";

export function BusinessHome({ profile }: { profile: BusinessProfile }) {
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const matches = useAgentSearch({ sort: "match" }, 3);
  const counts = usePartnershipCounts();
  const [keyword, setKeyword] = useState("");
  const [location, setLocation] = useState<string>(profile.location);
  const emojiByName = useMemo(
    () => new Map(catalogue.data?.skills.map((skill) => [skill.name, skill.emoji]) ?? []),
    [catalogue.data],
  );

  const search = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    if (keyword.trim()) params.set("q", keyword.trim());
    if (location) params.set("location", location);
    const query = params.toString();
    navigate(`/business/find-agents${query ? `?${query}` : ""}`);
  };

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

      <Card className="dashboard-panel">
        <CardContent>
          <div className="dashboard-panel-head">
            <h2>Find sales agents</h2>
            <LinkButton href="/business/find-agents" variant="ghost" size="sm">
              Advanced search <Icon name="arrowRight" size={16} />
            </LinkButton>
          </div>
          <form className="quick-search" aria-label="Search agents" onSubmit={search}>
            <InputField
              label="Keyword"
              type="search"
              placeholder="e.g. enterprise SaaS"
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
            />
            <SelectField
              label="Location"
              value={location}
              onChange={(event) => setLocation(event.target.value)}
            >
              <option value="">All locations</option>
              {(catalogue.data?.locations ?? [profile.location]).map((value) => (
                <option key={value} value={value}>
                  {locationLabel(value)}
                </option>
              ))}
            </SelectField>
            <Button type="submit">Search Agents</Button>
          </form>
        </CardContent>
      </Card>

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
