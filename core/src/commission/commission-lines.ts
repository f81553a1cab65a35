/**
 * Each commission model as one pure function over cents (issue 43, Build 3; ADR 0063).
 * - straight: one line per sale, sale × rate;
 * - base_plus: one line per sale (sale × rate) and the month's base once, with the month's first sale;
 * - tiered: on the period's cumulative total (terms.tierPeriod, month by default): the line is the
 *   commission on the total after the sale minus the commission on the total before it, so the lines
 *   of a period always sum to the commission on the period's total and no cent is lost to rounding;
 *   the cumulative total restarts when a new agreement version comes into force;
 * - residual: a recurring sale earns one line a month for the agreed months (earned on the sale's
 *   day of each month); a one-off sale one line.
 * A refund inside the clawback window (days from the sale date, terms.clawbackWindowDays) is a
 * negative line: what the sale earned minus what it would earn net of the refund (tiered: on the
 * period's total); the base and residual months after the first are not clawed back (a refund is of
 * one month's payment). Rates in percent with 2 decimals, rounded half up to the cent.
 */

import { calendarDaysBetween, shiftCalendarDate } from "@closr/format";
import {
  type CommissionModel,
  ledgerTermsOf,
  percentOf,
  tieredCommissionOnTotal,
} from "../agreement/index.ts";
import { longCalendarDate } from "../shared/calendar.ts";
import { cents, formatAud } from "../shared/money.ts";
import type { LedgerSale, NewCommissionLine, SaleRefund, TermsVersion } from "./model.ts";

/** What the ledger already holds that a sale's lines depend on. */
export interface SaleContext {
  /** Tiered: the net (sales − refunds) of earlier sales in the same period under the same version. */
  readonly periodNetCents: number;
  /** Base plus: the sale's month already had a base-plus sale (its base, if any, is taken). */
  readonly monthHasBase: boolean;
}

/** The commission on a sale's own net amount under a per-sale model (straight, base_plus, residual). */
const perSale = (model: CommissionModel, netCents: number): number =>
  model.type === "tiered" ? tieredCommissionOnTotal(model.tiers, netCents) : percentOf(netCents, model.rate);

/** The lines a confirmed sale earns under `version` (its terms in force on the sale's date). */
export function linesForSale(
  sale: LedgerSale,
  version: TermsVersion,
  context: SaleContext,
): NewCommissionLine[] {
  const { model } = version.terms;
  const { holdingPeriodDays } = ledgerTermsOf(version.terms);
  const line = (kind: "commission" | "base", amount: number, earnedOn: string): NewCommissionLine => ({
    partnershipId: sale.partnershipId,
    saleId: sale.saleId,
    agreementVersion: version.number,
    model: model.type,
    kind,
    amountCents: cents(amount),
    earnedOn,
    payableOn: shiftCalendarDate(earnedOn, { days: holdingPeriodDays }),
    reason: null,
  });
  switch (model.type) {
    case "straight":
      return [line("commission", percentOf(sale.amountCents, model.rate), sale.saleDate)];
    case "base_plus": {
      const lines = [line("commission", percentOf(sale.amountCents, model.rate), sale.saleDate)];
      if (!context.monthHasBase && model.baseCents > 0)
        lines.unshift(line("base", model.baseCents, sale.saleDate));
      return lines;
    }
    case "tiered": {
      const before = tieredCommissionOnTotal(model.tiers, context.periodNetCents);
      const after = tieredCommissionOnTotal(model.tiers, context.periodNetCents + sale.amountCents);
      return [line("commission", after - before, sale.saleDate)];
    }
    case "residual": {
      const months = sale.kind === "recurring_monthly" ? model.months : 1;
      return Array.from({ length: months }, (_, i) =>
        line(
          "commission",
          percentOf(sale.amountCents, model.rate),
          shiftCalendarDate(sale.saleDate, { months: i }),
        ),
      );
    }
  }
}

/** What a refund changes: the cents that count against the sale, and its clawback line (if any). */
export interface RefundOutcome {
  /** The refund inside the window, capped at what is left of the sale (outside the window: 0). */
  readonly appliedCents: number;
  /** Inside the clawback window. */
  readonly insideWindow: boolean;
  readonly line: NewCommissionLine | null;
}

/**
 * The clawback of `refund` on `sale` (its refunds so far in `sale.refundedCents`) under the sale's
 * version. `periodNetCents`: tiered only, the current net of the sale's period and version (this
 * sale included). Outside the window the refund claws nothing back and leaves the ledger as it is.
 */
export function clawbackFor(
  sale: LedgerSale,
  refund: SaleRefund,
  version: TermsVersion,
  periodNetCents: number,
): RefundOutcome {
  const { clawbackWindowDays } = ledgerTermsOf(version.terms);
  const insideWindow = calendarDaysBetween(sale.saleDate, refund.refundDate) <= clawbackWindowDays;
  const applied = insideWindow
    ? Math.max(0, Math.min(refund.refundCents, sale.amountCents - sale.refundedCents))
    : 0;
  if (applied === 0) return { appliedCents: applied, insideWindow, line: null };
  const { model } = version.terms;
  const net = sale.amountCents - sale.refundedCents;
  const amount =
    model.type === "tiered"
      ? tieredCommissionOnTotal(model.tiers, periodNetCents - applied) -
        tieredCommissionOnTotal(model.tiers, periodNetCents)
      : perSale(model, net - applied) - perSale(model, net);
  if (amount === 0) return { appliedCents: applied, insideWindow, line: null };
  return {
    appliedCents: applied,
    insideWindow,
    line: {
      partnershipId: sale.partnershipId,
      saleId: sale.saleId,
      agreementVersion: version.number,
      model: model.type,
      kind: "clawback",
      amountCents: cents(amount),
      earnedOn: refund.refundDate,
      payableOn: refund.refundDate,
      reason: `Refund of ${formatAud(cents(applied))} on ${longCalendarDate(refund.refundDate)} (sale #${sale.saleId})`,
    },
  };
}
