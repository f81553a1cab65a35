/**
 * The agent's payouts by month (issue 14), shown on /agent/payouts and as the Earnings view of
 * /agent/invoices (issue 46: one component, one query): per month, what businesses paid, the
 * platform fees, refunds, the net, and of it what is pending payout, held or paid out; with a CSV
 * export, and a link to the other page (`shownOn` says which page this is).
 */

import { describeFailure } from "@closr/client";
import { Alert, Button, Card, CardContent, formatDate, formatMoney, Spinner } from "@closr/ui";
import { Link } from "react-router";
import { earningsCsv, useEarnings } from "../api/payouts-api.ts";

/** "November 2026" from "2026-11" (a calendar month). */
const monthLabel = (month: string) => formatDate(`${month}-01`, "MMMM yyyy");

/** The link to the other page that shows the same money: invoices from payouts, payouts from invoices. */
function CrossLink({ shownOn }: { shownOn: "payouts" | "invoices" }) {
  return shownOn === "payouts" ? (
    <p className="muted small">
      Each payment belongs to an invoice: see them, with their PDFs, in{" "}
      <Link className="text-link" to="/agent/invoices?tab=invoices">
        Your invoices
      </Link>
      .
    </p>
  ) : (
    <p className="muted small">
      Where these payments go, and your tax details:{" "}
      <Link className="text-link" to="/agent/payouts">
        Payouts
      </Link>
      .
    </p>
  );
}

export function EarningsTab({ shownOn = "invoices" }: { shownOn?: "payouts" | "invoices" }) {
  const earnings = useEarnings();
  if (earnings.isPending) return <Spinner label="Loading earnings" />;
  if (earnings.isError)
    return (
      <div className="stack">
        <Alert>Error loading earnings: {describeFailure(earnings.error).message}</Alert>
        <div>
          <Button variant="outline" onPress={() => void earnings.refetch()}>
            Retry
          </Button>
        </div>
      </div>
    );
  const { months, payoutDelayDays } = earnings.data;
  if (months.length === 0)
    return (
      <section className="stack" aria-label="Earnings">
        <h2 className="section-title">Earnings</h2>
        <p className="muted">No earnings yet. Paid invoices will show here.</p>
        <CrossLink shownOn={shownOn} />
      </section>
    );
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([earningsCsv(earnings.data)], { type: "text/csv;charset=utf-8" }),
    );
    const link = document.createElement("a");
    link.href = url;
    link.download = "closr-earnings.csv";
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="stack" aria-label="Earnings">
      <div className="earnings-head">
        <h2 className="section-title">Earnings</h2>
        <Button variant="outline" size="sm" onPress={download}>
          Download CSV
        </Button>
      </div>
      <Card>
        <CardContent>
          {/* Focusable, so keyboard users can scroll the table sideways on a phone (axe scrollable-region-focusable). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe scrollable-region-focusable) */}
          <section className="table-scroll" aria-label="Monthly figures" tabIndex={0}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Paid</th>
                  <th scope="col">Platform fees</th>
                  <th scope="col">Refunded</th>
                  <th scope="col">Net</th>
                  <th scope="col">Pending payout</th>
                  <th scope="col">Held (card dispute)</th>
                  <th scope="col">Paid out</th>
                </tr>
              </thead>
              <tbody>
                {months.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{monthLabel(m.month)}</th>
                    <td>{formatMoney(m.paid)}</td>
                    <td>{formatMoney(m.platformFees)}</td>
                    <td>{formatMoney(m.refunded)}</td>
                    <td className="strong">{formatMoney(m.net)}</td>
                    <td>{formatMoney(m.pendingPayout)}</td>
                    <td>{formatMoney(m.heldPayout)}</td>
                    <td>{formatMoney(m.paidOut)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </CardContent>
      </Card>
      <p className="muted small">
        Payments reach your bank account {payoutDelayDays} days after the business pays. Refunds take back
        your share and return the platform fee in proportion. While a card dispute on a payment is open, its
        payout is held.
      </p>
      <CrossLink shownOn={shownOn} />
    </section>
  );
}
