/**
 * The dashboards' "Top matches" panel (spec §2.8, §2.9 dashboards): the best-ranked profiles of
 * the other side, with View all to the find page, a load error with Retry, skeletons while
 * loading, and an empty text.
 */

import { describeFailure } from "@closr/client";
import { Icon, LinkButton, RetryAlert } from "@closr/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ResultGridSkeleton } from "./profile-ui.tsx";
import type { ProfilePage } from "./profiles-api.ts";

export interface TopMatchesProps<T extends { id: number }> {
  readonly results: UseQueryResult<ProfilePage<T>>;
  /** Plural noun for the empty text: "agents", "businesses". */
  readonly noun: string;
  /** The find page ("/business/find-agents"). */
  readonly viewAllHref: string;
  readonly renderItem: (item: T) => ReactNode;
}

export function TopMatches<T extends { id: number }>({
  results,
  noun,
  viewAllHref,
  renderItem,
}: TopMatchesProps<T>) {
  return (
    <section className="stack-lg" aria-labelledby="top-matches">
      <div className="dashboard-panel-head">
        <h2 id="top-matches" className="card-title">
          Top matches
        </h2>
        <LinkButton href={viewAllHref} variant="ghost" size="sm">
          View all <Icon name="arrowRight" size={16} />
        </LinkButton>
      </div>
      {results.isError ? (
        <RetryAlert onRetry={() => void results.refetch()}>
          Couldn't load your matches. {describeFailure(results.error).message}
        </RetryAlert>
      ) : !results.data ? (
        <ResultGridSkeleton count={3} />
      ) : results.data.items.length === 0 ? (
        <p className="muted">No {noun} to suggest yet.</p>
      ) : (
        <div className="result-grid">{results.data.items.map(renderItem)}</div>
      )}
    </section>
  );
}
