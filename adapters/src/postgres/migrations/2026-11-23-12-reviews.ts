/**
 * Reviews and reputation (issue 22, ADR 0013). Frozen in time.
 * - reviews (spec §3) gains: the reviewer's side, sub-ratings (communication, reliability,
 *   results), private feedback to the platform, `published_at` (the double-blind release time:
 *   submission + 14 days, or both sides' second submission), one public reply, report and
 *   moderation (hidden with a reason) fields, and `counted` (already folded into the reviewee's
 *   reputation). One review per reviewer per partnership (unique index).
 * - review_reminders: the 3- and 10-day reminder emails already sent (one row each).
 * - Both profile tables: rating_count, rating_sum and `reputation`, the Bayesian average in
 *   hundredths of a star, (5 × 4.00 + sum) / (5 + count) (core/src/review/reputation.ts); indexes
 *   for the "rating" sort and the per-viewer-class match indexes rebuilt with reputation as the
 *   second key (ADR 0005's index-served ordering, now score → reputation → featured → newest).
 * - pg_trgm and `search_text` (name, specialization, skills / company name, industry) with a
 *   trigram GIN index: keyword typo tolerance ("entreprise", "helthcare").
 * - Search speed: a composite index for specialization + location + experience.
 */
import { type Kysely, sql } from "kysely";

const industries = ["technology", "finance", "healthcare", "retail", "manufacturing", "other"];
const locations = ["sydney", "melbourne", "brisbane", "perth", "remote", "other"];
const industrySkill: Record<string, string | null> = {
  technology: "Technology/SaaS",
  finance: "Financial Services",
  healthcare: "Healthcare",
  retail: "Retail",
  manufacturing: "Manufacturing",
  other: null,
};
const words: Record<string, string[]> = {
  technology: ["saas", "tech", "software", "technology", "it", "cloud"],
  finance: ["finance", "financial", "fintech", "banking", "insurance"],
  healthcare: ["health", "healthcare", "medical", "pharma", "aged"],
  retail: ["retail", "ecommerce", "consumer", "fmcg"],
  manufacturing: ["manufacturing", "industrial", "engineering", "supply"],
  other: [],
};

const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
const array = (xs: string[]) => `ARRAY[${xs.map(literal).join(",")}]::text[]`;

/** Frozen copy of the score expression for a viewer class (as in 2026-11-22-profile-search-ranking). */
function scoreExpression(industry: string, location: string) {
  const skill = industrySkill[industry];
  const skillPart = skill ? `(CASE WHEN skills @> ${array([skill])} THEN 30 ELSE 0 END)` : "0";
  const wordList = words[industry] ?? [];
  const wordPart = wordList.length
    ? `(CASE WHEN specialization_words && ${array(wordList)} THEN 10 ELSE 0 END)`
    : "0";
  const locationPart =
    location === "remote"
      ? `(CASE WHEN location = 'remote' THEN 20 ELSE 0 END)`
      : `(CASE WHEN location = ${literal(location)} THEN 20 WHEN location = 'remote' THEN 10 ELSE 0 END)`;
  return `(${skillPart} + ${wordPart} + ${locationPart} + static_score)`;
}

const reputationColumns = `
  ADD COLUMN rating_count integer NOT NULL DEFAULT 0,
  ADD COLUMN rating_sum integer NOT NULL DEFAULT 0,
  ADD COLUMN reputation integer GENERATED ALWAYS AS ((2000 + rating_sum * 100) / (5 + rating_count)) STORED`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
    `ALTER TABLE reviews
       ADD COLUMN reviewer_side text CHECK (reviewer_side IN ('business', 'agent')),
       ADD COLUMN communication integer CHECK (communication BETWEEN 1 AND 5),
       ADD COLUMN reliability integer CHECK (reliability BETWEEN 1 AND 5),
       ADD COLUMN results integer CHECK (results BETWEEN 1 AND 5),
       ADD COLUMN private_feedback text CHECK (length(private_feedback) <= 2000),
       ADD COLUMN published_at timestamptz NOT NULL DEFAULT now(),
       ADD COLUMN counted boolean NOT NULL DEFAULT false,
       ADD COLUMN reply text CHECK (length(reply) <= 2000),
       ADD COLUMN replied_at timestamptz,
       ADD COLUMN reported_at timestamptz,
       ADD COLUMN reported_by integer REFERENCES users(id) ON DELETE SET NULL,
       ADD COLUMN report_reason text CHECK (length(report_reason) <= 1000),
       ADD COLUMN hidden_at timestamptz,
       ADD COLUMN hidden_by integer REFERENCES users(id) ON DELETE SET NULL,
       ADD COLUMN hidden_reason text CHECK (length(hidden_reason) <= 1000)`,
    `ALTER TABLE reviews ALTER COLUMN published_at DROP DEFAULT`,
    `CREATE UNIQUE INDEX reviews_partnership_reviewer_key ON reviews (partnership_id, reviewer_id)`,
    `CREATE INDEX reviews_reviewee_published_idx ON reviews (reviewee_id, published_at DESC)`,
    `CREATE INDEX reviews_uncounted_idx ON reviews (published_at) WHERE NOT counted`,
    `CREATE INDEX reviews_reported_idx ON reviews (reported_at) WHERE reported_at IS NOT NULL AND hidden_at IS NULL`,
    `CREATE TABLE review_reminders (
       partnership_id integer NOT NULL REFERENCES partnerships(id) ON DELETE CASCADE,
       user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       days integer NOT NULL CHECK (days IN (3, 10)),
       sent_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (partnership_id, user_id, days)
     )`,
    `ALTER TABLE agent_profiles ${reputationColumns}`,
    `ALTER TABLE business_profiles ${reputationColumns}`,
    `CREATE INDEX agent_profiles_rating_idx ON agent_profiles (reputation DESC, rating_count DESC, created_at DESC, id DESC)`,
    `CREATE INDEX business_profiles_rating_idx ON business_profiles (reputation DESC, rating_count DESC, created_at DESC, id DESC)`,
    // public.closr_words: pg_dump restores with an empty search_path (the backup test restores it).
    `CREATE FUNCTION closr_search_text(name text, kind text, extra text[]) RETURNS text
       LANGUAGE sql IMMUTABLE PARALLEL SAFE
       AS $$ SELECT lower(public.closr_words(coalesce(name, '') || ' ' || coalesce(kind, '') || ' ' || coalesce(array_to_string(extra, ' '), ''))) $$`,
    `ALTER TABLE agent_profiles ADD COLUMN search_text text
       GENERATED ALWAYS AS (closr_search_text(full_name, specialization, skills)) STORED`,
    `ALTER TABLE business_profiles ADD COLUMN search_text text
       GENERATED ALWAYS AS (closr_search_text(company_name, industry, '{}'::text[])) STORED`,
    `CREATE INDEX agent_profiles_search_text_trgm_idx ON agent_profiles USING gin (search_text gin_trgm_ops)`,
    `CREATE INDEX business_profiles_search_text_trgm_idx ON business_profiles USING gin (search_text gin_trgm_ops)`,
    `CREATE INDEX agent_profiles_specialization_location_idx ON agent_profiles (lower(specialization), location, years_of_experience)`,
  ];
  for (const industry of industries) {
    for (const location of locations) {
      statements.push(
        `DROP INDEX IF EXISTS agent_profiles_match_${industry}_${location}_idx`,
        `CREATE INDEX agent_profiles_match_${industry}_${location}_idx ON agent_profiles (${scoreExpression(industry, location)} DESC, reputation DESC, featured DESC, created_at DESC, id DESC)`,
      );
    }
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    "DROP TABLE IF EXISTS review_reminders",
    "ALTER TABLE agent_profiles DROP COLUMN search_text, DROP COLUMN reputation, DROP COLUMN rating_sum, DROP COLUMN rating_count",
    "ALTER TABLE business_profiles DROP COLUMN search_text, DROP COLUMN reputation, DROP COLUMN rating_sum, DROP COLUMN rating_count",
    "DROP FUNCTION IF EXISTS closr_search_text(text, text, text[])",
    "DROP INDEX IF EXISTS agent_profiles_specialization_location_idx",
  ])
    await sql.raw(statement).execute(db);
}
