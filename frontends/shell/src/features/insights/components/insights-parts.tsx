/** Pieces both insights pages share: figure tables, the upgrade panel, formatting (en-AU, AUD). */
import { Card, CardContent, formatDate, formatMoney, LinkButton } from "@closr/ui";
import type { ReactNode } from "react";

const percent = new Intl.NumberFormat("en-AU", { style: "percent", maximumFractionDigits: 0 });
const compactMoney = new Intl.NumberFormat("en-AU", {
  style: "currency",
  currency: "AUD",
  notation: "compact",
  maximumFractionDigits: 1,
});

/** "Nov 2026" from "2026-11" (a calendar month: no zone shifts it). */
export const monthLabel = (month: string) => formatDate(`${month}-01`, "MMM yyyy");
/** "23 Nov" from "2026-11-23" (a calendar day). */
export const dayLabel = (day: string) => formatDate(day, "d MMM");
/** "23 November 2026" from "2026-11-23" (a calendar day). */
export const longDayLabel = (day: string) => formatDate(day, "d MMMM yyyy");
export const percentLabel = (rate: number | null) => (rate === null ? "—" : percent.format(rate));
export const axisMoney = (value: number) => compactMoney.format(value);
export const money = formatMoney;

/** A table of figures (the accessible twin of a chart). */
export function FigureTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) {
  return (
    // Focusable, so a keyboard can scroll a table wider than a phone (axe scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
    <section className="table-scroll" aria-label={caption} tabIndex={0}>
      <table className="insights-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={c} scope="col" className={i > 0 ? "num" : undefined}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="num">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** An honest upgrade panel for a section the plan does not include. */
export function UpgradePanel({
  title,
  plan,
  children,
}: {
  title: string;
  plan: string;
  children: ReactNode;
}) {
  return (
    <Card className="upgrade-panel">
      <CardContent>
        <h3>{title}</h3>
        <p>{children}</p>
        <LinkButton href="/pricing" variant="outline" size="sm">
          See {plan} on Pricing
        </LinkButton>
      </CardContent>
    </Card>
  );
}

/** A figure section with its heading. */
export function Section({
  title,
  id,
  children,
  actions,
}: {
  title: string;
  id: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="insights-section" aria-labelledby={id}>
      <div className="insights-section-head">
        <h2 id={id}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
