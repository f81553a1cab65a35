/**
 * The monthly statement from the ledger (issue 43, Build 4): a pure function over a partnership's
 * lines and ledger sales for one `yyyy-MM` month (Sydney calendar; dates on lines are Sydney days).
 * The PostgreSQL adapter answers the same figures with SQL aggregates; the integration test holds
 * the two to each other and to the payment history, to the cent.
 */
import type { CommissionModelType } from "../agreement/index.ts";
import type { PartnershipId } from "../shared/ids.ts";
import { cents } from "../shared/money.ts";
import type { CommissionLine, CommissionStatement, LedgerSale } from "./model.ts";
import { monthOf } from "./model.ts";

const sum = (lines: readonly Pick<CommissionLine, "amountCents">[]) =>
  lines.reduce((s, l) => s + l.amountCents, 0);

/** The models in the order statements list them. */
export const statementModels: readonly CommissionModelType[] = [
  "straight",
  "base_plus",
  "tiered",
  "residual",
];

/** The statement of `month` (`yyyy-MM`) from every line and sale of the partnership. */
export function statementFrom(
  partnershipId: PartnershipId,
  month: string,
  lines: readonly CommissionLine[],
  sales: readonly Pick<LedgerSale, "saleDate" | "amountCents">[],
): CommissionStatement {
  const earnedBefore = sum(lines.filter((l) => monthOf(l.earnedOn) < month));
  const paidBefore = sum(lines.filter((l) => l.paidOn !== null && monthOf(l.paidOn) < month));
  const inMonth = lines.filter((l) => monthOf(l.earnedOn) === month);
  const positive = inMonth.filter((l) => l.kind !== "clawback");
  const monthSales = sales.filter((s) => monthOf(s.saleDate) === month);
  const opening = earnedBefore - paidBefore;
  const earned = sum(inMonth);
  const paid = sum(lines.filter((l) => l.paidOn !== null && monthOf(l.paidOn) === month));
  return {
    partnershipId,
    month,
    openingBalanceCents: cents(opening),
    sales: { count: monthSales.length, totalCents: cents(monthSales.reduce((s, x) => s + x.amountCents, 0)) },
    linesByModel: statementModels.flatMap((model) => {
      const of = positive.filter((l) => l.model === model);
      return of.length ? [{ model, count: of.length, amountCents: cents(sum(of)) }] : [];
    }),
    clawbacksCents: cents(sum(inMonth.filter((l) => l.kind === "clawback"))),
    earnedCents: cents(earned),
    payableCents: cents(sum(lines.filter((l) => monthOf(l.payableOn) === month && l.state !== "earned"))),
    invoicedCents: cents(sum(lines.filter((l) => l.invoicedOn !== null && monthOf(l.invoicedOn) === month))),
    paidCents: cents(paid),
    closingBalanceCents: cents(opening + earned - paid),
  };
}
