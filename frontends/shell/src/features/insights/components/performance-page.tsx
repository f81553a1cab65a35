/**
 * /performance for agents (issue 18): earnings per month (gross, platform fee, net, pending),
 * pipeline, response rate and median response time, and how often the agent was seen (search
 * appearances and profile views per day); Agent Pro adds percentiles among agents of the same
 * specialization and location (never names). Each chart has a table with the same figures.
 */
import { StatTile } from "@closr/partner-kit";
import { useMemo } from "react";
import { type AgentPerformance, usePerformance } from "../api/insights.ts";
import { ChartCard, InsightsPage } from "./insights-page.tsx";
import {
  axisMoney,
  dayLabel,
  FigureTable,
  money,
  monthLabel,
  percentLabel,
  Section,
  UpgradePanel,
} from "./insights-parts.tsx";

const count = new Intl.NumberFormat("en-AU");

const duration = (value: number | null, unit: "hours" | "minutes") => {
  if (value === null) return "—";
  if (unit === "minutes" && value >= 60) return `${Math.round((value / 60) * 10) / 10} hours`;
  if (unit === "minutes" && value < 1) return "under a minute";
  if (unit === "hours" && value < 1) return `${Math.max(1, Math.round(value * 60))} minutes`;
  return `${value} ${unit}`;
};

const ordinal = (n: number | null) => (n === null ? "—" : `${n}th percentile`);

function Performance({ data }: { data: AgentPerformance }) {
  const monthLabels = useMemo(() => data.earnings.map((m) => monthLabel(m.month)), [data.earnings]);
  const earningsSeries = useMemo(
    () => [
      { label: "Net", values: data.earnings.map((m) => m.net), color: "#0d9488" },
      { label: "Platform fee", values: data.earnings.map((m) => m.fee), color: "#cbd3df" },
    ],
    [data.earnings],
  );
  const dayLabels = useMemo(() => data.visibility.map((d) => dayLabel(d.day)), [data.visibility]);
  const visibilitySeries = useMemo(
    () => [
      {
        label: "Search appearances",
        values: data.visibility.map((d) => d.searchAppearances),
        color: "#1d4ed8",
      },
      { label: "Profile views", values: data.visibility.map((d) => d.profileViews), color: "#0d9488" },
    ],
    [data.visibility],
  );
  const anyEarnings = data.earnings.some((m) => m.gross !== 0);
  const seen = data.visibility.reduce((sum, d) => sum + d.searchAppearances + d.profileViews, 0);
  const r = data.responsiveness;
  return (
    <>
      <div className="stat-grid insights-stats">
        <StatTile
          label="Net earnings"
          icon="dollar"
          value={money(data.totals.net)}
          note={`${money(data.totals.gross)} paid, ${money(data.totals.fee)} platform fee${data.totals.refunded > 0 ? `, ${money(data.totals.refunded)} refunded` : ""}`}
        />
        <StatTile
          label="Pending"
          icon="file"
          value={money(data.totals.pending)}
          note="Invoices not yet paid"
        />
        <StatTile
          label="Active partners"
          icon="users"
          value={data.pipeline.activePartners}
          note={`${data.pipeline.pendingRequests} pending ${data.pipeline.pendingRequests === 1 ? "request" : "requests"}, ${data.pipeline.ended} ended`}
        />
        <StatTile
          label="Response rate"
          icon="message"
          value={percentLabel(r.requestResponseRate)}
          note={`Connection requests; median ${duration(r.requestMedianHours, "hours")}`}
        />
      </div>

      <Section title="Earnings per month" id="earnings-title">
        <ChartCard
          hasData={anyEarnings}
          chart={{
            kind: "bars",
            labels: monthLabels,
            series: earningsSeries,
            formatY: axisMoney,
            summary: `Bar chart of net earnings and platform fees per month, ${monthLabels[0]} to ${monthLabels[monthLabels.length - 1]}. The table below has the figures.`,
          }}
          empty="No invoices paid in this period yet. When a business pays one of your invoices, the month's gross amount, platform fee and net appear here."
        >
          <FigureTable
            caption="Earnings per month"
            columns={["Month", "Gross", "Platform fee", "Refunded", "Net"]}
            rows={data.earnings.map((m) => [
              monthLabel(m.month),
              money(m.gross),
              money(m.fee),
              money(m.refunded),
              money(m.net),
            ])}
          />
        </ChartCard>
      </Section>

      <Section title="How often you were seen" id="seen-title">
        <ChartCard
          hasData={seen > 0}
          chart={{
            kind: "lines",
            labels: dayLabels,
            series: visibilitySeries,
            formatY: (v) => count.format(v),
            summary:
              "Line chart of search appearances and profile views per day. The table below has the figures.",
          }}
          empty="Nobody has seen your profile in this period yet. Each business search page that lists you counts as an appearance, and each visit to your profile as a view; they appear here by day."
        />
        <details className="insights-details">
          <summary>Appearances and views by day</summary>
          <FigureTable
            caption="Search appearances and profile views per day"
            columns={["Day", "Search appearances", "Profile views"]}
            rows={data.visibility.map((d) => [
              dayLabel(d.day),
              count.format(d.searchAppearances),
              count.format(d.profileViews),
            ])}
          />
        </details>
        <p className="muted small">
          We keep only daily counts: never who searched for or viewed your profile.
        </p>
      </Section>

      <Section title="Responsiveness" id="responsiveness-title">
        <FigureTable
          caption="How you answer, in the period"
          columns={["", "Received", "Answered", "Response rate", "Median response time"]}
          rows={[
            [
              "Connection requests",
              r.requestsReceived,
              r.requestsAnswered,
              percentLabel(r.requestResponseRate),
              duration(r.requestMedianHours, "hours"),
            ],
            [
              "Messages",
              r.conversationsStarted,
              r.conversationsAnswered,
              percentLabel(r.messageResponseRate),
              duration(r.messageMedianMinutes, "minutes"),
            ],
          ]}
        />
      </Section>

      <Section title="Compared with agents like you" id="peers-title">
        {data.peers === null ? (
          <UpgradePanel title="See where you stand" plan="Agent Pro">
            Agent Pro compares your earnings, profile views and search appearances with agents of the same
            specialisation and location, as percentiles (never names).
          </UpgradePanel>
        ) : data.peers.peers === 0 ? (
          <p className="insights-empty">
            No other agents share your specialisation ({data.peers.specialization}) and location yet, so there
            is nobody to compare with.
          </p>
        ) : (
          <FigureTable
            caption={`Among ${data.peers.peers} other ${data.peers.specialization} agents in your location`}
            columns={["Figure", "Where you stand"]}
            rows={[
              ["Earnings", ordinal(data.peers.earningsPercentile)],
              ["Profile views", ordinal(data.peers.viewsPercentile)],
              ["Search appearances", ordinal(data.peers.appearancesPercentile)],
            ]}
          />
        )}
      </Section>
    </>
  );
}

export function PerformancePage() {
  return (
    <InsightsPage
      party="agent"
      title="Performance"
      lead="How your business is going"
      loadingLabel="Loading your performance"
      useFigures={usePerformance}
    >
      {(data) => <Performance data={data} />}
    </InsightsPage>
  );
}
