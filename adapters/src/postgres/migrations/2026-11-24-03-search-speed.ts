/**
 * Search speed (issue 22, ADR 0019). Frozen in time.
 * - agent_profiles_name_search_idx: the full-text vector of the name alone (the A part of
 *   search_vector, same normalisation), so keyword ranking can add every agent whose NAME
 *   matches to its capped candidate set without scanning the common keyword's matches.
 * - agent_profiles_facets_idx: a narrow covering index of every filter column (location,
 *   verified, minimum commission, experience, specialization), so counting up to the cap of
 *   1,000 is an index-only scan of ~40-byte tuples instead of a scan of ~1 kB heap rows.
 * - closr_estimated_rows(query): the planner's row estimate of a query (EXPLAIN, no execution),
 *   so a search whose filters obviously match more than the cap skips counting (ADR 0019).
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `CREATE INDEX agent_profiles_name_search_idx ON agent_profiles
     USING gin (to_tsvector('simple', closr_words(full_name)))`,
  `CREATE INDEX agent_profiles_facets_idx ON agent_profiles
     (location, owner_verified, minimum_commission_rate, years_of_experience) INCLUDE (specialization)`,
  `CREATE FUNCTION closr_estimated_rows(query text) RETURNS bigint LANGUAGE plpgsql AS $$
   DECLARE plan json;
   BEGIN
     EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
     RETURN (plan->0->'Plan'->>'Plan Rows')::bigint;
   END $$`,
  `ANALYZE agent_profiles`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("DROP FUNCTION IF EXISTS closr_estimated_rows(text)").execute(db);
  await sql.raw("DROP INDEX IF EXISTS agent_profiles_facets_idx").execute(db);
  await sql.raw("DROP INDEX IF EXISTS agent_profiles_name_search_idx").execute(db);
}
