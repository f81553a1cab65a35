/**
 * Find Agents (spec §2.8) and Find Businesses (§2.9), written once and parameterised by the
 * caller's `Party`: the header, the create-profile hint when the caller has no profile, and
 * FindLayout with the page's filter selects given as data (`FindFilter`). Each page keeps what
 * is its own: parsing the URL into a search, the filters' lists and the result card. The words
 * differ by party (`findCopy`).
 */

import { PageHeader, SelectField, type SelectOption } from "@closr/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { FindLayout } from "../profiles/find-layout.tsx";
import { locationOptions } from "../profiles/profile-format.ts";
import type { ProfilePage } from "../profiles/profiles-api.ts";
import type { SearchPatch } from "../profiles/use-url-search.ts";
import { CreateProfileHint } from "./create-profile-hint.tsx";
import type { Party } from "./party-nav.ts";

const findCopy: Record<
  Party,
  {
    title: string;
    description: string;
    filterLabel: string;
    keywordPlaceholder: string;
    nouns: [string, string];
  }
> = {
  business: {
    title: "Find Agents",
    description:
      "Search commission-based sales agents across Australia, ranked by how well they match your business.",
    filterLabel: "Agent filters",
    keywordPlaceholder: "Name, specialisation, skills or bio",
    nouns: ["agent", "agents"],
  },
  agent: {
    title: "Find Businesses",
    description:
      "Browse Australian businesses looking for commission-based sales agents, ranked by how well they match you.",
    filterLabel: "Business filters",
    keywordPlaceholder: "Company name, industry or description",
    nouns: ["business", "businesses"],
  },
};

/** One filter select bound to a URL key. */
export type FindFilter = {
  /** The query-string key it sets. */
  key: string;
  label: string;
  /** The current value ("" for none). */
  value: string;
  /** The "" choice ("All locations"); omit when `clearValue` stands for none. */
  emptyOption?: string;
  /** A choice that means "no filter" and clears the key (e.g. "0" for any commission). */
  clearValue?: string;
  options: readonly SelectOption[];
};

/** The Location filter both find pages show ("All locations", then the catalogue's). */
export const locationFilter = (
  value: string | undefined,
  locations: readonly string[] | undefined,
): FindFilter => ({
  key: "location",
  label: "Location",
  value: value ?? "",
  emptyOption: "All locations",
  options: locationOptions(locations),
});

export function PartyFindPage<T extends { id: number }>({
  party,
  hasProfile,
  params,
  search,
  filters,
  filtersReady,
  filtersError,
  sortOptions,
  update,
  reset,
  results,
  renderItem,
}: {
  /** The caller's party. */
  party: Party;
  /** False once the caller is known to have no profile (404): shows the hint. */
  hasProfile: boolean;
  params: URLSearchParams;
  search: { q?: string | undefined; sort?: string | undefined; verified?: string | undefined };
  /** The page's selects (their options may be empty until the catalogue has loaded). */
  filters: readonly FindFilter[];
  /** False while the catalogue loads or when it failed: skeletons or the error show instead. */
  filtersReady: boolean;
  filtersError: unknown;
  sortOptions: readonly (readonly [string, string])[];
  update: (patch: SearchPatch) => void;
  reset: () => void;
  results: UseQueryResult<ProfilePage<T>>;
  renderItem: (item: T) => ReactNode;
}) {
  const copy = findCopy[party];
  const filterKeys = [...filters.map((filter) => filter.key), "verified"];
  return (
    <div className="stack-lg">
      <PageHeader title={copy.title} description={copy.description} />
      {hasProfile ? null : <CreateProfileHint party={party} />}
      <FindLayout
        filterLabel={copy.filterLabel}
        filters={
          filtersReady
            ? filters.map((filter) => (
                <SelectField
                  key={filter.key}
                  label={filter.label}
                  value={filter.value}
                  onChange={(event) =>
                    update({
                      [filter.key]: event.target.value === filter.clearValue ? undefined : event.target.value,
                    })
                  }
                  {...(filter.emptyOption !== undefined ? { emptyOption: filter.emptyOption } : {})}
                  options={filter.options}
                />
              ))
            : undefined
        }
        filtersError={filtersError}
        skeletonCount={filters.length}
        activeFilters={filterKeys.filter((key) => params.has(key)).length}
        verified={search.verified === "true"}
        keyword={search.q ?? ""}
        keywordPlaceholder={copy.keywordPlaceholder}
        sort={search.sort}
        sortOptions={sortOptions}
        update={update}
        reset={reset}
        results={results}
        nouns={copy.nouns}
        renderItem={renderItem}
      />
    </div>
  );
}
