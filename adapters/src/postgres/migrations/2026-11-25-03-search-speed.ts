/**
 * Search speed, keyword + location (issue 22, ADR 0027). Frozen in time.
 * - agent_profiles_search_<location>_idx: the full-text GIN index split by location (partial
 *   indexes, one per location of the catalogue at this date). A common keyword prefix
 *   ("enterpr:*" matches 23 % of agents) combined with a location filter then reads the
 *   keyword's matches in that location only (a quarter or less of the TIDs) instead of building
 *   the bitmap of every match and intersecting it with the location's. The search query names
 *   the location as a literal so the planner can prove the partial index's predicate.
 * - agent_profiles_location_experience_idx: location then years of experience, so "Sydney, 6–10
 *   years" is one contiguous index range (~5 % of agents) instead of the intersection of two
 *   single-column bitmaps of 19–25 % each.
 * The total size of the partial GIN indexes is about that of agent_profiles_search_idx, which
 * stays for keyword searches without a location.
 */
import { type Kysely, sql } from "kysely";

const locations = ["sydney", "melbourne", "brisbane", "perth", "remote", "other"];

const statements = [
  ...locations.map(
    (location) =>
      `CREATE INDEX agent_profiles_search_${location}_idx ON agent_profiles USING gin (search_vector)
         WHERE location = '${location}'`,
  ),
  `CREATE INDEX agent_profiles_location_experience_idx ON agent_profiles (location, years_of_experience)`,
  `ANALYZE agent_profiles`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("DROP INDEX IF EXISTS agent_profiles_location_experience_idx").execute(db);
  for (const location of locations)
    await sql.raw(`DROP INDEX IF EXISTS agent_profiles_search_${location}_idx`).execute(db);
}
