/**
 * bench/relevance — NDCG@10 of discovery search over the judged query set
 * (bench/relevance/judged-queries.json: queries over the demo data with graded judgements, 3 what
 * the searcher means, 2 close, 1 related, unlisted 0). Seeds the demo data on a fresh test
 * database (TEST_DATABASE_URL, else embedded PGlite), signs in as the demo business harbourtech
 * (agent queries) and the demo agent mia.chen (business queries), runs each query through the API
 * (`GET /api/agent-profiles?q=…`, `GET /api/business-profiles?q=…`, first 10) and prints each
 * query's NDCG@10 and the mean per side. Gain 2^grade − 1, discount log2(rank + 1); the ideal is
 * the judged grades sorted. A query with no relevant profile scores 1 when it finds nothing, else 0.
 * Target: mean ≥ 0.9 on each side (ADR 0036).
 * Run: pnpm bench:relevance
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { demoClient, seedDemoData } from "../../services/api/src/testing/demo-data.ts";
import { createTestApp } from "../../services/api/src/testing/test-app.ts";

interface JudgedQuery {
  readonly side: "agents" | "businesses";
  readonly q: string;
  readonly intent: string;
  readonly judgements: Record<string, number>;
}

const file = join(fileURLToPath(import.meta.url), "../judged-queries.json");
const { queries } = JSON.parse(readFileSync(file, "utf8")) as { queries: JudgedQuery[] };

const dcg = (gains: number[]) => gains.reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);

/** NDCG@k of `found` (names in result order) against graded `judgements`. */
export function ndcg(found: readonly string[], judgements: Record<string, number>, k = 10): number {
  const ideal = Object.values(judgements)
    .sort((a, b) => b - a)
    .slice(0, k);
  if (ideal.length === 0) return found.length === 0 ? 1 : 0;
  return dcg(found.slice(0, k).map((name) => judgements[name] ?? 0)) / dcg(ideal);
}

const t = await createTestApp();
try {
  const started = performance.now();
  await seedDemoData(t);
  console.log(
    `demo data seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (${t.database.kind})`,
  );
  const clients = { agents: await demoClient(t, "harbourtech"), businesses: await demoClient(t, "mia.chen") };
  const scores: Record<JudgedQuery["side"], number[]> = { agents: [], businesses: [] };
  for (const query of queries) {
    const path = query.side === "agents" ? "/api/agent-profiles" : "/api/business-profiles";
    const res = await clients[query.side].request(`${path}?q=${encodeURIComponent(query.q)}&pageSize=10`);
    if (res.status !== 200) throw new Error(`${query.q}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as {
      items: { fullName?: string; companyName?: string }[];
      total: number;
    };
    const names = body.items.map((p) => p.fullName ?? p.companyName ?? "");
    const score = ndcg(names, query.judgements);
    scores[query.side].push(score);
    console.log(
      `${score.toFixed(3)}  ${query.side.padEnd(10)} ${JSON.stringify(query.q).padEnd(38)} ${String(body.total).padStart(4)} found  ${query.intent}`,
    );
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    `\nNDCG@10 agents ${mean(scores.agents).toFixed(3)} (${scores.agents.length} queries), businesses ${mean(scores.businesses).toFixed(3)} (${scores.businesses.length} queries); target ≥ 0.9 each`,
  );
} finally {
  await t.close();
}
