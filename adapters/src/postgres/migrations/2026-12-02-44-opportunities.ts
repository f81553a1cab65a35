/**
 * Opportunities, applications and invitations (issue 44; ADR 0065). Frozen in time.
 * - opportunities: a business's post; the proposed commission model as jsonb with its type and
 *   headline rate beside it for filters; territory and ideal skills as text[]; a search_vector
 *   (title A, ideal specialization B, ideal skills C, product D: the profile search's weights,
 *   ADR 0036) kept by a trigger, its GIN index on published rows only.
 * - search_vocabulary takes the side 'opportunity', kept by statement triggers like the profiles'.
 * - opportunity_applications: one open (submitted, shortlisted, interview) per agent and
 *   opportunity, by a partial unique index.
 * - opportunity_invitations: a 48-hour clock (expires_at), the sweep's partial index on pending.
 * - notifications_kind_check gains the four opportunity kinds.
 */
import { type Kysely, sql } from "kysely";

const kinds = [
  "connection_requested",
  "connection_accepted",
  "connection_rejected",
  "connection_withdrawn",
  "partnership_ended",
  "invoice_raised",
  "invoice_paid",
  "invoice_overdue",
  "message_unread",
  "verification_approved",
  "verification_rejected",
  "verification_changes_requested",
  "dispute_opened",
  "dispute_responded",
  "dispute_in_mediation",
  "dispute_proposal",
  "dispute_resolved",
  "agreement_proposed",
  "agreement_countered",
  "agreement_signed",
];
const added = [
  "opportunity_invitation",
  "application_received",
  "application_updated",
  "invitation_answered",
];
const kindCheck = (list: readonly string[]) =>
  `ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (${list
    .map((k) => `'${k}'`)
    .join(", ")}))`;

const vector = `
  setweight(to_tsvector('simple', closr_words(NEW.title)), 'A') ||
  setweight(to_tsvector('simple', closr_words(NEW.ideal_specialization)), 'B') ||
  setweight(to_tsvector('simple', closr_words(array_to_string(NEW.ideal_skills, ' '))), 'C') ||
  setweight(to_tsvector('simple', closr_words(NEW.product)), 'D')`;

const delta = (rows: string) => `SELECT unnest(tsvector_to_array(search_vector)) AS word FROM ${rows}`;
const apply = (select: string) => `
  INSERT INTO search_vocabulary AS v (side, word, uses)
    SELECT 'opportunity', word, sum(d)::int FROM (${select}) x GROUP BY word HAVING sum(d) <> 0 ORDER BY word
    ON CONFLICT (side, word) DO UPDATE SET uses = v.uses + excluded.uses;
  DELETE FROM search_vocabulary WHERE side = 'opportunity' AND uses <= 0;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_kind_check`,
    kindCheck([...kinds, ...added]),
    `ALTER TABLE search_vocabulary DROP CONSTRAINT IF EXISTS search_vocabulary_side_check`,
    `ALTER TABLE search_vocabulary ADD CONSTRAINT search_vocabulary_side_check
       CHECK (side IN ('agent', 'business', 'opportunity'))`,
    `CREATE TABLE opportunities (
       id serial PRIMARY KEY,
       business_id integer NOT NULL REFERENCES business_profiles(id) ON DELETE CASCADE,
       slug text NOT NULL UNIQUE,
       title text NOT NULL,
       product text NOT NULL,
       territory text[] NOT NULL,
       customer_type text NOT NULL,
       model jsonb NOT NULL,
       model_type text NOT NULL,
       headline_rate numeric(5,2) NOT NULL,
       expected_deal_cents bigint,
       ideal_specialization text NOT NULL DEFAULT '',
       ideal_skills text[] NOT NULL DEFAULT '{}',
       minimum_years integer NOT NULL DEFAULT 0,
       places_wanted integer NOT NULL CHECK (places_wanted BETWEEN 1 AND 100),
       places_filled integer NOT NULL DEFAULT 0 CHECK (places_filled >= 0 AND places_filled <= places_wanted),
       status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'paused', 'closed')),
       closed_reason text CHECK (closed_reason IN ('filled', 'withdrawn')),
       published_at timestamptz,
       search_vector tsvector NOT NULL DEFAULT ''::tsvector,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now())`,
    `CREATE INDEX opportunities_business_idx ON opportunities (business_id, created_at DESC)`,
    `CREATE INDEX opportunities_published_search_idx ON opportunities USING gin (search_vector)
       WHERE status = 'published'`,
    `CREATE INDEX opportunities_published_territory_idx ON opportunities USING gin (territory)
       WHERE status = 'published'`,
    `CREATE INDEX opportunities_published_newest_idx ON opportunities (published_at DESC, id DESC)
       WHERE status = 'published'`,
    `CREATE FUNCTION opportunities_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN NEW.search_vector := ${vector}; RETURN NEW; END $$`,
    `CREATE TRIGGER opportunities_search_vector BEFORE INSERT OR UPDATE OF title, ideal_specialization, ideal_skills, product
       ON opportunities FOR EACH ROW EXECUTE FUNCTION opportunities_search_vector()`,
    `CREATE FUNCTION opportunities_vocabulary_insert() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN ${apply(`SELECT word, 1 AS d FROM (${delta("new_rows")}) n`)} RETURN NULL; END $$`,
    `CREATE FUNCTION opportunities_vocabulary_update() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN ${apply(`SELECT word, 1 AS d FROM (${delta("new_rows")}) n UNION ALL SELECT word, -1 FROM (${delta("old_rows")}) o`)}
     RETURN NULL; END $$`,
    `CREATE FUNCTION opportunities_vocabulary_delete() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN ${apply(`SELECT word, -1 AS d FROM (${delta("old_rows")}) o`)} RETURN NULL; END $$`,
    `CREATE TRIGGER opportunities_vocabulary_insert AFTER INSERT ON opportunities
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION opportunities_vocabulary_insert()`,
    `CREATE TRIGGER opportunities_vocabulary_update AFTER UPDATE ON opportunities
       REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION opportunities_vocabulary_update()`,
    `CREATE TRIGGER opportunities_vocabulary_delete AFTER DELETE ON opportunities
       REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION opportunities_vocabulary_delete()`,
    `CREATE TABLE opportunity_applications (
       id serial PRIMARY KEY,
       opportunity_id integer NOT NULL REFERENCES opportunities(id) ON DELETE CASCADE,
       agent_id integer NOT NULL REFERENCES agent_profiles(id) ON DELETE CASCADE,
       cover_message text NOT NULL,
       proposed_rate numeric(5,2),
       status text NOT NULL DEFAULT 'submitted'
         CHECK (status IN ('submitted', 'shortlisted', 'interview', 'approved', 'declined', 'withdrawn')),
       partnership_id integer REFERENCES partnerships(id),
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now())`,
    `CREATE UNIQUE INDEX opportunity_applications_open_key ON opportunity_applications (opportunity_id, agent_id)
       WHERE status IN ('submitted', 'shortlisted', 'interview')`,
    `CREATE INDEX opportunity_applications_agent_idx ON opportunity_applications (agent_id, created_at DESC)`,
    `CREATE INDEX opportunity_applications_opportunity_idx ON opportunity_applications (opportunity_id)`,
    `CREATE TABLE opportunity_invitations (
       id serial PRIMARY KEY,
       opportunity_id integer NOT NULL REFERENCES opportunities(id) ON DELETE CASCADE,
       agent_id integer NOT NULL REFERENCES agent_profiles(id) ON DELETE CASCADE,
       message text NOT NULL DEFAULT '',
       status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined', 'expired')),
       created_at timestamptz NOT NULL DEFAULT now(),
       expires_at timestamptz NOT NULL,
       answered_at timestamptz)`,
    `CREATE INDEX opportunity_invitations_due_idx ON opportunity_invitations (expires_at) WHERE status = 'pending'`,
    `CREATE INDEX opportunity_invitations_agent_idx ON opportunity_invitations (agent_id, created_at DESC)`,
    `CREATE INDEX opportunity_invitations_opportunity_idx ON opportunity_invitations (opportunity_id)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `DROP TABLE IF EXISTS opportunity_invitations`,
    `DROP TABLE IF EXISTS opportunity_applications`,
    `DROP TABLE IF EXISTS opportunities`,
    ...["insert", "update", "delete"].map((e) => `DROP FUNCTION IF EXISTS opportunities_vocabulary_${e}()`),
    `DROP FUNCTION IF EXISTS opportunities_search_vector()`,
    `DELETE FROM search_vocabulary WHERE side = 'opportunity'`,
    `ALTER TABLE search_vocabulary DROP CONSTRAINT IF EXISTS search_vocabulary_side_check`,
    `ALTER TABLE search_vocabulary ADD CONSTRAINT search_vocabulary_side_check CHECK (side IN ('agent', 'business'))`,
    `DELETE FROM notifications WHERE kind IN (${added.map((k) => `'${k}'`).join(", ")})`,
    `ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_kind_check`,
    kindCheck(kinds),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
