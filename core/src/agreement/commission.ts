/**
 * The commission calculator (issue 17; spec §9 models): what an agent earns on a sale under an
 * agreement's commission model, in integer cents (AUD), rounded half up to the cent.
 * - straight: sale × rate;
 * - base_plus: the monthly base + sale × rate (an invoice covers one month's sales);
 * - tiered: marginal — each tier's rate applies to the part of the sale from its threshold up to
 *   the next tier's threshold (like tax brackets);
 * - residual: sale (the recurring revenue of the period) × rate, for the agreed months.
 */
import { type Cents, cents } from "../shared/money.ts";
import type { CommissionModel } from "./model.ts";

/** `amount` × `rate` % in cents, half up (rates have at most 2 decimals: basis points are exact). */
export const percentOf = (amount: number, rate: number) =>
  Math.round((amount * Math.round(rate * 100)) / 10_000);

/**
 * A tiered model's commission on a cumulative `totalCents` (issue 43): each tier's rate applies to
 * the part of the total inside that tier (marginal, like tax brackets), summed exactly in
 * cent-basis-points (bigint) and rounded half up once, so the difference of two cumulative totals
 * loses no cent. Totals ≤ 0 earn 0.
 */
export function tieredCommissionOnTotal(
  tiers: ReadonlyArray<{ fromCents: number; rate: number }>,
  totalCents: number,
): Cents {
  const total = BigInt(Math.max(0, Math.round(totalCents)));
  let basisPointCents = 0n;
  tiers.forEach((tier, i) => {
    const from = BigInt(tier.fromCents);
    const next = tiers[i + 1];
    const upTo = next === undefined ? total : BigInt(next.fromCents) < total ? BigInt(next.fromCents) : total;
    if (upTo > from) basisPointCents += (upTo - from) * BigInt(Math.round(tier.rate * 100));
  });
  return cents(Number((basisPointCents + 5_000n) / 10_000n));
}

/** The commission on a sale of `saleCents` under `model`; never negative. */
export function commissionFor(model: CommissionModel, saleCents: number): Cents {
  const sale = Math.max(0, Math.round(saleCents));
  switch (model.type) {
    case "straight":
    case "residual":
      return cents(percentOf(sale, model.rate));
    case "base_plus":
      return cents(model.baseCents + percentOf(sale, model.rate));
    case "tiered":
      return tieredCommissionOnTotal(model.tiers, sale);
  }
}

/** A one-line description of a model, e.g. "15% of each sale" or "$500.00 a month + 8% of each sale". */
export function describeModel(model: CommissionModel): string {
  const aud = (c: number) =>
    new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" }).format(c / 100);
  switch (model.type) {
    case "straight":
      return `Straight commission: ${model.rate}% of each sale`;
    case "base_plus":
      return `Base plus commission: ${aud(model.baseCents)} a month plus ${model.rate}% of each sale`;
    case "tiered":
      return `Tiered commission: ${model.tiers
        .map((t, i) => {
          const next = model.tiers[i + 1];
          return next
            ? `${t.rate}% from ${aud(t.fromCents)} to ${aud(next.fromCents)}`
            : `${t.rate}% from ${aud(t.fromCents)}`;
        })
        .join("; ")}`;
    case "residual":
      return `Residual commission: ${model.rate}% of recurring revenue for ${model.months} months`;
  }
}
