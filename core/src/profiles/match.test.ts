import { describe, expect, it } from "vitest";
import { commissionPoints, experiencePoints, matchAgentForBusiness, matchBusinessForAgent } from "./match.ts";
import { aBusinessProfile, anAgentProfile } from "./testing/index.ts";

describe("matchAgentForBusiness", () => {
  const clinic = aBusinessProfile({ industry: "healthcare", location: "sydney" });

  it("scores nothing for an agent who fits in no way", () => {
    expect(matchAgentForBusiness(clinic, anAgentProfile())).toEqual({ score: 0, reasons: [] });
  });

  it("adds every component and names the top three reasons, best first", () => {
    const agent = anAgentProfile({
      skills: ["Healthcare", "Cold Calling"],
      specialization: "Medical Device Sales",
      location: "sydney",
      yearsOfExperience: 8,
      minimumCommissionRate: 10,
      owner: { userId: 2 as never, username: "x", verificationStatus: "verified" },
      featured: true,
    });
    const match = matchAgentForBusiness(clinic, agent);
    expect(match.score).toBe(30 + 10 + 20 + 10 + 10 + 7 + 3);
    expect(match.reasons).toEqual(["Healthcare skills", "Same city", "Medical Device Sales specialist"]);
  });

  it("gives remote agents half the location points and tops out at 100", () => {
    expect(matchAgentForBusiness(clinic, anAgentProfile({ location: "remote" })).score).toBe(10);
    const best = anAgentProfile({
      skills: ["Healthcare"],
      specialization: "Healthcare Sales",
      location: "sydney",
      yearsOfExperience: 40,
      minimumCommissionRate: 0,
      featured: true,
      owner: { userId: 2 as never, username: "x", verificationStatus: "verified" },
    });
    expect(matchAgentForBusiness(clinic, best).score).toBe(100);
  });

  it("uses the documented experience and commission steps", () => {
    expect([0, 1, 3, 6, 8, 15, 30].map(experiencePoints)).toEqual([0, 1, 4, 8, 10, 20, 20]);
    expect([0, 10, 11, 15, 20, 21, 100].map(commissionPoints)).toEqual([10, 10, 6, 6, 3, 0, 0]);
  });
});

describe("matchBusinessForAgent", () => {
  it("rewards industry skills, location and size fit", () => {
    const agent = anAgentProfile({
      skills: ["Technology/SaaS"],
      specialization: "SaaS Sales",
      location: "melbourne",
      yearsOfExperience: 8,
    });
    const fit = aBusinessProfile({
      industry: "technology",
      location: "melbourne",
      size: "enterprise",
      description: "We build",
    });
    const match = matchBusinessForAgent(agent, fit);
    expect(match.score).toBe(35 + 15 + 25 + 10 + 0 + 5);
    expect(match.reasons[0]).toBe("Needs your Technology/SaaS skills");
    expect(match.reasons).toContain("Also in Melbourne");
    const poor = aBusinessProfile({ industry: "retail", location: "perth", size: "startup" });
    expect(matchBusinessForAgent(agent, poor).score).toBe(4);
  });
});
