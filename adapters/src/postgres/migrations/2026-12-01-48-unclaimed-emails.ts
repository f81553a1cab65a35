/**
 * Sign-up and email change without account enumeration (issue 48). Frozen in time.
 * - users.unclaimed_email: the address an account asked for at sign-up that already belonged to
 *   another account. The account is created all the same (the same answer either way), with a
 *   placeholder under the reserved `.invalid` TLD in `email`, so `users_email_key` (unique,
 *   confirmed and claimed emails) still holds one account per address; nothing is ever sent to
 *   the unclaimed address except the owner's notice, and it can never be confirmed.
 * - users.email_notice_sent_at: when this account last caused a "someone tried to use your
 *   email" notice to another account's owner (at most one an hour per account).
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `ALTER TABLE users
     ADD COLUMN unclaimed_email text CHECK (unclaimed_email = lower(unclaimed_email)
       AND length(unclaimed_email) BETWEEN 3 AND 254),
     ADD COLUMN email_notice_sent_at timestamptz`,
  `CREATE INDEX users_unclaimed_email_idx ON users (unclaimed_email) WHERE unclaimed_email IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("DROP INDEX IF EXISTS users_unclaimed_email_idx").execute(db);
  await sql
    .raw(
      "ALTER TABLE users DROP COLUMN IF EXISTS email_notice_sent_at, DROP COLUMN IF EXISTS unclaimed_email",
    )
    .execute(db);
}
