import { describe, expect, it } from "vitest";
import { commissionFor, describeModel } from "./commission.ts";
import type { CommissionModel } from "./model.ts";

const tiered: CommissionModel = {
  type: "tiered",
  tiers: [
    { fromCents: 0, rate: 10 },
    { fromCents: 1_000_000, rate: 15 },
    { fromCents: 5_000_000, rate: 20 },
  ],
};

describe("commissionFor (each §9 model, cents, half up)", () => {
  const table: [string, CommissionModel, number, number][] = [
    ["straight 15% of $10,000", { type: "straight", rate: 15 }, 1_000_000, 150_000],
    ["straight 12.5% of $99.99 rounds half up", { type: "straight", rate: 12.5 }, 9_999, 1_250],
    ["straight 0%", { type: "straight", rate: 0 }, 1_000_000, 0],
    ["straight 100%", { type: "straight", rate: 100 }, 12_345, 12_345],
    ["straight of a zero sale", { type: "straight", rate: 20 }, 0, 0],
    ["base plus $500 + 8% of $10,000", { type: "base_plus", baseCents: 50_000, rate: 8 }, 1_000_000, 130_000],
    ["base plus with no sales is the base", { type: "base_plus", baseCents: 50_000, rate: 8 }, 0, 50_000],
    ["tiered within the first tier", tiered, 500_000, 50_000],
    ["tiered exactly at a threshold", tiered, 1_000_000, 100_000],
    ["tiered across two tiers: $10k×10% + $10k×15%", tiered, 2_000_000, 250_000],
    ["tiered across three tiers", tiered, 6_000_000, 100_000 + 600_000 + 200_000],
    ["residual 5% for 12 months of $2,000 MRR", { type: "residual", rate: 5, months: 12 }, 200_000, 10_000],
    ["a negative sale counts as zero", { type: "straight", rate: 10 }, -500, 0],
  ];
  for (const [name, model, sale, expected] of table)
    it(name, () => {
      expect(commissionFor(model, sale)).toBe(expected);
    });
});

describe("describeModel", () => {
  it("words each model", () => {
    expect(describeModel({ type: "straight", rate: 15 })).toBe("Straight commission: 15% of each sale");
    expect(describeModel({ type: "base_plus", baseCents: 50_000, rate: 8 })).toBe(
      "Base plus commission: $500.00 a month plus 8% of each sale",
    );
    expect(describeModel(tiered)).toContain("15% from $10,000.00 to $50,000.00");
    expect(describeModel({ type: "residual", rate: 5, months: 12 })).toBe(
      "Residual commission: 5% of recurring revenue for 12 months",
    );
  });
});
