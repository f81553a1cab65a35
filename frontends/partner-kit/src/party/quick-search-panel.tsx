/**
 * The dashboards' search panel (spec §2.8 "Find sales agents", §2.9 "Find businesses"): a
 * keyword and one filter select, sending the caller to their find page with `q` and the filter
 * in the query string (empty values left out). The words, the filter and the link differ by
 * party (`panelCopy`); the filter's options come from the caller.
 */

import { Button, Card, CardContent, Icon, InputField, LinkButton, SelectField } from "@closr/ui";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { type Party, partyAreas } from "./party-nav.ts";

const panelCopy: Record<
  Party,
  {
    title: string;
    moreLabel: string;
    formLabel: string;
    placeholder: string;
    filter: { key: string; label: string; all: string };
    submit: string;
  }
> = {
  business: {
    title: "Find sales agents",
    moreLabel: "Advanced search",
    formLabel: "Search agents",
    placeholder: "e.g. enterprise SaaS",
    filter: { key: "location", label: "Location", all: "All locations" },
    submit: "Search Agents",
  },
  agent: {
    title: "Find businesses",
    moreLabel: "All filters",
    formLabel: "Search businesses",
    placeholder: "e.g. healthcare software",
    filter: { key: "industry", label: "Industry", all: "All industries" },
    submit: "Search Businesses",
  },
};

/** The find page's path with `q` and the filter, leaving out empty values. */
export function quickSearchHref(party: Party, keyword: string, filter: string): string {
  const params = new URLSearchParams();
  if (keyword.trim()) params.set("q", keyword.trim());
  if (filter) params.set(panelCopy[party].filter.key, filter);
  const query = params.toString();
  return `/${party}/${partyAreas[party].find.path}${query ? `?${query}` : ""}`;
}

export function QuickSearchPanel({
  party,
  options,
  initialFilter = "",
}: {
  party: Party;
  /** The filter's choices, value and label. */
  options: readonly { value: string; label: string }[];
  initialFilter?: string;
}) {
  const navigate = useNavigate();
  const copy = panelCopy[party];
  const [keyword, setKeyword] = useState("");
  const [filter, setFilter] = useState(initialFilter);
  const search = (event: FormEvent) => {
    event.preventDefault();
    navigate(quickSearchHref(party, keyword, filter));
  };
  return (
    <Card className="dashboard-panel">
      <CardContent>
        <div className="dashboard-panel-head">
          <h2>{copy.title}</h2>
          <LinkButton href={`/${party}/${partyAreas[party].find.path}`} variant="ghost" size="sm">
            {copy.moreLabel} <Icon name="arrowRight" size={16} />
          </LinkButton>
        </div>
        <form className="quick-search" aria-label={copy.formLabel} onSubmit={search}>
          <InputField
            label="Keyword"
            type="search"
            placeholder={copy.placeholder}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
          />
          <SelectField
            label={copy.filter.label}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            emptyOption={copy.filter.all}
            options={options}
          />
          <Button type="submit">{copy.submit}</Button>
        </form>
      </CardContent>
    </Card>
  );
}
