/**
 * Discovery search on the demo data (ADR 0036): each typo rule (transposition, deletion,
 * insertion, substitution, two typos in a long word, none in a short one, the last word as a
 * prefix, names, company names, nonsense), exact matches above corrected ones, the vocabulary
 * kept current by profile writes, field weights that separate, and a location word as the location.
 * Signed in as the demo business harbourtech (agents) and the demo agent mia.chen (businesses).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoClient, seedDemoData } from "../../testing/demo-data.ts";
import { aTestParty } from "../../testing/parties.ts";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app.ts";

let t: TestApp;
let business: TestClient;
let agent: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t);
  business = await demoClient(t, "harbourtech");
  agent = await demoClient(t, "mia.chen");
}, 240_000);

afterAll(async () => {
  await t?.close();
});

interface Found {
  total: number;
  items: {
    fullName?: string;
    companyName?: string;
    specialization?: string;
    location?: string;
    match?: { reasons: string[] };
  }[];
}

const agents = async (q: string, extra = ""): Promise<Found> => {
  const res = await business.request(`/api/agent-profiles?q=${encodeURIComponent(q)}&pageSize=100${extra}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Found;
};
const businesses = async (q: string): Promise<Found> => {
  const res = await agent.request(`/api/business-profiles?q=${encodeURIComponent(q)}&pageSize=100`);
  expect(res.status).toBe(200);
  return (await res.json()) as Found;
};
const names = (found: Found) => found.items.map((p) => p.fullName ?? p.companyName);

describe("typo tolerance on the demo data", () => {
  it("a transposition is one typo: 'entreprise' finds what 'enterprise' finds", async () => {
    const exact = await agents("enterprise");
    expect(exact.total).toBeGreaterThan(40);
    const typo = await agents("entreprise");
    expect(typo.total).toBe(exact.total);
    expect(names(typo).slice(0, 12)).toEqual(names(exact).slice(0, 12));
    expect(typo.items[0]?.match?.reasons[0]).toBe("matches 'enterprise' in specialization");
  });

  it("a deletion, an insertion and a substitution are one typo each (5–8 letters: one allowed)", async () => {
    const solutions = await agents("solutions");
    expect(solutions.total).toBeGreaterThan(0);
    // "solutions" (9 letters) also takes "solution" (one typo away); "solutons" only "solutions".
    const solutons = await agents("solutons");
    expect(solutons.total).toBeGreaterThan(100);
    expect(names(solutons).slice(0, 12)).toEqual(names(solutions).slice(0, 12));
    const sales = await agents("sales");
    expect((await agents("saless")).total).toBe(sales.total);
    expect((await agents("sakes")).total).toBeGreaterThanOrEqual(sales.total);
    expect((await agents("enterprize")).total).toBe((await agents("enterprise")).total);
  });

  it("two typos in a word of 9+ letters, but not in a shorter one; none in 4 letters or fewer", async () => {
    expect((await agents("entreprize")).total).toBe((await agents("enterprise")).total);
    expect((await agents("slutons")).total).toBe(0);
    expect((await agents("saas")).total).toBeGreaterThan(0);
    expect((await agents("saaz")).total).toBe(0);
  });

  it("a typo in each of two words: 'entreprise solutons'", async () => {
    const found = await agents("entreprise solutons");
    expect(found.total).toBe((await agents("enterprise solutions")).total);
    expect(found.items[0]?.specialization).toBe("Enterprise Solutions");
  });

  it("the last word matches as a prefix, with its typo budget", async () => {
    const enterprise = await agents("enterprise");
    expect((await agents("enterpr")).total).toBe(enterprise.total);
    expect((await agents("entrepr")).total).toBe(enterprise.total);
    // Not the last word: a whole word only, so "enterpr" matches no word and only "sales" counts.
    expect((await agents("enterpr sales")).total).toBe((await agents("sales")).total);
  });

  it("corrects people's names", async () => {
    expect(names(await agents("fletcher fitzgerlad"))[0]).toBe("Fletcher Fitzgerald");
    expect(names(await agents("fatima hadad"))[0]).toBe("Fatima Haddad");
    // "chn" has 3 letters (no typos) and matches no word: the known word "mia" still finds her.
    expect(names(await agents("mia chn"))).toEqual(["Mia Chen"]);
  });

  it("corrects company names", async () => {
    expect(names(await businesses("wooloongabba analytics"))[0]).toBe("Woolloongabba Analytics");
    expect(names(await businesses("harbor tech"))[0]).toBe("Harbour Tech");
    expect(names(await businesses("helthcare")).length).toBeGreaterThan(0);
  });

  it("nonsense finds nothing", async () => {
    expect((await agents("xqzvbnm")).total).toBe(0);
    expect((await agents("qwrtpsdf zxcvb")).total).toBe(0);
    expect((await businesses("zzqqxv")).total).toBe(0);
  });

  it("ranks exact matches above corrected ones, with the vocabulary kept current by profile writes", async () => {
    expect(names(await agents("enterprize"))).not.toContain("Olivia Enterprize");
    const olivia = await aTestParty(t, "agent", {
      username: "olivia.enterprize",
      profile: { fullName: "Olivia Enterprize", specialization: "Channel Sales", yearsOfExperience: 1 },
    });
    // "enterprize" is now a word of the vocabulary: Olivia matches it exactly and comes first,
    // above the Enterprise Solutions specialists it corrects to (more relevant fields, one typo).
    const found = await agents("enterprize");
    expect(names(found)[0]).toBe("Olivia Enterprize");
    expect(found.items[1]?.specialization).toBe("Enterprise Solutions");
    const renamed = await olivia.client.request(`/api/agent-profiles/${olivia.profileId}`, {
      method: "PATCH",
      json: { fullName: "Olivia Stone" },
    });
    expect(renamed.status).toBe(200);
    const words = await t.database.db
      .selectFrom("searchVocabulary")
      .select(["word", "uses"])
      .where("side", "=", "agent")
      .where("word", "in", ["enterprize", "stone"])
      .execute();
    expect(words.map((w) => w.word)).toEqual(["stone"]);
  });
});

describe("relevance on the demo data", () => {
  it("an exact specialization outranks the same words in skills or a bio", async () => {
    const found = await agents("enterprise solutions");
    const specialists = found.items.filter((p) => p.specialization === "Enterprise Solutions").length;
    expect(specialists).toBeGreaterThan(12);
    expect(found.items.slice(0, specialists).every((p) => p.specialization === "Enterprise Solutions")).toBe(
      true,
    );
    const health = await agents("healthcare partnerships");
    const partners = health.items.filter((p) => p.specialization === "Healthcare Partnerships").length;
    expect(health.items.slice(0, partners).every((p) => p.specialization === "Healthcare Partnerships")).toBe(
      true,
    );
  });

  it("a location word in the query is the location", async () => {
    const found = await agents("saas sales melbourne");
    expect(found.total).toBeGreaterThan(0);
    expect(found.items.every((p) => p.location === "melbourne")).toBe(true);
    expect(found.items[0]?.specialization).toBe("SaaS Sales");
    const inSydney = await agents("saas sales in sydney");
    expect(inSydney.items.every((p) => p.location === "sydney")).toBe(true);
    // With a location filter naming another place, the word stays a word.
    const other = await agents("melbourne", "&location=sydney");
    expect(other.items.every((p) => p.location === "sydney")).toBe(true);
  });

  it("every answer matches the contract", () => {
    expect(t.violations).toEqual([]);
  });
});
