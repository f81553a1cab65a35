import { describe, expect, it } from "vitest";
import { agentKeywordFields, keywordReason } from "../profiles/index.ts";
import { anAgentProfile } from "../profiles/testing/index.ts";
import { bayesianHundredths, median, ratingSummary } from "../shared/reputation.ts";
import { reviewOpensAt } from "./model.ts";

describe("Bayesian average", () => {
  it("puts forty 4.8s above one 5-star review, and both sides of the prior in order", () => {
    const lone = bayesianHundredths(5, 1);
    const steady = bayesianHundredths(32 * 5 + 8 * 4, 40);
    expect(lone).toBe(416);
    expect(steady).toBe(471);
    expect(bayesianHundredths(0, 0)).toBe(400);
    expect(bayesianHundredths(1, 1)).toBeLessThan(400);
  });

  it("mirrors PostgreSQL's integer division of the generated column", () => {
    // (2000 + sum * 100) / (5 + count), truncated
    for (const [sum, count] of [
      [7, 2],
      [13, 3],
      [199, 41],
    ] as const)
      expect(bayesianHundredths(sum, count)).toBe(Math.trunc((2000 + sum * 100) / (5 + count)));
  });

  it("summarises with a 1-decimal average and no average without reviews", () => {
    expect(ratingSummary(14, 3)).toEqual({ average: 4.7, count: 3, bayesian: 425 });
    expect(ratingSummary(0, 0).average).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe("when reviewing opens", () => {
  const start = new Date("2026-11-01T00:00:00Z");
  it("is 14 days after the start of an active partnership, the end of an ended one, never for others", () => {
    expect(reviewOpensAt({ status: "active", startDate: start, endDate: null })?.toISOString()).toBe(
      "2026-11-15T00:00:00.000Z",
    );
    const end = new Date("2026-11-05T00:00:00Z");
    expect(reviewOpensAt({ status: "terminated", startDate: start, endDate: end })).toEqual(end);
    expect(reviewOpensAt({ status: "pending", startDate: null, endDate: null })).toBeNull();
    expect(reviewOpensAt({ status: "rejected", startDate: null, endDate: null })).toBeNull();
  });
});

describe("keyword reasons", () => {
  const jordan = anAgentProfile({
    fullName: "Jordan Enterprise",
    specialization: "Enterprise Solutions",
    bio: "Enterprise software seller",
  });
  it("names the first field in weight order with the matched word, for prefixes and typos", () => {
    expect(keywordReason(["enterpr"], agentKeywordFields(jordan))).toBe("matches 'enterprise' in name");
    expect(keywordReason(["entreprise"], agentKeywordFields(jordan))).toBe("matches 'enterprise' in name");
    expect(keywordReason(["software"], agentKeywordFields(jordan))).toBe("matches 'software' in bio");
    expect(keywordReason(["zzz"], agentKeywordFields(jordan))).toBeUndefined();
  });
});
