/**
 * Web push (issue 19, ADR 0016):
 * - push_subscriptions: one browser's push endpoint and keys per row, owned by a user; an
 *   endpoint belongs to one user at a time (a new sign-in on the device takes it over).
 * - live_streams: the open SSE streams (ADR 0007) of every API process, one row per stream,
 *   so any process can tell whether a user has one open (push only goes out when not).
 *   Streams close after 10 minutes; rows older than that are leftovers of a crashed process
 *   and are ignored and pruned.
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `CREATE TABLE push_subscriptions (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    endpoint text NOT NULL UNIQUE CHECK (endpoint LIKE 'https://%' AND length(endpoint) <= 2000),
    p256dh text NOT NULL CHECK (length(p256dh) BETWEEN 1 AND 200),
    auth text NOT NULL CHECK (length(auth) BETWEEN 1 AND 100),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)`,
  `CREATE TABLE live_streams (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    opened_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX live_streams_user_idx ON live_streams (user_id, opened_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS live_streams`.execute(db);
  await sql`DROP TABLE IF EXISTS push_subscriptions`.execute(db);
}
