/**
 * Operations (issue 21, ADR 0015). Frozen in time.
 * - rate_limit_hits: fixed-window counters shared by every API process (one upsert per hit),
 *   replacing the per-process memory store of ADR 0001.
 * - live_events ids in commit order: a BEFORE INSERT trigger takes a transaction-scoped
 *   advisory lock and only then draws the id, so an event's id is assigned after every
 *   earlier event's transaction has committed. A reconnecting SSE client that resumes after
 *   id N can then never miss a later-committing event with an id below N (ADR 0007's gap).
 * - Session revocation broadcast: deleting a session row, or changing a user row, NOTIFYs
 *   `closr_sessions` with the user id on commit, so every process drops that user's cached
 *   sessions at once, whichever code path (logout, reset, suspension, deletion) did it.
 */
import { type Kysely, sql } from "kysely";

/** Advisory lock key of live_events id assignment (any constant unique in this schema). */
export const LIVE_EVENTS_LOCK = 7_021_001;

const statements = [
  `CREATE TABLE rate_limit_hits (
    key text PRIMARY KEY,
    hits integer NOT NULL,
    reset_at timestamptz NOT NULL
  )`,
  `CREATE INDEX rate_limit_hits_reset_at_idx ON rate_limit_hits (reset_at)`,
  // The id is no longer an identity (its default would draw a number before the lock, and
  // skip one per insert): a plain sequence drawn by the trigger, under the lock.
  `CREATE SEQUENCE live_events_ordered_id_seq`,
  `SELECT setval('live_events_ordered_id_seq', coalesce((SELECT max(id) FROM live_events), 0) + 1, false)`,
  `ALTER TABLE live_events ALTER COLUMN id DROP IDENTITY IF EXISTS`,
  `CREATE FUNCTION live_events_commit_order() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock(${LIVE_EVENTS_LOCK});
    NEW.id := nextval('live_events_ordered_id_seq');
    RETURN NEW;
  END
  $$`,
  `CREATE TRIGGER live_events_commit_order_trigger BEFORE INSERT ON live_events
    FOR EACH ROW EXECUTE FUNCTION live_events_commit_order()`,
  `CREATE FUNCTION sessions_revoked_notify() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_TABLE_NAME = 'users' THEN
      PERFORM pg_notify('closr_sessions', NEW.id::text);
    ELSE
      PERFORM pg_notify('closr_sessions', OLD.user_id::text);
    END IF;
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER session_revoked_trigger AFTER DELETE ON session
    FOR EACH ROW EXECUTE FUNCTION sessions_revoked_notify()`,
  `CREATE TRIGGER users_changed_trigger AFTER UPDATE ON users
    FOR EACH ROW EXECUTE FUNCTION sessions_revoked_notify()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("DROP TRIGGER IF EXISTS users_changed_trigger ON users").execute(db);
  await sql.raw("DROP TRIGGER IF EXISTS session_revoked_trigger ON session").execute(db);
  await sql.raw("DROP FUNCTION IF EXISTS sessions_revoked_notify()").execute(db);
  await sql.raw("DROP TRIGGER IF EXISTS live_events_commit_order_trigger ON live_events").execute(db);
  await sql.raw("DROP FUNCTION IF EXISTS live_events_commit_order()").execute(db);
  await sql.raw("ALTER TABLE live_events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY").execute(db);
  await sql.raw("DROP SEQUENCE IF EXISTS live_events_ordered_id_seq").execute(db);
  await sql.raw("DROP TABLE IF EXISTS rate_limit_hits").execute(db);
}
