/**
 * Operations, part 2 (issue 21, ADR 0015 amended). Frozen in time.
 * - jobs.singleton_key: a scheduled job is written once per tick across every API process
 *   (`<kind>@<tick start>`, unique while set; ON CONFLICT DO NOTHING), the in-process queue's
 *   twin of pg-boss's `singletonSeconds`.
 * - jobs.retried_at: when staff last retried a failed job from the admin queue view.
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `ALTER TABLE jobs ADD COLUMN singleton_key text`,
  `ALTER TABLE jobs ADD COLUMN retried_at timestamptz`,
  `CREATE UNIQUE INDEX jobs_singleton_key_idx ON jobs (singleton_key) WHERE singleton_key IS NOT NULL`,
  `CREATE INDEX jobs_kind_status_idx ON jobs (kind, status, created_at DESC)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS jobs_kind_status_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS jobs_singleton_key_idx`.execute(db);
  await sql`ALTER TABLE jobs DROP COLUMN IF EXISTS retried_at`.execute(db);
  await sql`ALTER TABLE jobs DROP COLUMN IF EXISTS singleton_key`.execute(db);
}
