/**
 * Entitlements where they apply (spec §9 reading B): each feature a plan switches on reads the one
 * catalogue (core/src/subscription/catalogue.ts grants, through entitlementsFor), so changing the
 * plan flips it at once: API access, the analytics tier, the featured listing, the Verified badge
 * (verified AND a badge plan; ADR 0042). (Priority
 * verification: the verification integration test moves a request in the staff queue.)
 */
import { setUserPlan } from "@closr/adapters/postgres";
import type { PlanId } from "@closr/core/subscription";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { aTestParty, partyProfile } from "../../testing/parties.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());
afterEach(() => expect(t.violations.splice(0)).toEqual([]));

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let n = 0;
const aParty = (userType: "business" | "agent") => {
  n++;
  return aTestParty(t, userType, { username: `entitled${n}`, profile: partyProfile(userType, 100 + n) });
};
const setPlan = (userId: number, planId: PlanId | null) => setUserPlan(t.database.db, userId, planId);

describe("a plan change flips each entitlement", () => {
  it("API access: Enterprise may create keys and its keys work; back on Basic, neither", async () => {
    const business = await aParty("business");
    const create = () =>
      business.client.request("/api/api-keys", {
        method: "POST",
        json: { name: "CRM", scopes: ["profiles:read"] },
      });
    expect((await bodyOf(await create())).type).toBe("/problems/api-access-required");
    await setPlan(business.userId, "enterprise");
    const created = await create();
    expect(created.status).toBe(201);
    const { secret } = await bodyOf(created);
    const withKey = () => t.client().request("/api/user", { headers: { authorization: `Bearer ${secret}` } });
    expect((await withKey()).status).toBe(200);
    await setPlan(business.userId, "professional");
    expect((await bodyOf(await create())).type).toBe("/problems/api-access-required");
    expect((await withKey()).status).toBe(401);
    expect((await bodyOf(await business.client.request("/api/api-keys"))).access).toBe(false);
  });

  it("analytics tier: Basic headline figures, Professional + per agent, Enterprise + advanced", async () => {
    const business = await aParty("business");
    const access = async () =>
      (await bodyOf(await business.client.request("/api/analytics?range=12m"))).access;
    expect(await access()).toEqual({ planId: "basic", perAgent: false, advanced: false });
    await setPlan(business.userId, "professional");
    expect(await access()).toEqual({ planId: "professional", perAgent: true, advanced: false });
    await setPlan(business.userId, "enterprise");
    expect(await access()).toEqual({ planId: "enterprise", perAgent: true, advanced: true });
    expect((await business.client.request("/api/analytics?compare=true")).status).toBe(200);
    await setPlan(business.userId, null);
    expect(await access()).toEqual({ planId: "basic", perAgent: false, advanced: false });
    expect((await business.client.request("/api/analytics?compare=true")).status).toBe(403);
  });

  it("featured listing: Agent Pro marks the agent's profile featured; the free plan does not", async () => {
    const agent = await aParty("agent");
    const business = await aParty("business");
    const featured = async () =>
      (await bodyOf(await business.client.request(`/api/agent-profiles/${agent.profileId}`))).featured;
    expect(await featured()).toBe(false);
    await setPlan(agent.userId, "agent_pro");
    expect(await featured()).toBe(true);
    await setPlan(agent.userId, null);
    expect(await featured()).toBe(false);
  });

  it("Verified badge: a verified agent shows it only on a badge plan; the verified-only search keeps the verified fact", async () => {
    const agent = await aParty("agent");
    const business = await aParty("business");
    await t.database.db
      .updateTable("users")
      .set({ verificationStatus: "verified" })
      .where("id", "=", agent.userId)
      .execute();
    const owner = async () =>
      (await bodyOf(await business.client.request(`/api/agent-profiles/${agent.profileId}`))).user;
    const verifiedOnly = async () =>
      (
        await bodyOf(await business.client.request("/api/agent-profiles?verified=true&pageSize=100"))
      ).items.map((p: { id: number }) => p.id);
    expect(await owner()).toMatchObject({ verificationStatus: "verified", verifiedBadge: false });
    expect(await verifiedOnly()).toContain(agent.profileId);
    await setPlan(agent.userId, "agent_pro");
    expect(await owner()).toMatchObject({ verificationStatus: "verified", verifiedBadge: true });
    expect(await verifiedOnly()).toContain(agent.profileId);
    await setPlan(agent.userId, null);
    expect((await owner()).verifiedBadge).toBe(false);
    // A business on Professional shows it too; an unverified one on Professional does not.
    await setPlan(business.userId, "professional");
    const businessOwner = async () =>
      (await bodyOf(await agent.client.request(`/api/business-profiles/${business.profileId}`))).user;
    expect((await businessOwner()).verifiedBadge).toBe(false);
    await t.database.db
      .updateTable("users")
      .set({ verificationStatus: "verified" })
      .where("id", "=", business.userId)
      .execute();
    expect((await businessOwner()).verifiedBadge).toBe(true);
  });
});
