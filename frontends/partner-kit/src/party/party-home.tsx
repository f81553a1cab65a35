/**
 * The dashboard of a caller who has a profile (spec §2.8 business, §2.9 agent), written once
 * and parameterised by `Party`: the greeting with Edit Profile, the stat tiles (the caller's
 * active partnership count, then the pending one (the business's connection requests, the
 * agent's pending opportunities), then the party's own third tile), the quick search
 * panel, up to 2 active partners, and the 3 best matches. The words differ by party (`homeCopy`);
 * the page gives the greeting, its third tile, the search filter's options and the match card.
 */

import type { SelectOption } from "@closr/ui";
import { LinkButton, PageHeader } from "@closr/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { DashboardPartners, usePartnershipCounts } from "../partnerships/dashboard-partners.tsx";
import { StatTile } from "../profiles/profile-ui.tsx";
import type { ProfilePage } from "../profiles/profiles-api.ts";
import { TopMatches } from "../profiles/top-matches.tsx";
import { type Party, partyAreas } from "./party-nav.ts";
import { QuickSearchPanel } from "./quick-search-panel.tsx";

const homeCopy: Record<
  Party,
  {
    active: { label: string; note: string };
    /** The second tile: its label, which count it shows, and what that count is. */
    pending: { label: string; count: "pending" | "pendingOpportunities"; note: string };
    partnersTitle: string;
    matchesNoun: string;
  }
> = {
  business: {
    active: { label: "Active Agents", note: "Agents you partner with" },
    pending: {
      label: "Pending Applications",
      count: "pending",
      note: "Connection requests sent or received",
    },
    partnersTitle: "Active agents",
    matchesNoun: "agents",
  },
  agent: {
    active: { label: "Current Partnerships", note: "Active partners" },
    // Issue 44: pending invitations plus shortlisted applications (counts.pendingOpportunities).
    pending: {
      label: "Pending Opportunities",
      count: "pendingOpportunities",
      note: "Invitations and shortlisted applications",
    },
    partnersTitle: "Active partners",
    matchesNoun: "businesses",
  },
};

export function PartyHome<T extends { id: number }>({
  party,
  title,
  description,
  thirdTile,
  searchOptions,
  searchInitialFilter,
  matches,
  renderMatch,
}: {
  party: Party;
  title: string;
  description: string;
  /** The party's own third tile: given the active partnership count. */
  thirdTile: (active: number | "–") => ReactNode;
  searchOptions: readonly SelectOption[];
  searchInitialFilter?: string;
  matches: UseQueryResult<ProfilePage<T>>;
  renderMatch: (item: T) => ReactNode;
}) {
  const counts = usePartnershipCounts();
  const copy = homeCopy[party];
  return (
    <div className="stack-lg">
      <PageHeader
        title={title}
        description={description}
        actions={
          <LinkButton href={`/${party}/profile`} variant="outline">
            Edit Profile
          </LinkButton>
        }
      />
      <div className="stat-grid">
        <StatTile icon="users" label={copy.active.label} value={counts.active} note={copy.active.note} />
        <StatTile
          icon="bell"
          label={copy.pending.label}
          value={counts[copy.pending.count]}
          note={copy.pending.note}
        />
        {thirdTile(counts.active)}
      </div>

      <QuickSearchPanel
        party={party}
        options={searchOptions}
        {...(searchInitialFilter !== undefined ? { initialFilter: searchInitialFilter } : {})}
      />

      <DashboardPartners side={party} title={copy.partnersTitle} />

      <TopMatches
        results={matches}
        noun={copy.matchesNoun}
        viewAllHref={`/${party}/${partyAreas[party].find.path}`}
        renderItem={renderMatch}
      />
    </div>
  );
}
