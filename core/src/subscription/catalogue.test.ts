import { describe, expect, it } from "vitest";
import { type PlanGrant, type PlanId, plans, plansGranting } from "./catalogue.ts";
import { entitlementsFor } from "./entitlements.ts";

const planIds = Object.keys(plans) as PlanId[];
const grants = Object.keys(plans.basic.grants) as PlanGrant[];
const t0 = new Date("2026-11-01T00:00:00Z");

describe("the plan catalogue is the one source of entitlements", () => {
  it("an active plan's entitlements are exactly its catalogue grants; a canceled one falls to the free plan's", () => {
    for (const planId of planIds) {
      const active = entitlementsFor(planId, "active", t0);
      const canceled = entitlementsFor(planId, "canceled", t0);
      const free = plans[plans[planId].audience === "business" ? "basic" : "agent_basic"];
      for (const grant of grants) {
        expect(`${planId} ${grant} ${active[grant]}`).toBe(
          `${planId} ${grant} ${plans[planId].grants[grant]}`,
        );
        expect(canceled[grant]).toBe(free.grants[grant]);
      }
    }
  });

  it("reading B: which plans grant what (plansGranting, used by SQL mirrors)", () => {
    expect(plansGranting("verificationBadge")).toEqual(["professional", "enterprise", "agent_pro"]);
    expect(plansGranting("priorityReview")).toEqual(["professional", "enterprise"]);
    expect(plansGranting("performanceMetrics")).toEqual(["professional", "enterprise"]);
    expect(plansGranting("advancedAnalytics")).toEqual(["enterprise"]);
    expect(plansGranting("apiAccess")).toEqual(["enterprise"]);
    expect(plansGranting("featuredListing")).toEqual(["agent_pro"]);
  });
});
