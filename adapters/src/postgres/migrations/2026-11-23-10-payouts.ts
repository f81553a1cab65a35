/**
 * Payouts (issue 14, ADR 0011). Frozen in time.
 * - payout_accounts: one row per agent profile: the connected account at the gateway, its flags
 *   and requirements as the last applied `account.updated` event said (last_event_at orders them),
 *   and the agent's tax details (ABN, GST registration; GST needs an ABN).
 * - invoices: the subtotal the agent typed, GST on top, the platform fee, and the agent's ABN and
 *   GST registration as they were when the invoice was raised (a tax invoice shows those).
 * - payout_refunds: staff refunds, each with how it split (fee refunded, transfer reversed, GST)
 *   and one credit note.
 * - local_payment_intents: the destination and application fee of a local destination charge,
 *   and what was refunded; local_connected_accounts: the local gateway's connected accounts.
 * - payments.application_fee_cents / refunded_cents come from 2026-11-23-07-audit-and-fees.
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `CREATE TABLE payout_accounts (
    agent_id integer PRIMARY KEY REFERENCES agent_profiles(id) ON DELETE RESTRICT,
    gateway_account_id text UNIQUE CHECK (length(gateway_account_id) BETWEEN 1 AND 255),
    charges_enabled boolean NOT NULL DEFAULT false,
    payouts_enabled boolean NOT NULL DEFAULT false,
    details_submitted boolean NOT NULL DEFAULT false,
    requirements jsonb NOT NULL DEFAULT '[]'::jsonb,
    disabled_reason text CHECK (length(disabled_reason) <= 500),
    bank_last_four text CHECK (bank_last_four ~ '^[0-9]{1,4}$'),
    abn char(11) CHECK (abn ~ '^[0-9]{11}$'),
    gst_registered boolean NOT NULL DEFAULT false CHECK (NOT gst_registered OR abn IS NOT NULL),
    last_event_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,

  `ALTER TABLE invoices
     ADD COLUMN subtotal_cents bigint,
     ADD COLUMN gst_cents bigint NOT NULL DEFAULT 0 CHECK (gst_cents >= 0),
     ADD COLUMN platform_fee_cents bigint NOT NULL DEFAULT 0 CHECK (platform_fee_cents >= 0),
     ADD COLUMN agent_abn char(11) CHECK (agent_abn ~ '^[0-9]{11}$'),
     ADD COLUMN gst_registered boolean NOT NULL DEFAULT false`,
  `UPDATE invoices SET subtotal_cents = amount_cents`,
  `ALTER TABLE invoices ALTER COLUMN subtotal_cents SET NOT NULL`,
  `ALTER TABLE invoices ADD CONSTRAINT invoices_total_check CHECK (amount_cents = subtotal_cents + gst_cents)`,

  `CREATE TABLE payout_refunds (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    payment_id integer NOT NULL REFERENCES payments(id) ON DELETE RESTRICT,
    amount_cents bigint NOT NULL CHECK (amount_cents >= 1),
    fee_refund_cents bigint NOT NULL CHECK (fee_refund_cents >= 0),
    transfer_reversal_cents bigint NOT NULL CHECK (transfer_reversal_cents >= 0),
    gst_refund_cents bigint NOT NULL CHECK (gst_refund_cents >= 0),
    gateway_refund_id text,
    reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
    actor_user_id integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX payout_refunds_payment_idx ON payout_refunds (payment_id)`,

  `ALTER TABLE local_payment_intents
     ADD COLUMN transfer_destination text,
     ADD COLUMN application_fee_cents bigint,
     ADD COLUMN amount_refunded_cents bigint NOT NULL DEFAULT 0`,
  `CREATE TABLE local_connected_accounts (
    id text PRIMARY KEY,
    idempotency_key text NOT NULL UNIQUE,
    email text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    "DROP TABLE IF EXISTS local_connected_accounts",
    "ALTER TABLE local_payment_intents DROP COLUMN IF EXISTS transfer_destination, DROP COLUMN IF EXISTS application_fee_cents, DROP COLUMN IF EXISTS amount_refunded_cents",
    "DROP TABLE IF EXISTS payout_refunds",
    "ALTER TABLE invoices DROP CONSTRAINT IF EXISTS invoices_total_check",
    "ALTER TABLE invoices DROP COLUMN IF EXISTS subtotal_cents, DROP COLUMN IF EXISTS gst_cents, DROP COLUMN IF EXISTS platform_fee_cents, DROP COLUMN IF EXISTS agent_abn, DROP COLUMN IF EXISTS gst_registered",
    "DROP TABLE IF EXISTS payout_accounts",
  ])
    await sql.raw(statement).execute(db);
}
