/**
 * The dashboard of an agent with a profile (spec §2.9): greeting with the username, the
 * Current Partnerships, Pending Opportunities and Monthly Commission tiles (commission: the sum
 * of the agent's invoices paid this month, issue 5), partners, a filter panel to /agent/find-businesses
 * and the 3 best-matching businesses.
 */
import {
  type AgentProfile,
  Button,
  Card,
  CardContent,
  DashboardPartners,
  formatMoney,
  Icon,
  InputField,
  industryLabel,
  LinkButton,
  PageHeader,
  SelectField,
  StatTile,
  TopMatches,
  useBusinessSearch,
  useCatalogue,
  usePartnershipCounts,
} from "@closr/ui";
import { type FormEvent, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { BusinessCard } from "../../../components/business-card.tsx";
import { useMonthlyCommission } from "../../invoices/api/invoices-api.ts";

export function AgentHome({ profile, username }: { profile: AgentProfile; username: string }) {
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const matches = useBusinessSearch({ sort: "match" }, 3);
  const counts = usePartnershipCounts();
  const commission = useMonthlyCommission();
  const [keyword, setKeyword] = useState("");
  const [industry, setIndustry] = useState("");
  const sizeLabels = useMemo(
    () => new Map(catalogue.data?.sizes.map((size) => [size.value, size.label]) ?? []),
    [catalogue.data],
  );

  const search = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    if (keyword.trim()) params.set("q", keyword.trim());
    if (industry) params.set("industry", industry);
    const query = params.toString();
    navigate(`/agent/find-businesses${query ? `?${query}` : ""}`);
  };

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

      <Card className="dashboard-panel">
        <CardContent>
          <div className="dashboard-panel-head">
            <h2>Find businesses</h2>
            <LinkButton href="/agent/find-businesses" variant="ghost" size="sm">
              All filters <Icon name="arrowRight" size={16} />
            </LinkButton>
          </div>
          <form className="quick-search" aria-label="Search businesses" onSubmit={search}>
            <InputField
              label="Keyword"
              type="search"
              placeholder="e.g. healthcare software"
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
            />
            <SelectField
              label="Industry"
              value={industry}
              onChange={(event) => setIndustry(event.target.value)}
            >
              <option value="">All industries</option>
              {(catalogue.data?.industries ?? []).map((value) => (
                <option key={value} value={value}>
                  {industryLabel(value)}
                </option>
              ))}
            </SelectField>
            <Button type="submit">Search Businesses</Button>
          </form>
        </CardContent>
      </Card>

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
