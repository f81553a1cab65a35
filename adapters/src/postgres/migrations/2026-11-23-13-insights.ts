/**
 * Insights, notifications and help (issue 18, ADR 0014). Frozen in time.
 * - notifications: what a user is told (connection request, answer, end; invoice raised, paid,
 *   overdue; message unread for a few minutes; verification decision), each with the link to
 *   its object and a read time. `subject_id` is the object's id (partnership, invoice, sender,
 *   verification request). The overdue and unread sweeps insert each notice once
 *   (notifications_sweep_once_key).
 * - live_events gains kind 'notification' (the bell's live count, ADR 0007), with up to two
 *   recipients as before.
 * - agent_profile_daily_stats: per agent profile and Sydney day, how often the profile appeared in
 *   business searches and how often it was viewed. Counts only: no searcher identity is kept.
 * - invoices paid_at indexes for the per-month commission figures of /analytics and /performance.
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `CREATE TABLE notifications (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN (
      'connection_requested','connection_accepted','connection_rejected','connection_withdrawn',
      'partnership_ended','invoice_raised','invoice_paid','invoice_overdue','message_unread',
      'verification_approved','verification_rejected','verification_changes_requested')),
    title text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
    link text NOT NULL CHECK (link LIKE '/%'),
    subject_id integer,
    read_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC)`,
  `CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL`,
  `CREATE UNIQUE INDEX notifications_sweep_once_key ON notifications (user_id, kind, subject_id)
     WHERE kind = 'invoice_overdue'`,
  `ALTER TABLE live_events DROP CONSTRAINT IF EXISTS live_events_kind_check`,
  `ALTER TABLE live_events ADD CONSTRAINT live_events_kind_check
     CHECK (kind IN ('message', 'read', 'notification'))`,
  `CREATE TABLE agent_profile_daily_stats (
    agent_id integer NOT NULL REFERENCES agent_profiles(id) ON DELETE CASCADE,
    day date NOT NULL,
    search_appearances integer NOT NULL DEFAULT 0 CHECK (search_appearances >= 0),
    profile_views integer NOT NULL DEFAULT 0 CHECK (profile_views >= 0),
    PRIMARY KEY (agent_id, day)
  )`,
  `CREATE INDEX invoices_business_paid_idx ON invoices (business_id, paid_at) WHERE is_paid`,
  `CREATE INDEX invoices_agent_paid_idx ON invoices (agent_id, paid_at) WHERE is_paid`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    "DROP INDEX IF EXISTS invoices_agent_paid_idx",
    "DROP INDEX IF EXISTS invoices_business_paid_idx",
    "DROP TABLE IF EXISTS agent_profile_daily_stats",
    "DELETE FROM live_events WHERE kind = 'notification'",
    "ALTER TABLE live_events DROP CONSTRAINT IF EXISTS live_events_kind_check",
    "ALTER TABLE live_events ADD CONSTRAINT live_events_kind_check CHECK (kind IN ('message', 'read'))",
    "DROP TABLE IF EXISTS notifications",
  ])
    await sql.raw(statement).execute(db);
}
