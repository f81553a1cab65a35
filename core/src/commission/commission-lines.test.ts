/** Worked examples of each model (issue 43): the numbers a reader can check by hand. */
import { describe, expect, it } from "@effect/vitest";
import { cents } from "../shared/money.ts";
import { clawbackFor, linesForSale } from "./commission-lines.ts";
import { aSale, aTerms, aTermsVersion } from "./testing/index.ts";

const none = { periodNetCents: 0, monthHasBase: false };
const ledgerSale = (over = {}) => ({ ...aSale(over), agreementVersion: 1, refundedCents: cents(0) });

describe("commission lines", () => {
  it("tiered: the period's second sale earns at the rate of the tier its total reaches", () => {
    const v = aTermsVersion(
      aTerms({
        type: "tiered",
        tiers: [
          { fromCents: 0, rate: 5 },
          { fromCents: 1_000_000, rate: 10 },
        ],
      }),
    );
    // $8,000 already this month; a $5,000 sale: $2,000 at 5% + $3,000 at 10% = $400.00.
    const [line] = linesForSale(ledgerSale({ amountCents: cents(500_000) }), v, {
      ...none,
      periodNetCents: 800_000,
    });
    expect(line?.amountCents).toBe(40_000);
  });

  it("base plus: the month's first sale carries the base, later ones do not", () => {
    const v = aTermsVersion(aTerms({ type: "base_plus", baseCents: 50_000, rate: 8 }));
    expect(linesForSale(ledgerSale(), v, none).map((l) => [l.kind, l.amountCents])).toEqual([
      ["base", 50_000],
      ["commission", 8_000],
    ]);
    expect(linesForSale(ledgerSale(), v, { ...none, monthHasBase: true })).toHaveLength(1);
  });

  it("residual: a recurring sale earns one line a month for the agreed months, after the holding period", () => {
    const v = aTermsVersion(aTerms({ type: "residual", rate: 10, months: 3 }, { holdingPeriodDays: 14 }));
    const lines = linesForSale(ledgerSale({ kind: "recurring_monthly", saleDate: "2027-01-31" }), v, none);
    expect(lines.map((l) => [l.earnedOn, l.payableOn, l.amountCents])).toEqual([
      ["2027-01-31", "2027-02-14", 10_000],
      ["2027-02-28", "2027-03-14", 10_000],
      ["2027-03-31", "2027-04-14", 10_000],
    ]);
  });

  it("a refund inside the window claws back; outside it does not", () => {
    const v = aTermsVersion(aTerms({ type: "straight", rate: 15 }, { clawbackWindowDays: 30 }));
    const inside = clawbackFor(
      ledgerSale(),
      {
        saleId: 1,
        partnershipId: aSale().partnershipId,
        refundCents: cents(20_000),
        refundDate: "2027-02-14",
      },
      v,
      0,
    );
    expect(inside.line?.amountCents).toBe(-3_000);
    expect(inside.line?.reason).toBe("Refund of $200.00 on 14 February 2027 (sale #1)");
    const outside = clawbackFor(
      ledgerSale(),
      {
        saleId: 1,
        partnershipId: aSale().partnershipId,
        refundCents: cents(20_000),
        refundDate: "2027-02-15",
      },
      v,
      0,
    );
    expect(outside).toEqual({ appliedCents: 0, insideWindow: false, line: null });
  });
});
