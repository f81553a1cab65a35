/**
 * Outgoing webhooks (issue 20, ADR 0023):
 * - webhook_endpoints: an account's endpoints (URL, subscribed event types, signing secret —
 *   kept in clear because every delivery is signed with it, like Stripe's; shown once).
 * - webhook_events: each published event with the exact JSON body that is signed and sent.
 * - webhook_deliveries: one event to one endpoint: pending → sending (leased) → delivered, or
 *   pending again with its next attempt, or failed after 3 days. Deliveries of one object to one
 *   endpoint are sent oldest id first (webhook_deliveries_open_idx).
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `CREATE TABLE webhook_endpoints (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    url text NOT NULL CHECK (url ~ '^https?://' AND length(url) <= 2048),
    description text NOT NULL DEFAULT '' CHECK (length(description) <= 200),
    events text[] NOT NULL,
    secret text NOT NULL,
    enabled boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX webhook_endpoints_user_idx ON webhook_endpoints (user_id, id)`,
  `CREATE TABLE webhook_events (
    id text PRIMARY KEY,
    type text NOT NULL,
    object_key text NOT NULL,
    body text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE webhook_deliveries (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    endpoint_id integer NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
    event_id text NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
    event_type text NOT NULL,
    object_key text NOT NULL,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz DEFAULT now(),
    lease_until timestamptz,
    last_status_code integer,
    last_error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    delivered_at timestamptz
  )`,
  `CREATE INDEX webhook_deliveries_open_idx ON webhook_deliveries (endpoint_id, object_key, id)
     WHERE status IN ('pending', 'sending')`,
  `CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (endpoint_id, id DESC)`,
  `CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
     WHERE status IN ('pending', 'sending')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS webhook_deliveries`.execute(db);
  await sql`DROP TABLE IF EXISTS webhook_events`.execute(db);
  await sql`DROP TABLE IF EXISTS webhook_endpoints`.execute(db);
}
