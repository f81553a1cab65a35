import { describe, expect, it } from "vitest";
import { plans } from "./catalogue.ts";
import { showsVerifiedBadge } from "./entitlements.ts";

describe("showsVerifiedBadge (ADR 0042: verified AND a plan that grants the badge)", () => {
  it("a verified user shows it only on Professional, Enterprise and Agent Pro", () => {
    const shown = Object.values(plans)
      .filter((p) => showsVerifiedBadge("verified", p.id, p.audience))
      .map((p) => p.id);
    expect(shown).toEqual(["professional", "enterprise", "agent_pro"]);
  });
  it("never for an unverified or pending user; the free plan of the side when no plan is stored", () => {
    expect(showsVerifiedBadge("pending", "enterprise", "business")).toBe(false);
    expect(showsVerifiedBadge("unverified", "agent_pro", "agent")).toBe(false);
    expect(showsVerifiedBadge("verified", null, "agent")).toBe(false);
    expect(showsVerifiedBadge("verified", null, "business")).toBe(false);
  });
});
