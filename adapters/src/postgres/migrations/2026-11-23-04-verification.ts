/**
 * Verification (issue 12). Frozen in time.
 * - status gains changes_requested (the reviewer asks for more information; the applicant resubmits).
 * - abn_lookup: what the ABN registry answered, for the reviewer; updated_at for the queue's age.
 * - one open request per user, backed by a partial unique index (races included).
 * - the queue reads by status, oldest submitted first (verification_requests_status_idx exists).
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `ALTER TABLE verification_requests DROP CONSTRAINT verification_requests_status_check`,
  `ALTER TABLE verification_requests ADD CONSTRAINT verification_requests_status_check
     CHECK (status IN ('submitted','under_review','changes_requested','approved','rejected'))`,
  `ALTER TABLE verification_requests ADD COLUMN abn_lookup jsonb`,
  `ALTER TABLE verification_requests ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  `ALTER TABLE verification_requests ADD CONSTRAINT verification_requests_admin_notes_length
     CHECK (length(admin_notes) <= 2000)`,
  `CREATE UNIQUE INDEX verification_requests_open_user_key ON verification_requests (user_id)
     WHERE status IN ('submitted','under_review','changes_requested')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS verification_requests_open_user_key`.execute(db);
  await sql`ALTER TABLE verification_requests DROP CONSTRAINT IF EXISTS verification_requests_admin_notes_length`.execute(
    db,
  );
  await sql`ALTER TABLE verification_requests DROP COLUMN IF EXISTS updated_at`.execute(db);
  await sql`ALTER TABLE verification_requests DROP COLUMN IF EXISTS abn_lookup`.execute(db);
  await sql`UPDATE verification_requests SET status = 'submitted' WHERE status = 'changes_requested'`.execute(
    db,
  );
  await sql`ALTER TABLE verification_requests DROP CONSTRAINT verification_requests_status_check`.execute(db);
  await sql`ALTER TABLE verification_requests ADD CONSTRAINT verification_requests_status_check
     CHECK (status IN ('submitted','under_review','approved','rejected'))`.execute(db);
}
