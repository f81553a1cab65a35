/**
 * Prints the page and count SQL of one search shape for the bench's demo business, with
 * EXPLAIN (ANALYZE, BUFFERS) of each (issue 22 investigation aid).
 * Run: tsx bench/search/explain-shape.ts "q=enterpr&location=sydney&experience=6-10"
 */
import {
  agentSearchQueries,
  openDatabase,
  planKeywords,
  vocabularyCandidates,
} from "@closr/adapters/postgres";
import { CompiledQuery } from "kysely";
import { benchDatabaseUrl, benchViewer, toCriteria } from "../data.ts";

const url = process.env.BENCH_DATABASE_URL ?? benchDatabaseUrl("closr_bench");
const criteria = toCriteria(process.argv[2] ?? "");
const handle = await openDatabase({ url, maxConnections: 1 });
const viewer = await benchViewer(handle.db);
const plan = await planKeywords(
  (term, last) => vocabularyCandidates(handle.db, "agent", term, last),
  criteria.keywords,
);
const { page, count } = agentSearchQueries(handle.db, criteria, viewer, plan);
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
