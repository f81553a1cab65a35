import {
  type AgentProfile,
  AgentProfileRepository,
  type AgentSearch,
  type BusinessProfile,
  BusinessProfileRepository,
  type BusinessSearch,
  experienceBands,
  industrySkill,
  keywordTerms,
  locations,
  matchAgentForBusiness,
  matchBusinessForAgent,
} from "@closr/core/profiles";
import type { UserId } from "@closr/core/shared";
import { Effect, Layer, Option } from "effect";
import { type Compilable, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedMarketplace } from "../../seed/marketplace.ts";
import { PgDatabaseFrom } from "../database-service.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import {
  AgentProfileRepositoryPg,
  agentMatchScoreSql,
  agentSearchQueries,
  BusinessProfileRepositoryPg,
  businessMatchScoreSql,
  businessSearchQueries,
  keywordCandidates,
} from "./profiles.ts";

let database: TestDatabase;
let layer: Layer.Layer<AgentProfileRepository | BusinessProfileRepository>;
const run = <A>(effect: Effect.Effect<A, unknown, AgentProfileRepository | BusinessProfileRepository>) =>
  Effect.runPromise(Effect.provide(effect, layer) as Effect.Effect<A>);

beforeAll(async () => {
  database = await createTestDatabase();
  layer = Layer.mergeAll(AgentProfileRepositoryPg, BusinessProfileRepositoryPg).pipe(
    Layer.provide(PgDatabaseFrom(database.db)),
  );
  await seedMarketplace(database.db, { agents: 3000, businesses: 600, passwordHash: "$argon2id$stub" });
});
afterAll(() => database?.dispose());

const agentSearch = (overrides: Partial<AgentSearch> = {}): AgentSearch => ({
  keywords: [],
  verifiedOnly: false,
  sort: "newest",
  page: 1,
  pageSize: 20,
  ...overrides,
});
const businessSearch = (overrides: Partial<BusinessSearch> = {}): BusinessSearch => ({
  keywords: [],
  verifiedOnly: false,
  sort: "newest",
  page: 1,
  pageSize: 20,
  ...overrides,
});
const searchAgents = (c: AgentSearch, viewer?: BusinessProfile) =>
  run(Effect.flatMap(AgentProfileRepository, (r) => r.search(c, viewer)));
const searchBusinesses = (c: BusinessSearch, viewer?: AgentProfile) =>
  run(Effect.flatMap(BusinessProfileRepository, (r) => r.search(c, viewer)));
const someBusiness = async (n: number) =>
  (await searchBusinesses(businessSearch({ pageSize: 1, page: n }))).items[0]!;
const someAgent = async (n: number) => (await searchAgents(agentSearch({ pageSize: 1, page: n }))).items[0]!;

describe("seedMarketplace", () => {
  it("creates realistic, valid profiles over the spec's lists", async () => {
    const all = await searchAgents(agentSearch({ pageSize: 100 }));
    // 3,000 agents match: the count stops at the cap and says so.
    expect(all.total).toBe(1000);
    expect(all.totalCapped).toBe(true);
    const exact = await sql<{ n: number }>`select count(*)::int as n from agent_profiles`.execute(
      database.db,
    );
    expect(Number(exact.rows[0]!.n)).toBe(3000);
    for (const agent of all.items) {
      expect(agent.fullName.length).toBeGreaterThanOrEqual(2);
      expect(agent.skills.length).toBeLessThanOrEqual(10);
      expect(agent.minimumCommissionRate).toBeGreaterThanOrEqual(0);
    }
    const businesses = await searchBusinesses(businessSearch());
    expect([businesses.total, businesses.totalCapped]).toEqual([600, false]);
  });
});

describe("match ranking in SQL", () => {
  it("computes exactly core's score for every agent, for several viewers", async () => {
    for (const n of [1, 7, 42, 99]) {
      const viewer = await someBusiness(n);
      const rows = await sql<{ id: number; score: number }>`
        select a.id, ${agentMatchScoreSql(viewer)} as score
        from agent_profiles a join users u on u.id = a.user_id`.execute(database.db);
      const agents = new Map<number, AgentProfile>();
      for (let page = 1; page <= 30; page++) {
        for (const a of (await searchAgents(agentSearch({ pageSize: 100, page }))).items) agents.set(a.id, a);
      }
      for (const row of rows.rows) {
        expect(Number(row.score), `agent ${row.id}`).toBe(
          matchAgentForBusiness(viewer, agents.get(row.id)!).score,
        );
      }
    }
  });

  it("computes exactly core's score for every business, for several viewers", async () => {
    const businesses = new Map<number, BusinessProfile>();
    for (let page = 1; page <= 6; page++) {
      for (const b of (await searchBusinesses(businessSearch({ pageSize: 100, page }))).items)
        businesses.set(b.id, b);
    }
    for (const n of [1, 13, 250]) {
      const viewer = await someAgent(n);
      const rows = await sql<{ id: number; score: number }>`
        select b.id, ${businessMatchScoreSql(viewer)} as score
        from business_profiles b join users u on u.id = b.user_id`.execute(database.db);
      for (const row of rows.rows) {
        expect(Number(row.score), `business ${row.id}`).toBe(
          matchBusinessForAgent(viewer, businesses.get(row.id)!).score,
        );
      }
    }
  });

  it("orders a match search by score", async () => {
    const viewer = await someBusiness(3);
    const page = await searchAgents(agentSearch({ sort: "match", pageSize: 50 }), viewer);
    const scores = page.items.map((a) => matchAgentForBusiness(viewer, a).score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
  });
});

describe("filters and keywords", () => {
  it("applies every agent filter", async () => {
    const page = await searchAgents(
      agentSearch({
        location: "sydney",
        experience: "6-10",
        minimumCommissionRate: 10,
        verifiedOnly: true,
        pageSize: 100,
      }),
    );
    expect(page.total).toBeGreaterThan(0);
    for (const a of page.items) {
      expect(a.location).toBe("sydney");
      expect(a.yearsOfExperience).toBeGreaterThanOrEqual(6);
      expect(a.yearsOfExperience).toBeLessThanOrEqual(10);
      expect(a.minimumCommissionRate).toBeGreaterThanOrEqual(10);
      expect(a.owner.verificationStatus).toBe("verified");
    }
    const saas = await searchAgents(agentSearch({ specialization: "saas sales" }));
    expect(saas.total).toBeGreaterThan(0);
    for (const a of saas.items) expect(a.specialization).toBe("SaaS Sales");
    const senior = await searchAgents(agentSearch({ experience: "10+", sort: "experience" }));
    expect(senior.items[0]!.yearsOfExperience).toBeGreaterThanOrEqual(senior.items.at(-1)!.yearsOfExperience);
  });

  it("applies every business filter", async () => {
    const page = await searchBusinesses(
      businessSearch({ industry: "healthcare", size: "enterprise", location: "melbourne" }),
    );
    for (const b of page.items)
      expect([b.industry, b.size, b.location]).toEqual(["healthcare", "enterprise", "melbourne"]);
    const verified = await searchBusinesses(businessSearch({ verifiedOnly: true, pageSize: 100 }));
    for (const b of verified.items) expect(b.owner.verificationStatus).toBe("verified");
  });

  it("matches word prefixes, so 'enterpr' finds Enterprise, in names, skills and bios", async () => {
    const page = await searchAgents(agentSearch({ keywords: keywordTerms("enterpr"), pageSize: 100 }));
    expect(page.total).toBeGreaterThan(0);
    for (const a of page.items)
      expect(`${a.specialization} ${a.skills.join(" ")} ${a.bio}`.toLowerCase()).toContain("enterpr");
    const saas = await searchAgents(agentSearch({ keywords: keywordTerms("saas") }));
    expect(saas.total).toBeGreaterThan(0);
    const company = await someBusiness(5);
    const byName = await searchBusinesses(businessSearch({ keywords: keywordTerms(company.companyName) }));
    expect(byName.items.map((b) => b.id)).toContain(company.id);
  });

  it("treats query syntax in keywords as plain words, never an error", async () => {
    const ids = (page: { total: number; items: readonly AgentProfile[] }) => ({
      total: page.total,
      ids: page.items.map((a) => a.id),
    });
    const everyone = ids(await searchAgents(agentSearch()));
    // Each typed query finds exactly what its plain words find (none: the unfiltered list).
    for (const [q, words] of [
      [`'`, []],
      ["((", []],
      [`"enterprise"`, ["enterprise"]],
      ["a & b", ["a", "b"]],
      ["x | y", ["x", "y"]],
      ["!sales", ["sales"]],
      ["ent:*", ["ent"]],
      ["back\\slash", ["back", "slash"]],
      ["'; drop table users; --", ["drop", "table", "users"]],
    ] as const) {
      const typed = ids(await searchAgents(agentSearch({ keywords: keywordTerms(q) })));
      const plain = words.length ? ids(await searchAgents(agentSearch({ keywords: [...words] }))) : everyone;
      expect({ q, ...typed }).toEqual({ q, ...plain });
    }
    // The quoted and negated forms still match: the syntax was dropped, not the word.
    for (const q of [`"enterprise"`, "!sales"])
      expect((await searchAgents(agentSearch({ keywords: keywordTerms(q) }))).total).toBeGreaterThan(0);
  });

  it("pages without overlap, and a page past the end is empty with the right total", async () => {
    const one = await searchAgents(agentSearch({ page: 1, pageSize: 25 }));
    const two = await searchAgents(agentSearch({ page: 2, pageSize: 25 }));
    expect(new Set([...one.items, ...two.items].map((a) => a.id)).size).toBe(50);
    const beyond = await searchAgents(agentSearch({ page: 10_000, pageSize: 25 }));
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(1000);
    expect(beyond.totalCapped).toBe(true);
    const sydney = await searchAgents(
      agentSearch({ location: "sydney", experience: "10+", verifiedOnly: true }),
    );
    expect(sydney.totalCapped).toBe(false);
    const exact = await sql<{ n: number }>`
      select count(*)::int as n from agent_profiles
      where location = 'sydney' and years_of_experience >= 10 and owner_verified`.execute(database.db);
    expect(sydney.total).toBe(Number(exact.rows[0]!.n));
  });
});

describe("keyword + location + experience through the band's keyword index (ADR 0031)", () => {
  it.each([
    ["0-2", 0, 2],
    ["3-5", 3, 5],
    ["6-10", 6, 10],
    ["10+", 10, 80],
  ] as const)("finds exactly the agents in the band %s, edges included", async (experience, min, max) => {
    // Edge years on purpose: an agent at each end of the band and one either side of it.
    const page = await searchAgents(
      agentSearch({ keywords: keywordTerms("sales"), location: "sydney", experience, pageSize: 100 }),
    );
    const exact = await sql<{ id: number }>`
      select id from agent_profiles
      where search_vector @@ to_tsquery('simple', 'sales:*') and location = 'sydney'
        and years_of_experience between ${min} and ${max}`.execute(database.db);
    expect(page.total).toBe(Math.min(exact.rows.length, 1000));
    expect(page.total).toBeGreaterThan(0);
    const ids = new Set(exact.rows.map((r) => r.id));
    for (const a of page.items) {
      expect(ids.has(a.id as unknown as number)).toBe(true);
      expect(a.yearsOfExperience).toBeGreaterThanOrEqual(min);
      expect(a.yearsOfExperience).toBeLessThanOrEqual(max);
    }
    const edges = await sql<{ y: number }>`
      select distinct years_of_experience as y from agent_profiles
      where location = 'sydney' and years_of_experience in (${min}, ${max})`.execute(database.db);
    expect(edges.rows.length).toBeGreaterThan(0);
  });

  const bandIndex = { "0-2": "0_2", "3-5": "3_5", "6-10": "6_10", "10+": "10_plus" } as const;
  it("every location and band of the catalogue has a keyword index the search's SQL can use", async () => {
    const viewer = await someBusiness(3);
    for (const location of locations)
      for (const experience of Object.keys(experienceBands) as (keyof typeof experienceBands)[]) {
        const { page, count } = agentSearchQueries(
          database.db,
          agentSearch({ keywords: ["enterpr"], location, experience, sort: "match" }),
          viewer,
        );
        // The index exists and the query's text implies its predicate: with every other index path
        // of the keyword disabled (the full and per-location GINs are larger, so a 3,000-agent
        // planner may still prefer them), the plan names it.
        const name = `agent_profiles_search_${location}_${bandIndex[experience]}_idx`;
        for (const query of [page, count]) {
          const compiled = query.compile();
          const json = await database.db.connection().execute(async (conn) => {
            await sql`set enable_seqscan = off`.execute(conn);
            await sql`set enable_indexscan = off`.execute(conn);
            const result = await conn.executeQuery({
              ...compiled,
              sql: `explain (format json) ${compiled.sql}`,
            });
            await sql`reset enable_seqscan`.execute(conn);
            await sql`reset enable_indexscan`.execute(conn);
            return JSON.stringify(result.rows);
          });
          expect(json, `${location} ${experience}`).toContain(name);
        }
      }
  });
});

describe("keyword ranking over a capped candidate set (ADR 0019)", () => {
  it("puts the agent named for the keyword first even behind more than keywordCandidates better matches", async () => {
    const viewer = await someBusiness(4);
    const skill = industrySkill[viewer.industry];
    const mentions = keywordCandidates + 50;
    // Agents that only mention the word, each with a better match score than the named agent.
    await sql`
      WITH u AS (
        INSERT INTO users (email, username, password_hash, user_type)
        SELECT 'quorvex' || g || '@example.com', 'quorvex' || g, 'x', 'agent' FROM generate_series(1, ${mentions}) g
        RETURNING id)
      INSERT INTO agent_profiles (user_id, full_name, specialization, years_of_experience, location, bio, skills, minimum_commission_rate)
      SELECT id, 'Mention ' || id, 'B2B Sales', 12, ${viewer.location},
             'Sold Quorvex licences to retailers for years.', ${skill ? [skill] : []}::text[], 5 FROM u`.execute(
      database.db,
    );
    const named = await sql<{ id: number }>`
      WITH u AS (
        INSERT INTO users (email, username, password_hash, user_type)
        VALUES ('dana.quorvex@example.com', 'danaquorvex', 'x', 'agent') RETURNING id)
      INSERT INTO agent_profiles (user_id, full_name, specialization, years_of_experience, location, bio)
      SELECT id, 'Dana Quorvex', 'Quorvex Solutions', 0, 'other', 'New here.' FROM u RETURNING id`.execute(
      database.db,
    );
    const first = await searchAgents(
      agentSearch({ sort: "match", keywords: ["quorv"], pageSize: 12 }),
      viewer,
    );
    expect(first.items[0]?.id).toBe(named.rows[0]!.id);
    expect([first.total, first.totalCapped]).toEqual([mentions + 1, false]);
    // Pages past the first window still fill, without repeats, to the last match.
    const seen = new Set<number>();
    for (let page = 1; page <= Math.ceil((mentions + 1) / 50); page++)
      for (const a of (
        await searchAgents(agentSearch({ sort: "match", keywords: ["quorv"], page, pageSize: 50 }), viewer)
      ).items)
        seen.add(a.id);
    expect(seen.size).toBe(mentions + 1);
  });
});

describe("every filter and keyword has an index", () => {
  // With sequential scans disabled, the planner still picks one when no index can serve the
  // query; so a plan without "Seq Scan" proves an index exists for that filter.
  const plan = async (query: Compilable) => {
    const compiled = query.compile();
    return database.db.connection().execute(async (conn) => {
      await sql`set enable_seqscan = off`.execute(conn);
      const result = await conn.executeQuery({
        ...compiled,
        sql: `explain (format json) ${compiled.sql}`,
      });
      await sql`reset enable_seqscan`.execute(conn);
      return JSON.stringify(result.rows);
    });
  };
  const seqScans = (planJson: string) =>
    [...planJson.matchAll(/"Node Type":\s*"Seq Scan"[^}]*?"Relation Name":\s*"(\w+)"/g)].map((m) => m[1]);

  it("the detector sees a sequential scan where no index exists (control)", async () => {
    const unindexed = database.db.selectFrom("agentProfiles").select("id").where("photo", "=", "none.png");
    expect(seqScans(await plan(unindexed))).toContain("agent_profiles");
  });

  const agentCases: Partial<AgentSearch>[] = [
    {},
    { sort: "match" },
    { sort: "match", keywords: ["enterpr"], location: "sydney" },
    { keywords: ["enterpr"] },
    { keywords: ["sydney", "saas"] },
    { specialization: "SaaS Sales" },
    { location: "sydney" },
    { experience: "6-10" },
    { minimumCommissionRate: 15 },
    { verifiedOnly: true },
    { location: "sydney", experience: "6-10", keywords: ["enterpr"] },
    { sort: "experience" },
    { page: 50 },
  ];
  it.each(agentCases)("agents %j", async (criteria) => {
    const viewer = await someBusiness(2);
    const { page, count } = agentSearchQueries(database.db, agentSearch({ ...criteria }), viewer);
    expect(seqScans(await plan(page)).filter((t) => t === "agent_profiles")).toEqual([]);
    expect(seqScans(await plan(count)).filter((t) => t === "agent_profiles")).toEqual([]);
  });

  it.each([
    ["healthcare", "sydney"],
    ["technology", "remote"],
    ["other", "perth"],
  ] as const)("best match for a %s business in %s walks that class's index", async (industry, location) => {
    const viewer = { ...(await someBusiness(1)), industry, location };
    const { page } = agentSearchQueries(database.db, agentSearch({ sort: "match" }), viewer);
    const compiled = page.compile();
    const result = await database.db.executeQuery({
      ...compiled,
      sql: `explain (format json) ${compiled.sql}`,
    });
    expect(JSON.stringify(result.rows)).toContain(`agent_profiles_match_${industry}_${location}_idx`);
  });

  const businessCases: Partial<BusinessSearch>[] = [
    {},
    { keywords: ["health"] },
    { industry: "finance" },
    { size: "startup" },
    { location: "perth" },
    { verifiedOnly: true },
  ];
  it.each(businessCases)("businesses %j", async (criteria) => {
    const { page, count } = businessSearchQueries(database.db, businessSearch(criteria), undefined);
    expect(seqScans(await plan(page)).filter((t) => t === "business_profiles")).toEqual([]);
    expect(seqScans(await plan(count)).filter((t) => t === "business_profiles")).toEqual([]);
  });
});

describe("create and update", () => {
  it("creates one profile per user and keeps the search vector current on update", async () => {
    const user = await sql<{ id: number }>`
      insert into users (email, username, password_hash, user_type) values ('new.agent@example.com', 'new.agent', 'x', 'agent')
      returning id`.execute(database.db);
    const userId = user.rows[0]!.id as UserId;
    const fields = {
      fullName: "Nova Quartermaine",
      specialization: "Zyxwv Sales",
      yearsOfExperience: 4,
      bio: null,
      location: "brisbane" as const,
      photo: null,
      linkedinProfile: null,
      minimumCommissionRate: 10,
      skills: ["Retail"],
    };
    const created = await run(Effect.flatMap(AgentProfileRepository, (r) => r.insert(userId, fields)));
    expect(created.owner.username).toBe("new.agent");
    const again = await Effect.runPromiseExit(
      Effect.provide(
        Effect.flatMap(AgentProfileRepository, (r) => r.insert(userId, fields)),
        layer,
      ),
    );
    expect(JSON.stringify(again)).toContain("ProfileAlreadyExists");

    expect((await searchAgents(agentSearch({ keywords: ["quarterm"] }))).items.map((a) => a.id)).toEqual([
      created.id,
    ]);
    await run(
      Effect.flatMap(AgentProfileRepository, (r) => r.update(created.id, { fullName: "Nova Brightwater" })),
    );
    expect((await searchAgents(agentSearch({ keywords: ["quarterm"] }))).total).toBe(0);
    expect((await searchAgents(agentSearch({ keywords: ["brightw"] }))).items.map((a) => a.id)).toEqual([
      created.id,
    ]);
    const found = await run(Effect.flatMap(AgentProfileRepository, (r) => r.findByUser(userId)));
    expect(Option.getOrThrow(found).fullName).toBe("Nova Brightwater");
  });
});
