import { seedMarketplace } from "@closr/adapters/seed";
import { BusinessSize, ExperienceBand, Industry, Location } from "@closr/contracts";
import {
  businessSizes,
  experienceBands,
  industries,
  locations,
  matchAgentForBusiness,
} from "@closr/core/profiles";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedMarketplace(t.database.db, { agents: 600, businesses: 150, passwordHash: "$argon2id$stub" });
});
afterAll(() => t?.close());
afterEach(() => expect(t.violations.splice(0)).toEqual([]));

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let n = 0;
/** Signs up a new account of that type and returns its client. */
async function signUp(userType: "business" | "agent"): Promise<TestClient> {
  n++;
  const client = t.client();
  const res = await client.request("/api/register", {
    method: "POST",
    json: { email: `p${n}@example.com`, username: `profile${n}`, password: "long enough password", userType },
  });
  expect(res.status).toBe(201);
  return client;
}

const aBusinessProfile = (overrides: Record<string, unknown> = {}) => ({
  companyName: "Sunrise Health",
  industry: "healthcare",
  size: "medium",
  location: "sydney",
  description: "Clinics across Sydney",
  website: "https://sunrise.example.com.au",
  contactEmail: "sales@sunrise.example.com.au",
  ...overrides,
});
const anAgentProfile = (overrides: Record<string, unknown> = {}) => ({
  fullName: "Jack Wilson",
  specialization: "Enterprise Solutions",
  yearsOfExperience: 8,
  bio: "Enterprise sales across NSW",
  location: "sydney",
  minimumCommissionRate: 12,
  skills: ["Healthcare", "Cold Calling"],
  ...overrides,
});

describe("business profiles", () => {
  it("404 before creation; create with the spec's defaults; one per user; then GET answers it", async () => {
    const business = await signUp("business");
    const none = await business.request("/api/business-profiles");
    expect(none.status).toBe(404);

    const created = await business.request("/api/business-profiles", {
      method: "POST",
      json: { companyName: "Harbour Tech" },
    });
    expect(created.status).toBe(201);
    const profile = await bodyOf(created);
    expect(profile).toMatchObject({
      companyName: "Harbour Tech",
      industry: "technology",
      size: "small",
      location: "sydney",
      website: null,
    });
    expect(profile.user.username).toMatch(/^profile/);

    const again = await business.request("/api/business-profiles", {
      method: "POST",
      json: aBusinessProfile(),
    });
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).type).toBe("/problems/profile-exists");

    const own = await business.request("/api/business-profiles");
    expect(own.status).toBe(200);
    expect((await bodyOf(own)).id).toBe(profile.id);
  });

  it("refuses agents, other users' ids and invalid fields with the spec's messages", async () => {
    const agent = await signUp("agent");
    const wrong = await agent.request("/api/business-profiles", { method: "POST", json: aBusinessProfile() });
    expect(wrong.status).toBe(403);
    expect((await bodyOf(wrong)).type).toBe("/problems/wrong-account-type");

    const business = await signUp("business");
    const other = await business.request("/api/business-profiles", {
      method: "POST",
      json: aBusinessProfile({ userId: 1 }),
    });
    expect(other.status).toBe(403);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ companyName: "A" }, "companyName", "Company name must be at least 2 characters"],
      [{ website: "not a url" }, "website", "Please enter a valid URL"],
      [{ contactEmail: "nope" }, "contactEmail", "Please enter a valid email"],
      [{ industry: "space" }, "industry", "Choose an industry from the list"],
      [{ size: "huge" }, "size", "Choose a company size from the list"],
      [{ location: "mars" }, "location", "Choose a location from the list"],
      [{ isAdmin: true }, "isAdmin", "Unknown field"],
    ];
    for (const [patch, field, message] of cases) {
      const res = await business.request("/api/business-profiles", {
        method: "POST",
        json: aBusinessProfile(patch),
      });
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect((await bodyOf(res)).errors).toContainEqual({ field, message });
    }
    expect((await business.request("/api/business-profiles")).status).toBe(404);
  });

  it("stores a website typed without https:// as https://… (issue 46)", async () => {
    const owner = await signUp("business");
    const created = await owner.request("/api/business-profiles", {
      method: "POST",
      json: aBusinessProfile({ website: "coastalplumbing.com.au" }),
    });
    expect(created.status).toBe(201);
    const { id, website } = await bodyOf(created);
    expect(website).toBe("https://coastalplumbing.com.au");
    const edited = await owner.request(`/api/business-profiles/${id}`, {
      method: "PATCH",
      json: { website: "www.coastalplumbing.com.au/contact" },
    });
    expect((await bodyOf(edited)).website).toBe("https://www.coastalplumbing.com.au/contact");
  });

  it("lets the owner edit, and answers 404 to anyone else without changing anything", async () => {
    const owner = await signUp("business");
    const { id } = await bodyOf(
      await owner.request("/api/business-profiles", { method: "POST", json: aBusinessProfile() }),
    );
    const edited = await owner.request(`/api/business-profiles/${id}`, {
      method: "PATCH",
      json: { companyName: "Sunrise Health Group", website: "" },
    });
    expect(edited.status).toBe(200);
    expect(await bodyOf(edited)).toMatchObject({
      companyName: "Sunrise Health Group",
      website: null,
      industry: "healthcare",
    });

    const intruder = await signUp("business");
    const denied = await intruder.request(`/api/business-profiles/${id}`, {
      method: "PATCH",
      json: { companyName: "Mine now" },
    });
    expect(denied.status).toBe(404);
    const after = await bodyOf(await owner.request(`/api/business-profiles/${id}`));
    expect(after.companyName).toBe("Sunrise Health Group");
  });
});

describe("agent profiles", () => {
  it("creates with skills from the catalogue and refuses bad skills and numbers", async () => {
    const agent = await signUp("agent");
    const bad: [Record<string, unknown>, string, string][] = [
      [{ skills: ["Juggling"] }, "skills", "Unknown skill: Juggling"],
      [{ skills: Array.from({ length: 11 }, (_, i) => `s${i}`) }, "skills", "Choose at most 10 skills"],
      [{ yearsOfExperience: -1 }, "yearsOfExperience", "Years of experience must be a positive number"],
      [{ yearsOfExperience: "five" }, "yearsOfExperience", "Years of experience must be a positive number"],
      [
        { minimumCommissionRate: 101 },
        "minimumCommissionRate",
        "Minimum commission must be a number from 0 to 100",
      ],
      [{ fullName: "J" }, "fullName", "Full name must be at least 2 characters"],
      [{ specialization: "" }, "specialization", "Specialisation is required"],
      [{ linkedinProfile: "javascript:alert(1)" }, "linkedinProfile", "Please enter a valid URL"],
    ];
    for (const [patch, field, message] of bad) {
      const res = await agent.request("/api/agent-profiles", { method: "POST", json: anAgentProfile(patch) });
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect((await bodyOf(res)).errors).toContainEqual({ field, message });
    }
    const created = await agent.request("/api/agent-profiles", {
      method: "POST",
      json: anAgentProfile({ minimumCommissionRate: undefined }),
    });
    expect(created.status).toBe(201);
    expect(await bodyOf(created)).toMatchObject({
      minimumCommissionRate: 10,
      skills: ["Healthcare", "Cold Calling"],
      featured: false,
    });
    expect((await bodyOf(await agent.request("/api/agent-profiles"))).fullName).toBe("Jack Wilson");
  });
});

describe("discovery", () => {
  it("ranks agents for a business by match, with reasons, and applies the filters", async () => {
    const business = await signUp("business");
    const profile = await bodyOf(
      await business.request("/api/business-profiles", { method: "POST", json: aBusinessProfile() }),
    );
    const res = await business.request(
      "/api/agent-profiles?q=enterpr&location=sydney&experience=6-10&pageSize=50",
    );
    expect(res.status).toBe(200);
    const page = await bodyOf(res);
    expect(page.total).toBeGreaterThan(0);
    for (const agent of page.items) {
      expect(agent.location).toBe("sydney");
      expect(agent.yearsOfExperience).toBeGreaterThanOrEqual(6);
      expect(agent.yearsOfExperience).toBeLessThanOrEqual(10);
      expect(
        `${agent.fullName} ${agent.specialization} ${agent.skills.join(" ")} ${agent.bio}`.toLowerCase(),
      ).toContain("enterpr");
      expect(agent.match.reasons.length).toBeGreaterThan(0);
      expect(agent.match.score).toBe(
        matchAgentForBusiness(
          {
            ...profile,
            userId: profile.userId,
            createdAt: new Date(),
            updatedAt: new Date(),
            owner: { userId: profile.userId, username: "x", verificationStatus: "unverified" },
          },
          {
            ...agent,
            createdAt: new Date(),
            updatedAt: new Date(),
            owner: {
              userId: agent.userId,
              username: agent.user.username,
              verificationStatus: agent.user.verificationStatus,
            },
          },
        ).score,
      );
    }
    // Without keywords "match" orders by score (with keywords, by typos and text relevance first: ADR 0036).
    const unranked = await bodyOf(
      await business.request("/api/agent-profiles?location=sydney&experience=6-10&pageSize=50"),
    );
    const scores = unranked.items.map((a: { match: { score: number } }) => a.match.score);
    expect(scores.length).toBeGreaterThan(0);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));

    const newest = await bodyOf(await business.request("/api/agent-profiles?sort=newest&pageSize=5"));
    const times = newest.items.map((a: { createdAt: string }) => a.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const verified = await bodyOf(
      await business.request("/api/agent-profiles?verified=true&minimumCommissionRate=15&pageSize=100"),
    );
    for (const a of verified.items) {
      expect(a.user.verificationStatus).toBe("verified");
      expect(a.minimumCommissionRate).toBeGreaterThanOrEqual(15);
    }
  });

  it("shows businesses to agents, ranked for their profile", async () => {
    const agent = await signUp("agent");
    await agent.request("/api/agent-profiles", { method: "POST", json: anAgentProfile() });
    const page = await bodyOf(await agent.request("/api/business-profiles?industry=healthcare&pageSize=100"));
    expect(page.total).toBeGreaterThan(0);
    for (const b of page.items) {
      expect(b.industry).toBe("healthcare");
      expect(b.match.reasons).toContain("Needs your Healthcare skills");
    }
    const one = await agent.request(`/api/business-profiles/${page.items[0].id}`);
    expect((await bodyOf(one)).match.score).toBe(page.items[0].match.score);
  });

  it("answers bad filters with a clear 422 and query syntax with results, never a 500", async () => {
    const business = await signUp("business");
    for (const query of [
      "location=mars",
      "experience=7-9",
      "page=-1",
      "page=0",
      "page=99999999",
      "pageSize=1000",
      "minimumCommissionRate=abc",
      "sort=random",
      "verified=maybe",
      `q=${"x".repeat(10_000)}`,
    ]) {
      const res = await business.request(`/api/agent-profiles?${query}`);
      expect(res.status, query).toBe(422);
      expect((await bodyOf(res)).errors.length).toBeGreaterThan(0);
    }
    for (const q of [
      `'`,
      `"enterprise"`,
      "a & b",
      "x | y",
      "!sales",
      "ent:*",
      "back\\slash",
      "((",
      "'; drop table users; --",
    ]) {
      const res = await business.request(`/api/agent-profiles?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    const deep = await bodyOf(await business.request("/api/agent-profiles?page=10000"));
    expect(deep.items).toEqual([]);
    expect(deep.total).toBeGreaterThan(0);
  });

  it("requires a session, and unknown or malformed ids are 4xx", async () => {
    expect((await t.client().request("/api/agent-profiles")).status).toBe(401);
    const business = await signUp("business");
    expect((await business.request("/api/agent-profiles/999999")).status).toBe(404);
    expect((await business.request("/api/agent-profiles/abc")).status).toBe(422);
  });
});

describe("catalogue", () => {
  it("serves the spec's lists, and the contract's enumerations equal core's", async () => {
    const catalogue = await bodyOf(await t.client().request("/api/catalogue"));
    expect(catalogue.skills).toHaveLength(40);
    expect(new Set(catalogue.skills.map((s: { category: string }) => s.category)).size).toBe(5);
    expect(catalogue.maxSkills).toBe(10);
    expect(Industry.options).toEqual([...industries]);
    expect(BusinessSize.options).toEqual([...businessSizes]);
    expect(Location.options).toEqual([...locations]);
    expect(ExperienceBand.options).toEqual(Object.keys(experienceBands));
  });
});

describe("own profiles at /me (issue 49: one shape per operation)", () => {
  it("answers the caller's own profile at /me, 404 before it exists, 403 for the other side", async () => {
    const agent = await signUp("agent");
    expect((await agent.request("/api/agent-profiles/me")).status).toBe(404);
    const created = await agent.request("/api/agent-profiles", { method: "POST", json: anAgentProfile() });
    expect(created.status).toBe(201);
    const profile = await bodyOf(created);
    expect(created.headers.get("location")).toBe(`/api/agent-profiles/${profile.id}`);
    const own = await agent.request("/api/agent-profiles/me");
    expect(own.status).toBe(200);
    expect((await bodyOf(own)).id).toBe(profile.id);
    expect(own.headers.get("deprecation")).toBeNull();
    const wrong = await agent.request("/api/business-profiles/me");
    expect(wrong.status).toBe(403);
    expect((await bodyOf(wrong)).type).toBe("/problems/wrong-account-type");

    const business = await signUp("business");
    await business.request("/api/business-profiles", { method: "POST", json: aBusinessProfile() });
    const mine = await business.request("/api/business-profiles/me");
    expect(mine.status).toBe(200);
    expect((await bodyOf(mine)).companyName).toBe("Sunrise Health");
  });

  it("still answers an agent's own profile on the list for one version, marked deprecated (RFC 9745)", async () => {
    const agent = await signUp("agent");
    await agent.request("/api/agent-profiles", { method: "POST", json: anAgentProfile() });
    const old = await agent.request("/api/agent-profiles");
    expect(old.status).toBe(200);
    expect(old.headers.get("deprecation")).toBe("@1796169600");
    expect(old.headers.get("link")).toBe('</api/agent-profiles/me>; rel="successor-version"');
    expect(await bodyOf(old)).not.toHaveProperty("items");

    const business = await signUp("business");
    const page = await business.request("/api/agent-profiles?pageSize=5");
    expect(page.status).toBe(200);
    expect(page.headers.get("deprecation")).toBeNull();
    expect(await bodyOf(page)).toHaveProperty("items");
  });
});
