/**
 * Typo tolerance and field weights that separate (ADR 0036). Frozen in time.
 * - fuzzystrmatch (levenshtein_less_equal: the vocabulary's candidate filter; PGlite loads it too).
 * - search_vector weights: agents name A, specialization B, skills C, bio D (skills were B with the
 *   specialization, bio C); businesses company name A, industry B, description D. Every row's
 *   vector is recomputed.
 * - search_vocabulary (side, word, uses): every lexeme of the profiles' search vectors with the
 *   number of profiles holding it, kept current by statement triggers with transition tables on
 *   insert, update and delete, so the same transaction that changes a profile changes its words.
 *   A word no profile holds any more is deleted.
 * - The trigram column search_text and its indexes (ADR 0013's typo fallback) go.
 */
import { type Kysely, sql } from "kysely";

const vocabularyTriggers = (table: string, side: string) => {
  const delta = (rows: string) => `SELECT unnest(tsvector_to_array(search_vector)) AS word FROM ${rows}`;
  const apply = (select: string) => `
    INSERT INTO search_vocabulary AS v (side, word, uses)
      SELECT '${side}', word, sum(d)::int FROM (${select}) x GROUP BY word HAVING sum(d) <> 0 ORDER BY word
      ON CONFLICT (side, word) DO UPDATE SET uses = v.uses + excluded.uses;
    DELETE FROM search_vocabulary WHERE side = '${side}' AND uses <= 0;`;
  return [
    `CREATE FUNCTION ${table}_vocabulary_insert() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN ${apply(`SELECT word, 1 AS d FROM (${delta("new_rows")}) n`)} RETURN NULL; END $$`,
    `CREATE FUNCTION ${table}_vocabulary_update() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN ${apply(`SELECT word, 1 AS d FROM (${delta("new_rows")}) n UNION ALL SELECT word, -1 FROM (${delta("old_rows")}) o`)}
     RETURN NULL; END $$`,
    `CREATE FUNCTION ${table}_vocabulary_delete() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN ${apply(`SELECT word, -1 AS d FROM (${delta("old_rows")}) o`)} RETURN NULL; END $$`,
    `CREATE TRIGGER ${table}_vocabulary_insert AFTER INSERT ON ${table}
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_vocabulary_insert()`,
    `CREATE TRIGGER ${table}_vocabulary_update AFTER UPDATE ON ${table}
       REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_vocabulary_update()`,
    `CREATE TRIGGER ${table}_vocabulary_delete AFTER DELETE ON ${table}
       REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_vocabulary_delete()`,
  ];
};

const agentVector = (row: string, [a, b, c, d]: readonly string[]) => `
       setweight(to_tsvector('simple', closr_words(${row}full_name)), '${a}') ||
       setweight(to_tsvector('simple', closr_words(${row}specialization)), '${b}') ||
       setweight(to_tsvector('simple', closr_words(array_to_string(${row}skills, ' '))), '${c}') ||
       setweight(to_tsvector('simple', closr_words(${row}bio)), '${d}')`;
const businessVector = (row: string, [a, b, d]: readonly string[]) => `
       setweight(to_tsvector('simple', closr_words(${row}company_name)), '${a}') ||
       setweight(to_tsvector('simple', closr_words(${row}industry)), '${b}') ||
       setweight(to_tsvector('simple', closr_words(${row}description)), '${d}')`;

const vectorFunctions = (agent: string, business: string) => [
  `CREATE OR REPLACE FUNCTION agent_profiles_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN NEW.search_vector := ${agent}; RETURN NEW; END $$`,
  `CREATE OR REPLACE FUNCTION business_profiles_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN NEW.search_vector := ${business}; RETURN NEW; END $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `CREATE EXTENSION IF NOT EXISTS fuzzystrmatch`,
    ...vectorFunctions(agentVector("NEW.", ["A", "B", "C", "D"]), businessVector("NEW.", ["A", "B", "D"])),
    `UPDATE agent_profiles SET search_vector = ${agentVector("", ["A", "B", "C", "D"])}`,
    `UPDATE business_profiles SET search_vector = ${businessVector("", ["A", "B", "D"])}`,
    `CREATE TABLE search_vocabulary (
       side text NOT NULL CHECK (side IN ('agent', 'business')),
       word text NOT NULL,
       uses integer NOT NULL,
       PRIMARY KEY (side, word))`,
    `CREATE INDEX search_vocabulary_length_idx ON search_vocabulary (side, length(word))`,
    // The triggers' clean-up of words no profile holds reads this (empty) index, not the table.
    `CREATE INDEX search_vocabulary_unused_idx ON search_vocabulary (side) WHERE uses <= 0`,
    `INSERT INTO search_vocabulary (side, word, uses)
       SELECT 'agent', w, count(*)::int FROM agent_profiles, unnest(tsvector_to_array(search_vector)) w GROUP BY w`,
    `INSERT INTO search_vocabulary (side, word, uses)
       SELECT 'business', w, count(*)::int FROM business_profiles, unnest(tsvector_to_array(search_vector)) w GROUP BY w`,
    ...vocabularyTriggers("agent_profiles", "agent"),
    ...vocabularyTriggers("business_profiles", "business"),
    `DROP INDEX IF EXISTS agent_profiles_search_text_trgm_idx`,
    `DROP INDEX IF EXISTS business_profiles_search_text_trgm_idx`,
    `ALTER TABLE agent_profiles DROP COLUMN search_text`,
    `ALTER TABLE business_profiles DROP COLUMN search_text`,
    `ANALYZE search_vocabulary`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `ALTER TABLE agent_profiles ADD COLUMN search_text text
       GENERATED ALWAYS AS (closr_search_text(full_name, specialization, skills)) STORED`,
    `ALTER TABLE business_profiles ADD COLUMN search_text text
       GENERATED ALWAYS AS (closr_search_text(company_name, industry, '{}'::text[])) STORED`,
    `CREATE INDEX agent_profiles_search_text_trgm_idx ON agent_profiles USING gin (search_text gin_trgm_ops)`,
    `CREATE INDEX business_profiles_search_text_trgm_idx ON business_profiles USING gin (search_text gin_trgm_ops)`,
    ...["agent_profiles", "business_profiles"].flatMap((t) =>
      ["insert", "update", "delete"].flatMap((e) => [
        `DROP TRIGGER IF EXISTS ${t}_vocabulary_${e} ON ${t}`,
        `DROP FUNCTION IF EXISTS ${t}_vocabulary_${e}()`,
      ]),
    ),
    `DROP TABLE IF EXISTS search_vocabulary`,
    ...vectorFunctions(agentVector("NEW.", ["A", "B", "B", "C"]), businessVector("NEW.", ["A", "B", "C"])),
    `UPDATE agent_profiles SET search_vector = ${agentVector("", ["A", "B", "B", "C"])}`,
    `UPDATE business_profiles SET search_vector = ${businessVector("", ["A", "B", "C"])}`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
