/**
 * The frame both insights pages share: the side menu of the party's area, the header with the
 * range in words, the range picker (the query lives in the URL), and the loading, error (with
 * Retry) and loaded states of the page's figures; and the chart card every chart section uses
 * (the chart, or an empty state saying what will appear, always followed by its figure table).
 */

import { describeFailure, SideMenuLayout } from "@closr/client";
import { isNoProfile, NoProfileState, partyAreas, partyNavItems } from "@closr/partner-kit";
import { Alert, Button, Card, CardContent, PageHeader, Spinner } from "@closr/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { RangeQuery } from "../api/insights.ts";
import { Chart, type ChartProps } from "./chart.tsx";
import { longDayLabel } from "./insights-parts.tsx";
import { RangePicker, useRangeQuery } from "./range-picker.tsx";
import "./insights.css";

/** What a profile unlocks on each side's insights page (the no-profile empty state). */
const noProfileUnlocks: Record<"business" | "agent", string> = {
  business: "see what your agents bring in",
  agent: "see your performance",
};

/** What an insights page gives the frame: its party, words, query hook and what to show when loaded. */
export interface InsightsPageProps<T extends { range: { from: string; to: string } }> {
  party: "business" | "agent";
  title: string;
  /** The header's sentence without the range, e.g. "What your agents bring in". */
  lead: string;
  /** The spinner's accessible label. */
  loadingLabel: string;
  useFigures: (query: RangeQuery) => UseQueryResult<T, Error>;
  /** Whether the picker offers "compare with the previous period", given the loaded figures. */
  compareAvailable?: (data: T | undefined) => boolean;
  children: (data: T) => ReactNode;
}

/** An insights page: side menu, header with the range, range picker, then loading/error/figures. */
export function InsightsPage<T extends { range: { from: string; to: string } }>({
  party,
  title,
  lead,
  loadingLabel,
  useFigures,
  compareAvailable,
  children,
}: InsightsPageProps<T>) {
  const [query, setQuery] = useRangeQuery();
  const result = useFigures(query);
  const data = result.data;
  return (
    <SideMenuLayout label={partyAreas[party].menuLabel} items={partyNavItems(party)}>
      <div className="insights-page">
        <PageHeader
          title={title}
          description={
            data ? `${lead}, ${longDayLabel(data.range.from)} to ${longDayLabel(data.range.to)}.` : `${lead}.`
          }
        />
        <RangePicker
          value={query}
          onChange={setQuery}
          {...(compareAvailable ? { compare: { available: compareAvailable(data) } } : {})}
        />
        {result.isPending ? (
          <Spinner label={loadingLabel} />
        ) : result.isError && isNoProfile(result.error) ? (
          <NoProfileState party={party} unlocks={noProfileUnlocks[party]} />
        ) : result.isError ? (
          <Card>
            <CardContent className="stack">
              <Alert>{describeFailure(result.error).message}</Alert>
              <Button variant="outline" onPress={() => result.refetch()}>
                Retry
              </Button>
            </CardContent>
          </Card>
        ) : (
          children(result.data)
        )}
      </div>
    </SideMenuLayout>
  );
}

/** A chart when there is something to draw, else the empty state; then its table (`children`). */
export function ChartCard({
  chart,
  hasData,
  empty,
  children,
}: {
  chart: ChartProps;
  hasData: boolean;
  /** What will appear here, and when (shown instead of an empty chart). */
  empty: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      {hasData ? <Chart {...chart} /> : <p className="insights-empty">{empty}</p>}
      {children}
    </>
  );
}
