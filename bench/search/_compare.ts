import { loadavg } from "node:os";
import { agentSearchQueries, fuzzyBelow, openDatabase } from "@closr/adapters/postgres";
import type { AgentSearch, BusinessProfile } from "@closr/core/profiles";
import { keywordTerms } from "@closr/core/profiles";
import { CompiledQuery, sql } from "kysely";

const url = "postgres://postgres@127.0.0.1:5432/closr_bench_perf";
const mix = [
  "",
  "sort=newest",
  "sort=experience",
  "location=sydney",
  "location=perth",
  "experience=6-10",
  "experience=10%2B",
  "minimumCommissionRate=15",
  "specialization=SaaS%20Sales",
  "verified=true",
  "location=sydney&experience=6-10",
  "location=melbourne&verified=true&minimumCommissionRate=10",
  "specialization=B2B%20Sales&location=brisbane&experience=3-5",
  "q=enterprise",
  "q=enterpr&location=sydney&experience=6-10",
  "q=saas",
  "q=healthcare%20sydney",
  "q=zyxwvut",
  "q=cold%20calling&sort=newest",
  "page=20",
  "page=400&sort=newest",
  "page=5&location=sydney",
  "q=enterpr&location=perth",
  "q=saas&location=melbourne&experience=3-5",
];
const only = process.argv[2];
const toCriteria = (query: string): AgentSearch => {
  const p = new URLSearchParams(query);
  return {
    keywords: keywordTerms(p.get("q") ?? undefined),
    specialization: p.get("specialization") ?? undefined,
    location: (p.get("location") ?? undefined) as AgentSearch["location"],
    experience: (p.get("experience") ?? undefined) as AgentSearch["experience"],
    minimumCommissionRate: p.get("minimumCommissionRate")
      ? Number(p.get("minimumCommissionRate"))
      : undefined,
    verifiedOnly: p.get("verified") === "true",
    sort: (p.get("sort") ?? "match") as AgentSearch["sort"],
    page: Number(p.get("page") ?? 1),
    pageSize: 12,
  };
};
const h = await openDatabase({ url, maxConnections: 1 });
const viewer = (
  await sql<{
    id: number;
    industry: string;
    location: string;
  }>`SELECT b.id, b.industry, b.location FROM business_profiles b JOIN users u ON u.id = b.user_id WHERE u.username = 'harbourtech'`.execute(
    h.db,
  )
).rows[0] as unknown as BusinessProfile;
const drops = ["sydney", "melbourne", "brisbane", "perth", "remote", "other"]
  .map((l) => `DROP INDEX agent_profiles_search_${l}_idx`)
  .concat("DROP INDEX agent_profiles_location_experience_idx");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  "   before ms    after ms  load  shape  (page+count, median of 7, interleaved; before = the 7 new indexes dropped in a rolled-back transaction)",
);
for (const shape of mix.filter((s) => !only || s === only)) {
  const c = toCriteria(shape);
  let q = agentSearchQueries(h.db, c, viewer);
  if (c.keywords.length && Number((await q.count.executeTakeFirst())?.total ?? 0) < fuzzyBelow)
    q = agentSearchQueries(h.db, c, viewer, true);
  const time = async (tx: typeof h.db) => {
    let t = 0;
    for (const x of [q.page, q.count]) {
      const k = x.compile();
      const r = await tx.executeQuery<{ "QUERY PLAN": [{ "Execution Time": number }] }>(
        CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${k.sql}`, [...k.parameters]),
      );
      t += r.rows[0]!["QUERY PLAN"][0]["Execution Time"];
    }
    return t;
  };
  const before: number[] = [],
    after: number[] = [];
  for (let i = 0; i < 8; i++) {
    const a = await time(h.db);
    let b = 0;
    await h.db
      .transaction()
      .execute(async (tx) => {
        for (const d of drops) await sql.raw(d).execute(tx);
        b = await time(tx);
        throw new Error("rollback");
      })
      .catch(() => {});
    if (i > 0) {
      after.push(a);
      before.push(b);
    }
  }
  console.log(
    `${median(before).toFixed(2).padStart(10)} ${median(after).toFixed(2).padStart(10)} ${loadavg()[0]!.toFixed(1).padStart(5)}  ${shape || "(no filter)"}`,
  );
}
await h.close();
