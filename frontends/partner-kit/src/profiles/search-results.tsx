/**
 * The results area of Find Agents / Find Businesses: load error with Retry, loading skeletons,
 * the empty state ("No agents found" with Reset Filters, spec §2.8), or the card grid with
 * pagination. Previous results stay visible, dimmed, while the next page loads.
 */

import { describeFailure } from "@closr/client";
import { Button, IconCard, RetryAlert } from "@closr/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Pagination, ResultGridSkeleton } from "./profile-ui.tsx";
import { PAGE_SIZE, type ProfilePage } from "./profiles-api.ts";

export interface SearchResultsProps<T extends { id: number }> {
  readonly results: UseQueryResult<ProfilePage<T>>;
  /** Plural noun for messages: "agents", "businesses". */
  readonly noun: string;
  readonly renderItem: (item: T) => ReactNode;
  readonly onReset: () => void;
  /** Called with the page to show (from 1). */
  readonly onPage: (page: number) => void;
}

export function SearchResults<T extends { id: number }>({
  results,
  noun,
  renderItem,
  onReset,
  onPage,
}: SearchResultsProps<T>) {
  const data = results.data;
  if (results.isError) {
    return (
      <RetryAlert onRetry={() => void results.refetch()}>
        Couldn't load {noun}. {describeFailure(results.error).message}
      </RetryAlert>
    );
  }
  if (!data) return <ResultGridSkeleton count={PAGE_SIZE / 2} />;
  if (data.items.length === 0) {
    return (
      <IconCard
        className="empty-state"
        icon="search"
        title={`No ${noun} found`}
        text="Try fewer filters or a different keyword."
      >
        <Button variant="outline" onPress={onReset}>
          Reset Filters
        </Button>
      </IconCard>
    );
  }
  return (
    <>
      <div
        className="result-grid"
        data-stale={results.isPlaceholderData || undefined}
        aria-busy={results.isFetching || undefined}
      >
        {data.items.map(renderItem)}
      </div>
      <Pagination
        page={data.page}
        pageCount={Math.max(1, Math.ceil(data.total / data.pageSize))}
        onPage={(page) => {
          onPage(page);
          window.scrollTo({ top: 0 });
        }}
      />
    </>
  );
}
