import { agentSearchQueries, openDatabase } from "@closr/adapters/postgres";
import { keywordTerms } from "@closr/core/profiles";

const handle = await openDatabase({
  url: "postgres://postgres@127.0.0.1:5432/closr_bench_perf",
  maxConnections: 1,
});
const p = new URLSearchParams(process.argv[2] ?? "");
const c: any = {
  keywords: keywordTerms(p.get("q") ?? undefined),
  specialization: p.get("specialization") ?? undefined,
  location: p.get("location") ?? undefined,
  experience: p.get("experience") ?? undefined,
  minimumCommissionRate: p.get("minimumCommissionRate") ? Number(p.get("minimumCommissionRate")) : undefined,
  verifiedOnly: p.get("verified") === "true",
  sort: p.get("sort") ?? "match",
  page: Number(p.get("page") ?? 1),
  pageSize: 12,
};
const q = agentSearchQueries(
  handle.db,
  c,
  { industry: "technology", location: "sydney" } as any,
  process.argv[3] === "fuzzy",
);
const lit = (x: unknown) =>
  typeof x === "number"
    ? String(x)
    : typeof x === "boolean"
      ? String(x)
      : `'${String(x instanceof Date ? x.toISOString() : x).replaceAll("'", "''")}'`;
for (const [n, qq] of [
  ["page", q.page],
  ["count", q.count],
] as const) {
  const cq = qq.compile();
  const i = 0;
  const text = cq.sql.replace(/\$(\d+)/g, (_, k) => lit(cq.parameters[Number(k) - 1]));
  console.log(`-- ${n}\n${text};`);
}
await handle.close();
