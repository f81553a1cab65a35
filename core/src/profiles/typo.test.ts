import { describe, expect, it } from "vitest";
import { correctTerm, locationOf, prefixTypoDistance, readQuery, typoBudget, typoDistance } from "./typo.ts";

describe("typoBudget", () => {
  it("allows 0 typos up to 4 letters, 1 from 5, 2 from 9", () => {
    expect([1, 4, 5, 8, 9, 20].map(typoBudget)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe("typoDistance", () => {
  it("counts a transposition as one typo, like insertion, deletion and substitution", () => {
    expect(typoDistance("entreprise", "enterprise")).toBe(1);
    expect(typoDistance("solutons", "solutions")).toBe(1);
    expect(typoDistance("saless", "sales")).toBe(1);
    expect(typoDistance("sakes", "sales")).toBe(1);
    expect(typoDistance("entreprize", "enterprise")).toBe(2);
    expect(typoDistance("abc", "")).toBe(3);
    expect(typoDistance("kitten", "sitting")).toBe(3);
  });
});

describe("prefixTypoDistance", () => {
  it("measures typos against the start of a word", () => {
    expect(prefixTypoDistance("solu", "solutions", 1)).toBe(0);
    expect(prefixTypoDistance("entrepr", "enterprise", 1)).toBe(1);
    expect(prefixTypoDistance("xyzab", "enterprise", 1)).toBeGreaterThan(1);
  });
});

describe("correctTerm", () => {
  const vocabulary = ["enterprise", "enterprises", "solutions", "sales", "saas", "chen", "harbour"];
  it("corrects within the budget, closest first, never the word itself", () => {
    expect(correctTerm("entreprise", vocabulary, false)).toEqual([
      { word: "enterprise", typos: 1 },
      { word: "enterprises", typos: 2 },
    ]);
    expect(correctTerm("enterprise", vocabulary, false)).toEqual([{ word: "enterprises", typos: 1 }]);
  });
  it("gives short words no typos and finds nothing for nonsense", () => {
    expect(correctTerm("chn", vocabulary, false)).toEqual([]);
    expect(correctTerm("sals", vocabulary, false)).toEqual([]);
    expect(correctTerm("qwxzvbn", vocabulary, false)).toEqual([]);
  });
  it("lets the last word match the start of a word with typos", () => {
    expect(correctTerm("harbr", vocabulary, true)).toEqual([{ word: "harbour", typos: 1 }]);
    expect(correctTerm("harbr", vocabulary, false)).toEqual([]);
  });
});

describe("readQuery", () => {
  it("reads a location word as the location and drops connectives", () => {
    expect(readQuery(["saas", "sales", "in", "melbourne"], undefined)).toEqual({
      keywords: ["saas", "sales"],
      location: "melbourne",
    });
    expect(readQuery(["sales", "melbroune"], undefined)).toEqual({
      keywords: ["sales"],
      location: "melbourne",
    });
    expect(readQuery(["perth"], undefined)).toEqual({ keywords: [], location: "perth" });
  });
  it("keeps a location word as text when the filter names another place", () => {
    expect(readQuery(["melbourne"], "sydney")).toEqual({ keywords: ["melbourne"], location: "sydney" });
    expect(locationOf("sales")).toBeUndefined();
    expect(readQuery(["in"], undefined)).toEqual({ keywords: ["in"], location: undefined });
  });
});
