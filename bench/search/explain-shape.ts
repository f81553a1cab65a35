/**
 * Prints the page and count SQL of one search shape for the bench's demo business, with
 * EXPLAIN (ANALYZE, BUFFERS) of each (issue 22 investigation aid).
 * Run: tsx bench/search/explain-shape.ts "q=enterpr&location=sydney&experience=6-10"
 */
import { agentSearchQueries, openDatabase } from "@closr/adapters/postgres";
import type { AgentSearch, BusinessProfile } from "@closr/core/profiles";
import { keywordTerms } from "@closr/core/profiles";
import { CompiledQuery, sql } from "kysely";

const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const url = process.env.BENCH_DATABASE_URL ?? adminUrl.replace(/\/[^/]*$/, "/closr_bench");
const shape = process.argv[2] ?? "";
const p = new URLSearchParams(shape);
const criteria: AgentSearch = {
  keywords: keywordTerms(p.get("q") ?? undefined),
  specialization: p.get("specialization") ?? undefined,
  location: (p.get("location") ?? undefined) as AgentSearch["location"],
  experience: (p.get("experience") ?? undefined) as AgentSearch["experience"],
  minimumCommissionRate: p.get("minimumCommissionRate") ? Number(p.get("minimumCommissionRate")) : undefined,
  verifiedOnly: p.get("verified") === "true",
  sort: (p.get("sort") ?? "match") as AgentSearch["sort"],
  page: Number(p.get("page") ?? 1),
  pageSize: 12,
};
const handle = await openDatabase({ url, maxConnections: 1 });
const row = (
  await sql<{ id: number; industry: string; location: string }>`
    SELECT b.id, b.industry, b.location FROM business_profiles b JOIN users u ON u.id = b.user_id
    WHERE u.username = 'harbourtech'`.execute(handle.db)
).rows[0];
// Same fallback as run.ts (benchViewer): before the API's demo seed ran, harbourtech does not exist.
const viewer = (row ?? { id: 0, industry: "technology", location: "sydney" }) as unknown as BusinessProfile;
const { page, count } = agentSearchQueries(handle.db, criteria, viewer, process.env.FUZZY === "1");
for (const [name, q] of [
  ["page", page],
  ["count", count],
] as const) {
  const c = q.compile();
  console.log(`-- ${name}\n${c.sql}\n-- params ${JSON.stringify(c.parameters)}`);
  for (let i = 0; i < 3; i++) {
    const r = await handle.db.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${c.sql}`, [...c.parameters]),
    );
    if (i === 2) console.log(r.rows.map((x) => x["QUERY PLAN"]).join("\n"));
  }
}
await handle.close();
