/**
 * The layout both find pages share (spec §2.8 Find Agents, §2.9 Find Businesses): the filter
 * panel (each page's own fields, then Verified only and Reset Filters; skeletons while the
 * catalogue loads, an error if it fails), the keyword box, the results count, the sort select,
 * and the results with pagination. All state lives in the URL (useUrlSearch).
 */

import { describeFailure } from "@closr/client";
import { Button, CheckboxField, SelectField, Skeleton } from "@closr/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useCallback } from "react";
import { countLabel } from "./profile-format.ts";
import { FilterPanel, KeywordSearch } from "./profile-ui.tsx";
import type { ProfilePage } from "./profiles-api.ts";
import { SearchResults } from "./search-results.tsx";
import type { SearchPatch } from "./use-url-search.ts";

export interface FindLayoutProps<T extends { id: number }> {
  /** The filter panel's accessible name ("Agent filters"). */
  readonly filterLabel: string;
  /** The page's own filter fields; undefined while the catalogue loads or when it failed. */
  readonly filters: ReactNode | undefined;
  /** The catalogue's load error, if any. */
  readonly filtersError: unknown;
  readonly skeletonCount: number;
  /** Filters set in the URL, for the panel's badge. */
  readonly activeFilters: number;
  readonly verified: boolean;
  /** The keyword, sort and page from the URL. */
  readonly keyword: string;
  readonly keywordPlaceholder: string;
  readonly sort: string | undefined;
  /** [value, label] pairs; "match" (the default) first. */
  readonly sortOptions: readonly (readonly [string, string])[];
  readonly update: (patch: SearchPatch) => void;
  readonly reset: () => void;
  readonly results: UseQueryResult<ProfilePage<T>>;
  /** Singular and plural nouns: ["agent", "agents"]. */
  readonly nouns: readonly [string, string];
  readonly renderItem: (item: T) => ReactNode;
}

export function FindLayout<T extends { id: number }>(props: FindLayoutProps<T>) {
  const { update, reset, results, sort } = props;
  const [one, many] = props.nouns;
  const data = results.data;
  const onKeyword = useCallback((q: string) => update({ q }), [update]);
  const canReset = props.activeFilters > 0 || props.keyword !== "" || sort !== undefined;
  return (
    <div className="search-layout">
      <FilterPanel activeCount={props.activeFilters} label={props.filterLabel}>
        {props.filters ? (
          <>
            {props.filters}
            <CheckboxField
              label="Verified only"
              checked={props.verified}
              onChange={(checked) => update({ verified: checked ? "true" : undefined })}
            />
            <Button variant="outline" onPress={reset} isDisabled={!canReset}>
              Reset Filters
            </Button>
          </>
        ) : props.filtersError ? (
          <p className="field-error">
            Couldn't load the filters. {describeFailure(props.filtersError).message}
          </p>
        ) : (
          <div className="stack-sm" aria-hidden="true">
            {Array.from({ length: props.skeletonCount }, (_, i) => (
              <Skeleton key={i} height="2.6rem" />
            ))}
          </div>
        )}
      </FilterPanel>

      <div className="search-main">
        <KeywordSearch value={props.keyword} onSearch={onKeyword} placeholder={props.keywordPlaceholder} />
        <div className="results-bar">
          <p className="results-count" aria-live="polite">
            {data ? countLabel(data.total, one, many, data.totalCapped) : results.isError ? "" : "Searching…"}
          </p>
          <SelectField
            label="Sort by"
            value={sort ?? "match"}
            onChange={(event) =>
              update({ sort: event.target.value === "match" ? undefined : event.target.value })
            }
          >
            {props.sortOptions.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        </div>

        <SearchResults
          results={results}
          noun={many}
          onReset={reset}
          onPage={(page) => update({ page: page === 1 ? undefined : page })}
          renderItem={props.renderItem}
        />
      </div>
    </div>
  );
}
