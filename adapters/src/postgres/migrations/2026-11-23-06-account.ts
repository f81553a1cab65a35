/**
 * Account life cycle (issue 15): password recovery, email verification and change, notification
 * preferences, account deletion, sessions list, data exports, and the background job table.
 * - users: email verification expiry and send time (resend cooldown), a pending new email with its
 *   own hashed token, notification preferences (kind → false when switched off), deleted_at
 *   (anonymised accounts keep their row so invoices and payments stay intact).
 * - session.user_agent: shown in Settings → Security.
 * - mail_outbox: the HTML part and the notification kind of each email.
 * - jobs: the in-process job queue (ADR 0010), claimed with FOR UPDATE SKIP LOCKED.
 * - data_exports: "Download my data" results, fetched with a hashed, short-lived token.
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `ALTER TABLE users
     ADD COLUMN email_verification_expiry timestamptz,
     ADD COLUMN email_verification_sent_at timestamptz,
     ADD COLUMN pending_email text CHECK (pending_email = lower(pending_email)),
     ADD COLUMN pending_email_token_hash text,
     ADD COLUMN pending_email_expiry timestamptz,
     ADD COLUMN notification_preferences jsonb NOT NULL DEFAULT '{}'::jsonb,
     ADD COLUMN deleted_at timestamptz`,
  `CREATE UNIQUE INDEX users_email_verification_token_hash_key ON users (email_verification_token_hash)
     WHERE email_verification_token_hash IS NOT NULL`,
  `CREATE UNIQUE INDEX users_pending_email_token_hash_key ON users (pending_email_token_hash)
     WHERE pending_email_token_hash IS NOT NULL`,
  `ALTER TABLE session ADD COLUMN user_agent text CHECK (length(user_agent) <= 300)`,
  `ALTER TABLE mail_outbox ADD COLUMN html text, ADD COLUMN kind text`,
  `CREATE TABLE jobs (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 100),
    payload jsonb NOT NULL,
    status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','running','done','failed')),
    attempts integer NOT NULL DEFAULT 0,
    run_at timestamptz NOT NULL DEFAULT now(),
    last_error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
  )`,
  `CREATE INDEX jobs_due_idx ON jobs (run_at, id) WHERE status = 'queued'`,
  `CREATE TABLE data_exports (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    data jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
  )`,
  `CREATE INDEX data_exports_user_idx ON data_exports (user_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS data_exports`.execute(db);
  await sql`DROP TABLE IF EXISTS jobs`.execute(db);
  await sql`ALTER TABLE mail_outbox DROP COLUMN IF EXISTS html, DROP COLUMN IF EXISTS kind`.execute(db);
  await sql`ALTER TABLE session DROP COLUMN IF EXISTS user_agent`.execute(db);
  await sql`DROP INDEX IF EXISTS users_pending_email_token_hash_key`.execute(db);
  await sql`DROP INDEX IF EXISTS users_email_verification_token_hash_key`.execute(db);
  await sql`ALTER TABLE users
    DROP COLUMN IF EXISTS email_verification_expiry, DROP COLUMN IF EXISTS email_verification_sent_at,
    DROP COLUMN IF EXISTS pending_email, DROP COLUMN IF EXISTS pending_email_token_hash,
    DROP COLUMN IF EXISTS pending_email_expiry, DROP COLUMN IF EXISTS notification_preferences,
    DROP COLUMN IF EXISTS deleted_at`.execute(db);
}
