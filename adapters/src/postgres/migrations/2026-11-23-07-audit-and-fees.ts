/**
 * Seams shared by the next contexts:
 * - audit_log: append-only record of every staff write (AuditLog port, core/src/shared/audit.ts):
 *   who (actor_user_id), what (action, subject_type, subject_id), when (created_at), and the
 *   object's state before and after as jsonb.
 * - payments.application_fee_cents: the platform fee taken on that payment, in cents (Stripe's
 *   `application_fee_amount` on a destination charge); 0 where none was taken.
 * - payments.refunded_cents: the total refunded on that payment so far, in cents.
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `CREATE TABLE audit_log (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    actor_user_id integer REFERENCES users(id) ON DELETE SET NULL,
    action text NOT NULL CHECK (length(action) BETWEEN 1 AND 100),
    subject_type text NOT NULL CHECK (length(subject_type) BETWEEN 1 AND 50),
    subject_id text NOT NULL CHECK (length(subject_id) BETWEEN 1 AND 100),
    before jsonb,
    after jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC)`,
  `CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id, created_at DESC)`,
  `CREATE INDEX audit_log_actor_idx ON audit_log (actor_user_id, created_at DESC)`,
  `ALTER TABLE payments
     ADD COLUMN application_fee_cents bigint NOT NULL DEFAULT 0 CHECK (application_fee_cents >= 0),
     ADD COLUMN refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payments DROP COLUMN IF EXISTS application_fee_cents, DROP COLUMN IF EXISTS refunded_cents`.execute(
    db,
  );
  await sql`DROP TABLE IF EXISTS audit_log`.execute(db);
}
