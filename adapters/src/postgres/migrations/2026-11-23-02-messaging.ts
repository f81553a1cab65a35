/**
 * Messaging: live events and the indexes the conversation list needs. Frozen in time.
 * - live_events: an outbox of what each user's open tabs must learn (a new message, a read
 *   receipt), written in the same statement as the change it reports. Its id is the SSE event
 *   id, so a reconnecting client resumes with Last-Event-ID (ADR 0007).
 * - A trigger NOTIFYs channel `closr_live_events` on every insert, on commit, so every API
 *   process (each LISTENing on its own connection) fans the event out to its SSE clients.
 *   NOTIFY payloads are limited to 8000 bytes: a larger event goes out as its id and
 *   recipients only, and listeners read the row.
 * - messages_sender_idx / messages_receiver_idx: a user's messages by side, for the
 *   conversation list (one row per counterpart, newest first).
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `CREATE TABLE live_events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind text NOT NULL CHECK (kind IN ('message', 'read')),
    user_ids integer[] NOT NULL CHECK (cardinality(user_ids) BETWEEN 1 AND 2),
    data jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX live_events_created_at_idx ON live_events (created_at)`,
  `CREATE FUNCTION live_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    payload text;
  BEGIN
    payload := json_build_object('id', NEW.id, 'kind', NEW.kind, 'userIds', NEW.user_ids, 'data', NEW.data)::text;
    IF octet_length(payload) > 7900 THEN
      payload := json_build_object('id', NEW.id, 'kind', NEW.kind, 'userIds', NEW.user_ids)::text;
    END IF;
    PERFORM pg_notify('closr_live_events', payload);
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER live_events_notify_trigger AFTER INSERT ON live_events
    FOR EACH ROW EXECUTE FUNCTION live_events_notify()`,
  `CREATE INDEX messages_sender_idx ON messages (sender_id, id)`,
  `CREATE INDEX messages_receiver_idx ON messages (receiver_id, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("DROP INDEX IF EXISTS messages_receiver_idx").execute(db);
  await sql.raw("DROP INDEX IF EXISTS messages_sender_idx").execute(db);
  await sql.raw("DROP TABLE IF EXISTS live_events").execute(db);
  await sql.raw("DROP FUNCTION IF EXISTS live_events_notify()").execute(db);
}
