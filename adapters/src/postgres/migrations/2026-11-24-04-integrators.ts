/**
 * Integrations (issue 20, ADR 0021):
 * - api_keys: an account's API keys; only the SHA-256 (hex) of the secret is stored, with a short
 *   hint of its start; revoked keys are kept (revoked_at) for the list and the audit trail.
 * - api_access_grants: accounts an administrator has given API access (until Enterprise covers it).
 * - idempotency_keys: the first response to a POST with an Idempotency-Key, per account and key,
 *   for 24 hours (status NULL while the first request is still running).
 * - webhook_endpoints / webhook_events / webhook_deliveries: outgoing webhooks.
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `CREATE TABLE api_keys (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    hint text NOT NULL,
    key_hash text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
    scopes text[] NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`,
  `CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at DESC)`,
  `CREATE TABLE api_access_grants (
    user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    granted_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE idempotency_keys (
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
    method text NOT NULL,
    path text NOT NULL,
    request_hash text NOT NULL,
    status integer,
    response_body text,
    response_type text,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, key)
  )`,
  `CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS idempotency_keys`.execute(db);
  await sql`DROP TABLE IF EXISTS api_access_grants`.execute(db);
  await sql`DROP TABLE IF EXISTS api_keys`.execute(db);
}
