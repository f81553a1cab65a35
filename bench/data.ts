/**
 * bench/data — the data side the benches share: the server their databases live on; for the
 * discovery benches (bench/search, bench/scale) their own database, migrated, and the
 * query-string → search criteria mapping of GET /api/agent-profiles.
 */
import { type Db, migrateToLatest, openDatabase } from "@closr/adapters/postgres";
import type { AgentSearch, BusinessProfile } from "@closr/core/profiles";
import { keywordTerms, readQuery } from "@closr/core/profiles";
import { sql } from "kysely";
import postgres from "postgres";

/** The server the benches make their databases on: TEST_DATABASE_URL, else the local PostgreSQL. */
export const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The URL of database `name` on the `adminUrl` server. */
export const benchDatabaseUrl = (name: string) => adminUrl.replace(/\/[^/]*$/, `/${name}`);

/**
 * Opens the bench database at `url` (created through `adminUrl` when missing), migrated to the
 * latest schema, with how many agent profiles it already holds.
 */
export async function openBenchDatabase(url: string) {
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
  // As the search use case reads a query: a location word is the location (ADR 0036).
  const read = readQuery(
    keywordTerms(p.get("q") ?? undefined),
    (p.get("location") ?? undefined) as AgentSearch["location"],
  );
  return {
    keywords: read.keywords,
    specialization: p.get("specialization") ?? undefined,
    location: read.location,
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

/**
 * The business the discovery benches search as: the demo's Harbour Tech (id, industry, location),
 * or technology in Sydney with id 0 before the API's demo seed has made it.
 */
export async function benchViewer(db: Db): Promise<BusinessProfile> {
  const row = (
    await sql<{ id: number; industry: string; location: string }>`
      SELECT b.id, b.industry, b.location FROM business_profiles b JOIN users u ON u.id = b.user_id
      WHERE u.username = 'harbourtech'`.execute(db)
  ).rows[0];
  return (row ?? { id: 0, industry: "technology", location: "sydney" }) as unknown as BusinessProfile;
}
