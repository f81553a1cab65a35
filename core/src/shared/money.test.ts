import { describe, expect, it } from "vitest";
import { centsFromDollars, dollarsFromCents } from "./money.ts";

describe("Cents ↔ AUD dollars", () => {
  it("converts dollars with up to 2 decimals to whole cents, immune to binary fractions", () => {
    expect(centsFromDollars(1842.5)).toBe(184_250);
    expect(centsFromDollars(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(centsFromDollars(999_999.99)).toBe(99_999_999);
  });

  it("round-trips every cent amount through dollars", () => {
    for (const amount of [1, 29, 15_000, 184_250, 99_999_999]) {
      expect(centsFromDollars(dollarsFromCents(centsFromDollars(amount / 100)))).toBe(amount);
    }
  });
});
