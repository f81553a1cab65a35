/**
 * Profile search (issue "Profiles, discovery and smart matching"): full-text search vectors kept by
 * triggers (name weighted A, specialization/industry and skills B, bio/description C; every
 * non-alphanumeric character becomes a space so "Technology/SaaS" indexes as two words),
 * specialization words for the match score, the featured flag, and an index for every filter
 * and sort. Frozen in time.
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `ALTER TABLE agent_profiles ADD COLUMN featured boolean NOT NULL DEFAULT false`,
  `ALTER TABLE agent_profiles ADD COLUMN specialization_words text[]
     GENERATED ALWAYS AS (regexp_split_to_array(lower(specialization), '[^a-z0-9]+')) STORED`,
  `ALTER TABLE agent_profiles ADD COLUMN search_vector tsvector NOT NULL DEFAULT ''::tsvector`,
  `ALTER TABLE business_profiles ADD COLUMN search_vector tsvector NOT NULL DEFAULT ''::tsvector`,
  `CREATE FUNCTION closr_words(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
     AS $$ SELECT regexp_replace(coalesce(t, ''), '[^[:alnum:]]+', ' ', 'g') $$`,
  `CREATE FUNCTION agent_profiles_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     NEW.search_vector :=
       setweight(to_tsvector('simple', closr_words(NEW.full_name)), 'A') ||
       setweight(to_tsvector('simple', closr_words(NEW.specialization || ' ' || array_to_string(NEW.skills, ' '))), 'B') ||
       setweight(to_tsvector('simple', closr_words(NEW.bio)), 'C');
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER agent_profiles_search_vector BEFORE INSERT OR UPDATE OF full_name, specialization, skills, bio
     ON agent_profiles FOR EACH ROW EXECUTE FUNCTION agent_profiles_search_vector()`,
  `CREATE FUNCTION business_profiles_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     NEW.search_vector :=
       setweight(to_tsvector('simple', closr_words(NEW.company_name)), 'A') ||
       setweight(to_tsvector('simple', closr_words(NEW.industry)), 'B') ||
       setweight(to_tsvector('simple', closr_words(NEW.description)), 'C');
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER business_profiles_search_vector BEFORE INSERT OR UPDATE OF company_name, industry, description
     ON business_profiles FOR EACH ROW EXECUTE FUNCTION business_profiles_search_vector()`,
  `CREATE INDEX agent_profiles_search_idx ON agent_profiles USING gin (search_vector)`,
  `CREATE INDEX business_profiles_search_idx ON business_profiles USING gin (search_vector)`,
  `DROP INDEX agent_profiles_specialization_idx`,
  `CREATE INDEX agent_profiles_specialization_idx ON agent_profiles (lower(specialization))`,
  `CREATE INDEX agent_profiles_newest_idx ON agent_profiles (created_at DESC, id DESC)`,
  `CREATE INDEX agent_profiles_experience_sort_idx ON agent_profiles (years_of_experience DESC, created_at DESC, id DESC)`,
  `CREATE INDEX business_profiles_newest_idx ON business_profiles (created_at DESC, id DESC)`,
  `CREATE INDEX users_verified_idx ON users (id) WHERE verification_status = 'verified'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    "DROP TRIGGER IF EXISTS agent_profiles_search_vector ON agent_profiles",
    "DROP TRIGGER IF EXISTS business_profiles_search_vector ON business_profiles",
    "DROP FUNCTION IF EXISTS agent_profiles_search_vector()",
    "DROP FUNCTION IF EXISTS business_profiles_search_vector()",
    "DROP INDEX IF EXISTS users_verified_idx",
    "ALTER TABLE agent_profiles DROP COLUMN featured, DROP COLUMN specialization_words, DROP COLUMN search_vector",
    "ALTER TABLE business_profiles DROP COLUMN search_vector",
    "DROP FUNCTION IF EXISTS closr_words(text)",
  ])
    await sql.raw(statement).execute(db);
}
