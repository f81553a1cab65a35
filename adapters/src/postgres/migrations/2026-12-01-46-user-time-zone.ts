/**
 * Each user's time zone (issue 46, ADR 0059): users.time_zone, an IANA zone name such as
 * 'Australia/Perth', in which every date the product shows, prints or e-mails to that user is
 * formatted (and the documents the user issues are dated). Existing users get Australia/Sydney,
 * the product's default; the API validates the name (`isTimeZone`, @closr/format) before storing it.
 * Frozen in time.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE users ADD COLUMN time_zone text NOT NULL DEFAULT 'Australia/Sydney'
         CHECK (length(time_zone) BETWEEN 1 AND 64)`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("ALTER TABLE users DROP COLUMN IF EXISTS time_zone").execute(db);
}
