/**
 * Payments: attempts, processed gateway events, and the local gateway's state. Frozen in time.
 * - payments.attempt (1, 2, … per invoice; part of the gateway idempotency key) and
 *   payments.failure_message (the gateway's decline message).
 * - gateway_events: every gateway event id applied, written in the same transaction as the change
 *   it caused, so a replayed webhook changes nothing (ADR 0008).
 * - local_payment_intents + local_gateway_events: the local gateway's PaymentIntents and its event
 *   outbox, so the local gateway survives restarts and a crash between a charge and the database
 *   write is recovered by redelivering the outbox.
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `ALTER TABLE payments ADD COLUMN attempt integer NOT NULL DEFAULT 1 CHECK (attempt >= 1)`,
  `ALTER TABLE payments ADD COLUMN failure_message text CHECK (length(failure_message) <= 1000)`,
  `CREATE UNIQUE INDEX payments_invoice_attempt_key ON payments (invoice_id, attempt)`,

  `CREATE TABLE gateway_events (
    id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 255),
    type text NOT NULL,
    payment_intent_id text,
    outcome text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX gateway_events_intent_idx ON gateway_events (payment_intent_id)`,

  `CREATE TABLE local_payment_intents (
    id text PRIMARY KEY,
    client_secret text NOT NULL,
    idempotency_key text NOT NULL UNIQUE,
    amount_cents bigint NOT NULL CHECK (amount_cents >= 1),
    currency char(3) NOT NULL DEFAULT 'AUD' CHECK (currency = 'AUD'),
    status text NOT NULL CHECK (status IN ('requires_payment_method','requires_confirmation','requires_action','processing','succeeded','canceled')),
    invoice_id integer,
    payment_id integer,
    description text,
    card_last_four char(4),
    latest_charge_id text,
    last_error_code text,
    last_error_message text,
    next_action text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE local_gateway_events (
    id text PRIMARY KEY,
    seq bigint GENERATED ALWAYS AS IDENTITY,
    type text NOT NULL,
    payment_intent_id text NOT NULL REFERENCES local_payment_intents(id) ON DELETE CASCADE,
    intent jsonb NOT NULL,
    delivered_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX local_gateway_events_undelivered_idx ON local_gateway_events (seq) WHERE delivered_at IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    "DROP TABLE IF EXISTS local_gateway_events",
    "DROP TABLE IF EXISTS local_payment_intents",
    "DROP TABLE IF EXISTS gateway_events",
    "DROP INDEX IF EXISTS payments_invoice_attempt_key",
    "ALTER TABLE payments DROP COLUMN IF EXISTS failure_message",
    "ALTER TABLE payments DROP COLUMN IF EXISTS attempt",
  ])
    await sql.raw(statement).execute(db);
}
