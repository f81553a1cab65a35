/**
 * /analytics for businesses (issue 18): commission paid per month and per agent (net of
 * refunds), open and overdue amounts, average days to pay, and — by plan — the per-agent table
 * (Professional), the partnership funnel, period comparison and CSV export (Enterprise). Each
 * chart has a table with the same figures. Loaded on demand with its chart library.
 */

import { StatTile } from "@closr/partner-kit";
import { formatDate } from "@closr/ui";
import { useMemo } from "react";
import { type BusinessAnalytics, exportHref, useAnalytics } from "../api/insights.ts";
import { ChartCard, InsightsPage } from "./insights-page.tsx";
import {
  axisMoney,
  FigureTable,
  money,
  monthLabel,
  percentLabel,
  Section,
  UpgradePanel,
} from "./insights-parts.tsx";

type Headline = BusinessAnalytics["headline"];

/** The per-agent table's rating cell: "4.8 from 40 reviews", or "No reviews yet" (the cards' words). */
function ratingLabel(rating: { average: number | null; count: number }) {
  if (rating.average === null || rating.count === 0) return "No reviews yet";
  return `${rating.average.toFixed(1)} from ${rating.count} ${rating.count === 1 ? "review" : "reviews"}`;
}

/** "+12% on the previous period" for a tile, when comparing. */
function delta(now: number, before: number | undefined) {
  if (before === undefined) return undefined;
  if (before === 0)
    return now === 0 ? "Same as the previous period" : "Up from nothing in the previous period";
  const change = (now - before) / before;
  return `${change >= 0 ? "+" : "−"}${percentLabel(Math.abs(change))} on the previous period (${money(before)})`;
}

function Headlines({ h, previous }: { h: Headline; previous: Headline | null }) {
  return (
    <div className="stat-grid insights-stats">
      <StatTile
        label="Commission paid"
        icon="dollar"
        value={money(h.netPaid)}
        note={
          delta(h.netPaid, previous?.netPaid) ??
          `${h.invoicesPaid} ${h.invoicesPaid === 1 ? "invoice" : "invoices"} paid${h.refunded > 0 ? `, ${money(h.refunded)} refunded` : ""}`
        }
      />
      <StatTile label="Open" icon="file" value={money(h.open)} note="Unpaid, not yet due" />
      <StatTile
        label="Overdue"
        icon="alert"
        value={money(h.overdue)}
        note={`${h.overdueCount} ${h.overdueCount === 1 ? "invoice" : "invoices"} past due`}
      />
      <StatTile
        label="Average days to pay"
        icon="target"
        value={h.averageDaysToPay === null ? "—" : `${h.averageDaysToPay} days`}
        note={
          previous && previous.averageDaysToPay !== null
            ? `Previous period: ${previous.averageDaysToPay} days`
            : "From invoice to payment"
        }
      />
    </div>
  );
}

function Analytics({ data }: { data: BusinessAnalytics }) {
  const labels = useMemo(() => data.months.map((m) => monthLabel(m.month)), [data.months]);
  const series = useMemo(
    () => [{ label: "Commission paid", values: data.months.map((m) => m.netPaid), color: "#1d4ed8" }],
    [data.months],
  );
  const anyPaid = data.months.some((m) => m.netPaid !== 0);
  return (
    <>
      <Headlines h={data.headline} previous={data.previous} />

      <Section title="Commission paid per month" id="months-title">
        <ChartCard
          hasData={anyPaid}
          chart={{
            kind: "bars",
            labels,
            series,
            formatY: axisMoney,
            summary: `Bar chart of commission paid per month, ${labels[0]} to ${labels[labels.length - 1]}. The table below has the figures.`,
          }}
          empty="No commission paid in this period yet. When your agents' invoices are paid, each month's total appears here, net of refunds."
        >
          <FigureTable
            caption="Commission paid per month (net of refunds)"
            columns={["Month", "Commission paid"]}
            rows={data.months.map((m) => [monthLabel(m.month), money(m.netPaid)])}
          />
        </ChartCard>
      </Section>

      <Section title="Your agents" id="agents-title">
        {data.agents === null ? (
          <UpgradePanel title="See what each agent brings in" plan="Professional">
            Professional and Enterprise show each agent's invoices, commission paid, on-time rate, disputes
            and rating for the period. You are on Basic.
          </UpgradePanel>
        ) : data.agents.length === 0 ? (
          <p className="insights-empty">
            No partnerships yet. Once an agent accepts your request (or you accept theirs), they are listed
            here with what they bring in.
          </p>
        ) : (
          <FigureTable
            caption="Per agent, for the period"
            columns={[
              "Agent",
              "Active since",
              "Status",
              "Invoices",
              "Commission paid",
              "On time",
              "Disputes",
              "Rating",
            ]}
            rows={data.agents.map((a) => [
              a.name,
              a.activeSince ? formatDate(a.activeSince) : "—",
              a.status === "active" ? "Active" : a.status === "terminated" ? "Ended" : a.status,
              a.invoices,
              money(a.netPaid),
              percentLabel(a.onTimeRate),
              a.disputes,
              <span key="rating" className="insights-wrap">
                {ratingLabel(a.rating)}
              </span>,
            ])}
          />
        )}
      </Section>

      <Section
        title="Partnership funnel"
        id="funnel-title"
        actions={
          data.access.advanced ? (
            <a
              className="btn btn-outline btn-sm"
              href={exportHref({ range: "custom", from: data.range.from, to: data.range.to })}
              download
            >
              Download CSV
            </a>
          ) : null
        }
      >
        {data.funnel === null ? (
          <UpgradePanel title="Funnel, comparison and CSV export" plan="Enterprise">
            Enterprise adds the partnership funnel (requests sent and received, accepted, active, ended),
            comparison with the previous period and a CSV export of these figures.
          </UpgradePanel>
        ) : (
          <FigureTable
            caption="Partnerships requested in the period"
            columns={["Step", "Partnerships", "Rate"]}
            rows={[
              ["Requests sent", data.funnel.requestsSent, ""],
              ["Requests received", data.funnel.requestsReceived, ""],
              ["Accepted", data.funnel.accepted, `${percentLabel(data.funnel.acceptanceRate)} of requests`],
              ["Active now", data.funnel.active, `${percentLabel(data.funnel.retentionRate)} of accepted`],
              ["Ended", data.funnel.ended, ""],
            ]}
          />
        )}
      </Section>
    </>
  );
}

export function AnalyticsPage() {
  return (
    <InsightsPage
      party="business"
      title="Analytics"
      lead="What your agents bring in"
      loadingLabel="Loading your analytics"
      useFigures={useAnalytics}
      compareAvailable={(data) => data?.access.advanced ?? false}
    >
      {(data) => <Analytics data={data} />}
    </InsightsPage>
  );
}
