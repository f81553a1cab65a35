/**
 * bench/data — the data side the discovery benches share (bench/search, bench/scale): their own
 * database, migrated, and the query-string → search criteria mapping of GET /api/agent-profiles.
 */
import { migrateToLatest, openDatabase } from "@closr/adapters/postgres";
import type { AgentSearch } from "@closr/core/profiles";
import { keywordTerms } from "@closr/core/profiles";
import { sql } from "kysely";
import postgres from "postgres";

/**
 * Opens the bench database at `url` (created through `adminUrl` when missing), migrated to the
 * latest schema, with how many agent profiles it already holds.
 */
export async function openBenchDatabase(adminUrl: string, url: string) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const name = new URL(url).pathname.slice(1);
  const exists = await admin`select 1 from pg_database where datname = ${name}`;
  if (exists.length === 0) await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const handle = await openDatabase({ url });
  await migrateToLatest(handle.db);
  const agents = Number(
    (await sql<{ n: number }>`select count(*)::int as n from agent_profiles`.execute(handle.db)).rows[0]!.n,
  );
  return { handle, agents };
}

/** The search criteria a discovery query string (`q=…&location=…&page=…`) stands for. */
export function toCriteria(query: string): AgentSearch {
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
}
