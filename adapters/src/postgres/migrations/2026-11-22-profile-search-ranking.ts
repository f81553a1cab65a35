/**
 * Index-served "best match" ranking. Frozen in time.
 * - owner_verified on both profile tables, kept equal to users.verification_status = 'verified'
 *   by triggers, so counts and the verified filter need no join.
 * - agent_profiles.static_score: the viewer-independent part of core's agent score
 *   (experience + commission + verified + featured).
 * - One expression index per business viewer class (industry × location, 36) over the full
 *   score, so ORDER BY score walks an index. The expression text must equal
 *   repositories/profiles.ts agentMatchOrderSql() for the planner to use it; the EXPLAIN test
 *   checks that.
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

/** Frozen copy of the score expression for a viewer class (see module doc). */
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

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `ALTER TABLE agent_profiles ADD COLUMN owner_verified boolean NOT NULL DEFAULT false`,
    `ALTER TABLE business_profiles ADD COLUMN owner_verified boolean NOT NULL DEFAULT false`,
    `UPDATE agent_profiles a SET owner_verified = (u.verification_status = 'verified') FROM users u WHERE u.id = a.user_id`,
    `UPDATE business_profiles b SET owner_verified = (u.verification_status = 'verified') FROM users u WHERE u.id = b.user_id`,
    `CREATE FUNCTION profiles_owner_verified() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       NEW.owner_verified := coalesce((SELECT verification_status = 'verified' FROM users WHERE id = NEW.user_id), false);
       RETURN NEW;
     END $$`,
    `CREATE TRIGGER agent_profiles_owner_verified BEFORE INSERT OR UPDATE OF user_id ON agent_profiles
       FOR EACH ROW EXECUTE FUNCTION profiles_owner_verified()`,
    `CREATE TRIGGER business_profiles_owner_verified BEFORE INSERT OR UPDATE OF user_id ON business_profiles
       FOR EACH ROW EXECUTE FUNCTION profiles_owner_verified()`,
    `CREATE FUNCTION users_verification_to_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       UPDATE agent_profiles SET owner_verified = (NEW.verification_status = 'verified') WHERE user_id = NEW.id;
       UPDATE business_profiles SET owner_verified = (NEW.verification_status = 'verified') WHERE user_id = NEW.id;
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER users_verification_to_profiles AFTER UPDATE OF verification_status ON users
       FOR EACH ROW WHEN (OLD.verification_status IS DISTINCT FROM NEW.verification_status)
       EXECUTE FUNCTION users_verification_to_profiles()`,
    `ALTER TABLE agent_profiles ADD COLUMN static_score integer GENERATED ALWAYS AS (
       least(years_of_experience, 15) * 4 / 3
       + (CASE WHEN minimum_commission_rate <= 10 THEN 10 WHEN minimum_commission_rate <= 15 THEN 6
               WHEN minimum_commission_rate <= 20 THEN 3 ELSE 0 END)
       + (CASE WHEN owner_verified THEN 7 ELSE 0 END)
       + (CASE WHEN featured THEN 3 ELSE 0 END)) STORED`,
    `CREATE INDEX agent_profiles_verified_idx ON agent_profiles (created_at DESC, id DESC) WHERE owner_verified`,
    `CREATE INDEX business_profiles_verified_idx ON business_profiles (created_at DESC, id DESC) WHERE owner_verified`,
  ];
  for (const industry of industries) {
    for (const location of locations) {
      statements.push(
        `CREATE INDEX agent_profiles_match_${industry}_${location}_idx ON agent_profiles (${scoreExpression(industry, location)} DESC, created_at DESC, id DESC)`,
      );
    }
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    "DROP TRIGGER IF EXISTS users_verification_to_profiles ON users",
    "DROP FUNCTION IF EXISTS users_verification_to_profiles()",
    "DROP TRIGGER IF EXISTS agent_profiles_owner_verified ON agent_profiles",
    "DROP TRIGGER IF EXISTS business_profiles_owner_verified ON business_profiles",
    "DROP FUNCTION IF EXISTS profiles_owner_verified()",
    "ALTER TABLE agent_profiles DROP COLUMN static_score, DROP COLUMN owner_verified",
    "ALTER TABLE business_profiles DROP COLUMN owner_verified",
  ])
    await sql.raw(statement).execute(db);
}
