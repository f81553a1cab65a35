/**
 * Search speed, keyword + location + experience (issue 22, ADR 0029). Frozen in time.
 * - agent_profiles_location_years_key_idx: btree on the key `location || ':' || lpad(years, 2)`
 *   ("sydney:06"). A search with a keyword, a location and an experience band writes the band as
 *   a range of this key (profiles.ts, locationYearsKeyRange). The per-location keyword index
 *   (2026-11-25-03) proves its predicate with the query's `location = '…'` clause, after which
 *   PostgreSQL's bitmap planner treats every other index on that clause as redundant, the
 *   (location, years_of_experience) index included, and ANDed in the years-only index (19 % of
 *   agents) instead. The key's range is a different clause: keyword-in-location AND
 *   location-years-range (5 %), about half the slow shape's time.
 * - agent_profiles_location_years_stats: MCV statistics over (location, key) with room for
 *   every pair (6 locations × 81 years), so `location = 'sydney' AND key BETWEEN …` is estimated
 *   as one condition, not two independent ones (which under-estimated 4×, and the search count
 *   then counted rows it would otherwise have capped from the estimate).
 * Years are 0–80 (initial schema CHECK), so two digits order them.
 */
import { type Kysely, sql } from "kysely";

const key = `(location || ':' || lpad(years_of_experience::text, 2, '0'))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE INDEX agent_profiles_location_years_key_idx ON agent_profiles (${key})`).execute(db);
  await sql
    .raw(
      `CREATE STATISTICS agent_profiles_location_years_stats (mcv) ON location, ${key} FROM agent_profiles`,
    )
    .execute(db);
  await sql.raw(`ALTER STATISTICS agent_profiles_location_years_stats SET STATISTICS 1000`).execute(db);
  await sql.raw(`ANALYZE agent_profiles`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("DROP STATISTICS IF EXISTS agent_profiles_location_years_stats").execute(db);
  await sql.raw("DROP INDEX IF EXISTS agent_profiles_location_years_key_idx").execute(db);
}
