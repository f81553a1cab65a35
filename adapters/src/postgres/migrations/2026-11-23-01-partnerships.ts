/**
 * Partnerships and notifications (issue 4):
 * - users.plan_id: the subscribed plan (spec §9 reading B); NULL means the free plan of the
 *   user's type (basic / agent_basic), which is everyone until subscriptions exist.
 * - mail_outbox: every email the Mailer sends in development (read at GET /api/dev/mailbox) and
 *   the record of what was sent in production.
 * - partnerships listed newest first per party.
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `ALTER TABLE users ADD COLUMN plan_id text
     CHECK (plan_id IN ('basic','professional','enterprise','agent_basic','agent_pro'))`,
  `CREATE TABLE mail_outbox (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    recipient text NOT NULL CHECK (length(recipient) BETWEEN 3 AND 254),
    subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 300),
    body text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (recipient, id DESC)`,
  `CREATE INDEX partnerships_business_created_idx ON partnerships (business_id, created_at DESC, id DESC)`,
  `CREATE INDEX partnerships_agent_created_idx ON partnerships (agent_id, created_at DESC, id DESC)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS partnerships_agent_created_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS partnerships_business_created_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS mail_outbox`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS plan_id`.execute(db);
}
