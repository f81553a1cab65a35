/**
 * Search speed, keyword + location + experience (issue 22, ADR 0031). Frozen in time.
 * - agent_profiles_search_<location>_<band>_idx: the full-text GIN index split by location AND
 *   experience band (partial indexes; the catalogue's 6 locations × 4 bands at this date; an agent
 *   with exactly 10 years sits in both "6-10" and "10+"). A search with a keyword, a location and
 *   a band names the location and the band's years as literals, so the planner proves one of
 *   these predicates and reads that keyword's matches in the band only: "enterpr" in Sydney,
 *   6–10 years, is one bitmap of 1,100 TIDs instead of the AND of the per-location keyword index
 *   (5,600 TIDs, 2026-11-25-03) with the location-years key index (4,800 TIDs, 2026-11-26-02).
 * - The location-years key index and its statistics object go: nothing else used them.
 * Together the band indexes are about the size of the per-location ones (~17 MB at 100,000
 * agents); an insert or update of an agent's search vector touches one or two of them more.
 */
import { type Kysely, sql } from "kysely";

const locations = ["sydney", "melbourne", "brisbane", "perth", "remote", "other"];
const bands: Record<string, { min: number; max: number | null }> = {
  "0_2": { min: 0, max: 2 },
  "3_5": { min: 3, max: 5 },
  "6_10": { min: 6, max: 10 },
  "10_plus": { min: 10, max: null },
};
const key = `(location || ':' || lpad(years_of_experience::text, 2, '0'))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const location of locations)
    for (const [name, band] of Object.entries(bands)) {
      const years =
        band.max === null
          ? `years_of_experience >= ${band.min}`
          : `years_of_experience >= ${band.min} AND years_of_experience <= ${band.max}`;
      await sql
        .raw(
          `CREATE INDEX agent_profiles_search_${location}_${name}_idx ON agent_profiles USING gin (search_vector)
             WHERE location = '${location}' AND ${years}`,
        )
        .execute(db);
    }
  await sql.raw("DROP STATISTICS IF EXISTS agent_profiles_location_years_stats").execute(db);
  await sql.raw("DROP INDEX IF EXISTS agent_profiles_location_years_key_idx").execute(db);
  await sql.raw("ANALYZE agent_profiles").execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE INDEX agent_profiles_location_years_key_idx ON agent_profiles (${key})`).execute(db);
  await sql
    .raw(
      `CREATE STATISTICS agent_profiles_location_years_stats (mcv) ON location, ${key} FROM agent_profiles`,
    )
    .execute(db);
  await sql.raw(`ALTER STATISTICS agent_profiles_location_years_stats SET STATISTICS 1000`).execute(db);
  for (const location of locations)
    for (const name of Object.keys(bands))
      await sql.raw(`DROP INDEX IF EXISTS agent_profiles_search_${location}_${name}_idx`).execute(db);
}
