/**
 * Property tests of the commission ledger against a reference model (issue 43, Done when: ≥ 500
 * runs per model). For any sequence of sales, refunds and amended terms, run through the use cases
 * on the in-memory ledger, the sum of the lines equals what the terms say — computed by the
 * reference in one batch (tiered: the commission on each period's final net total per version;
 * the others: per sale on its net) — so no cent is created or lost. The statement then carries the
 * same cents month by month (closing = next opening; Σ earned = Σ lines).
 */

import { calendarDaysBetween, shiftCalendarDate } from "@closr/format";
import { describe, expect, it } from "@effect/vitest";
import { Effect, Either, FastCheck as fc, Layer, ManagedRuntime } from "effect";
import {
  type CommissionModel,
  type CommissionModelType,
  ledgerTermsOf,
  percentOf,
  tieredCommissionOnTotal,
} from "../agreement/index.ts";
import { makeTestClock } from "../shared/clock.ts";
import { cents } from "../shared/money.ts";
import { monthOf, type SaleKind, type TermsVersion, termsInForce, tierPeriodKey } from "./model.ts";
import { statementFrom } from "./statement.ts";
import { aPartnershipId, aTerms, makeInMemoryCommissionLedger } from "./testing/index.ts";
import { recordConfirmedSale, recordRefund } from "./use-cases.ts";

const RUNS = { fastCheck: { numRuns: 500 } };
const rate = fc.integer({ min: 0, max: 5000 }).map((bp) => bp / 100);

const modelOf = (type: CommissionModelType): fc.Arbitrary<CommissionModel> => {
  switch (type) {
    case "straight":
      return rate.map((r) => ({ type: "straight", rate: r }));
    case "base_plus":
      return fc
        .record({ baseCents: fc.integer({ min: 0, max: 200_000 }), rate })
        .map((m) => ({ type: "base_plus" as const, ...m }));
    case "tiered":
      return fc.uniqueArray(fc.integer({ min: 1, max: 5_000_000 }), { maxLength: 4 }).chain((thresholds) =>
        fc
          .array(rate, { minLength: thresholds.length + 1, maxLength: thresholds.length + 1 })
          .map((rates) => ({
            type: "tiered" as const,
            tiers: [0, ...[...thresholds].sort((a, b) => a - b)].map((fromCents, i) => ({
              fromCents,
              rate: rates[i] ?? 0,
            })),
          })),
      );
    case "residual":
      return fc
        .record({ rate, months: fc.integer({ min: 1, max: 24 }) })
        .map((m) => ({ type: "residual" as const, ...m }));
  }
};

const termsOf = (model: fc.Arbitrary<CommissionModel>) =>
  fc
    .record({
      model,
      holdingPeriodDays: fc.integer({ min: 0, max: 60 }),
      clawbackWindowDays: fc.integer({ min: 0, max: 120 }),
      tierPeriod: fc.constantFrom<"month" | "year">("month", "year"),
    })
    .map(({ model: m, ...ledger }) => aTerms(m, ledger));

type Op =
  | {
      readonly type: "sale";
      readonly back: number;
      readonly amountCents: number;
      readonly kind: SaleKind;
      readonly advance: number;
    }
  | { readonly type: "refund"; readonly pick: number; readonly refundCents: number; readonly after: number }
  | { readonly type: "amend"; readonly terms: ReturnType<typeof aTerms> };

const opsFor = (model: fc.Arbitrary<CommissionModel>) =>
  fc.array(
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          type: fc.constant("sale" as const),
          back: fc.integer({ min: 0, max: 40 }),
          amountCents: fc.integer({ min: 1, max: 2_000_000 }),
          kind: fc.constantFrom<SaleKind>("one_off", "recurring_monthly"),
          advance: fc.integer({ min: 0, max: 20 }),
        }),
      },
      {
        weight: 3,
        arbitrary: fc.record({
          type: fc.constant("refund" as const),
          pick: fc.nat(),
          refundCents: fc.integer({ min: 1, max: 2_500_000 }),
          after: fc.integer({ min: 0, max: 150 }),
        }),
      },
      { weight: 1, arbitrary: fc.record({ type: fc.constant("amend" as const), terms: termsOf(model) }) },
    ),
    { maxLength: 20 },
  );

/** Runs the history through the use cases; answers the ledger and what the reference needs. */
function run(first: ReturnType<typeof aTerms>, ops: readonly Op[]) {
  const versions: TermsVersion[] = [{ number: 1, effectiveFrom: "2027-01-01", terms: first }];
  const ledger = makeInMemoryCommissionLedger({ versions });
  const clock = makeTestClock(new Date("2027-01-01T01:00:00Z"));
  const runtime = ManagedRuntime.make(Layer.merge(ledger.layer, clock.layer));
  let today = "2027-01-01";
  const setToday = (day: string) => {
    today = day;
    clock.set(new Date(`${day}T01:00:00Z`));
  };
  const sales: { saleId: number; saleDate: string; amountCents: number; kind: SaleKind }[] = [];
  const refunds: { saleId: number; refundCents: number; refundDate: string }[] = [];
  for (const op of ops) {
    if (op.type === "amend") {
      setToday(shiftCalendarDate(today, { days: 1 }));
      versions.push({ number: versions.length + 1, effectiveFrom: today, terms: op.terms });
    } else if (op.type === "sale") {
      setToday(shiftCalendarDate(today, { days: op.advance }));
      const back = shiftCalendarDate(today, { days: -op.back });
      const sale = {
        saleId: sales.length + 1,
        saleDate: back < "2027-01-01" ? "2027-01-01" : back,
        amountCents: op.amountCents,
        kind: op.kind,
      };
      const result = runtime.runSync(
        Effect.either(
          recordConfirmedSale({
            ...sale,
            partnershipId: aPartnershipId,
            amountCents: cents(sale.amountCents),
          }),
        ),
      );
      expect(Either.isRight(result)).toBe(true);
      sales.push(sale);
    } else if (sales.length > 0) {
      const sale = sales[op.pick % sales.length];
      if (sale === undefined) continue;
      const refundDate = shiftCalendarDate(sale.saleDate, { days: op.after });
      if (refundDate > today) setToday(refundDate);
      const refund = { saleId: sale.saleId, refundCents: op.refundCents, refundDate };
      runtime.runSync(
        recordRefund({ ...refund, partnershipId: aPartnershipId, refundCents: cents(refund.refundCents) }),
      );
      refunds.push(refund);
    }
  }
  return { lines: ledger.state.lines, ledgerSales: ledger.state.sales, versions, sales, refunds };
}

/** What the terms say, in one batch over the final history (independent of the ledger's steps). */
function reference(
  versions: readonly TermsVersion[],
  sales: readonly { saleId: number; saleDate: string; amountCents: number; kind: SaleKind }[],
  refunds: readonly { saleId: number; refundCents: number; refundDate: string }[],
) {
  let total = 0;
  const groups = new Map<string, { version: TermsVersion; net: number }>();
  const monthsWithBase = new Set<string>();
  for (const sale of sales) {
    const version = termsInForce(versions, sale.saleDate);
    if (version === null) throw new Error("every sale is dated after the first version");
    const { clawbackWindowDays, tierPeriod } = ledgerTermsOf(version.terms);
    let net = sale.amountCents;
    for (const r of refunds.filter((x) => x.saleId === sale.saleId))
      if (calendarDaysBetween(sale.saleDate, r.refundDate) <= clawbackWindowDays)
        net -= Math.min(r.refundCents, net);
    const model = version.terms.model;
    switch (model.type) {
      case "straight":
        total += percentOf(net, model.rate);
        break;
      case "base_plus":
        total += percentOf(net, model.rate);
        if (!monthsWithBase.has(monthOf(sale.saleDate))) {
          monthsWithBase.add(monthOf(sale.saleDate));
          total += model.baseCents;
        }
        break;
      case "residual":
        total += percentOf(net, model.rate);
        if (sale.kind === "recurring_monthly")
          total += (model.months - 1) * percentOf(sale.amountCents, model.rate);
        break;
      case "tiered": {
        const key = `${version.number}/${tierPeriodKey(sale.saleDate, tierPeriod)}`;
        const group = groups.get(key) ?? { version, net: 0 };
        group.net += net;
        groups.set(key, group);
      }
    }
  }
  for (const { version, net } of groups.values())
    if (version.terms.model.type === "tiered")
      total += tieredCommissionOnTotal(version.terms.model.tiers, net);
  return total;
}

const sum = (xs: readonly { amountCents: number }[]) => xs.reduce((s, x) => s + x.amountCents, 0);

function checkHistory(first: ReturnType<typeof aTerms>, ops: readonly Op[]) {
  const { lines, ledgerSales, versions, sales, refunds } = run(first, ops);
  expect(sum(lines)).toBe(reference(versions, sales, refunds));
  for (const line of lines) {
    expect(Number.isInteger(line.amountCents)).toBe(true);
    if (line.kind === "clawback") expect(line.amountCents).toBeLessThan(0);
    else expect(line.amountCents).toBeGreaterThanOrEqual(0);
  }
  // A sale's lines never net below zero (a refund claws back at most what it earned); tiered
  // lines are marginal on the period's total, so there it holds per version and period.
  const groups = new Map<string, number>();
  for (const line of lines) {
    const sale = ledgerSales.find((s) => s.saleId === line.saleId);
    const version = versions.find((v) => v.number === line.agreementVersion);
    if (line.kind === "base" || sale === undefined || version === undefined) continue;
    const key =
      line.model === "tiered"
        ? `${line.agreementVersion}/${tierPeriodKey(sale.saleDate, ledgerTermsOf(version.terms).tierPeriod)}`
        : `sale ${line.saleId}`;
    groups.set(key, (groups.get(key) ?? 0) + line.amountCents);
  }
  for (const net of groups.values()) expect(net).toBeGreaterThanOrEqual(0);
  // The statements carry the same cents: Σ earned = Σ lines; each closing is the next opening.
  const months = [...new Set(lines.map((l) => monthOf(l.earnedOn)))].sort();
  let opening = 0;
  let earned = 0;
  for (const month of months) {
    const statement = statementFrom(aPartnershipId, month, lines, ledgerSales);
    expect(statement.openingBalanceCents).toBe(opening);
    expect(statement.earnedCents).toBe(sum(statement.linesByModel) + statement.clawbacksCents);
    opening = statement.closingBalanceCents;
    earned += statement.earnedCents;
  }
  expect(earned).toBe(sum(lines));
}

describe("commission lines against the reference model", () => {
  for (const type of ["straight", "base_plus", "tiered", "residual"] as const) {
    const model = modelOf(type);
    it.prop(
      `${type}: Σ lines = what the terms say, for any sales, refunds and amendments`,
      [termsOf(model), opsFor(model)],
      ([first, ops]) => checkHistory(first, ops),
      RUNS,
    );
  }

  const anyModel = fc.oneof(
    modelOf("straight"),
    modelOf("base_plus"),
    modelOf("tiered"),
    modelOf("residual"),
  );
  it.prop(
    "amendments that change the model: Σ lines = what each version's terms say",
    [termsOf(anyModel), opsFor(anyModel)],
    ([first, ops]) => checkHistory(first, ops),
    RUNS,
  );
});
