/**
 * Subscriptions (issue 13). Frozen in time.
 * - subscriptions: one row per checkout, Stripe's statuses; a partial unique index keeps ONE open
 *   (incomplete, active or past_due) subscription per user, so 20 parallel "subscribe" clicks
 *   create one. users.plan_id mirrors the open subscription's plan (NULL = the free plan).
 * - subscription_invoices: each billing period's invoice as the gateway reported it (payment
 *   history); paid ones are the platform's tax invoices (GST-inclusive, gst_cents = total / 11).
 * - local_subscriptions, local_subscription_invoices, local_billing_events, local_billing_clock:
 *   the local gateway's Stripe Billing stand-in, its event outbox and its test clock offset.
 * Gateway events are recorded in gateway_events (migration 2026-11-23-03) like payments'.
 */
import { type Kysely, sql } from "kysely";

const statuses = `'incomplete','incomplete_expired','active','past_due','canceled'`;
const paidPlans = `'professional','enterprise','agent_pro'`;

const statements = [
  `CREATE TABLE subscriptions (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    plan_id text NOT NULL CHECK (plan_id IN (${paidPlans})),
    billing_interval text NOT NULL DEFAULT 'month' CHECK (billing_interval IN ('month','year')),
    status text NOT NULL DEFAULT 'incomplete' CHECK (status IN (${statuses})),
    gateway_subscription_id text UNIQUE,
    gateway_customer_id text,
    payment_intent_id text,
    client_secret text,
    current_period_start timestamptz,
    current_period_end timestamptz,
    cancel_at_period_end boolean NOT NULL DEFAULT false,
    scheduled_plan_id text CHECK (scheduled_plan_id IN (${paidPlans})),
    past_due_since timestamptz,
    canceled_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX subscriptions_one_open_per_user ON subscriptions (user_id)
     WHERE status IN ('incomplete','active','past_due')`,
  `CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, id DESC)`,

  `CREATE TABLE subscription_invoices (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    subscription_id integer NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    gateway_invoice_id text NOT NULL,
    number text UNIQUE,
    plan_id text NOT NULL CHECK (plan_id IN (${paidPlans})),
    billing_interval text NOT NULL CHECK (billing_interval IN ('month','year')),
    amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
    gst_cents bigint NOT NULL CHECK (gst_cents >= 0),
    status text NOT NULL CHECK (status IN ('paid','failed')),
    period_start timestamptz NOT NULL,
    period_end timestamptz NOT NULL,
    paid_at timestamptz,
    failure_message text CHECK (length(failure_message) <= 1000),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX subscription_invoices_gateway_status_key ON subscription_invoices (gateway_invoice_id, status)
     WHERE status = 'paid'`,
  `CREATE INDEX subscription_invoices_user_idx ON subscription_invoices (user_id, id DESC)`,

  `CREATE TABLE local_subscriptions (
    id text PRIMARY KEY,
    customer_id text NOT NULL,
    idempotency_key text NOT NULL UNIQUE,
    user_id integer NOT NULL,
    plan_id text NOT NULL CHECK (plan_id IN (${paidPlans})),
    billing_interval text NOT NULL CHECK (billing_interval IN ('month','year')),
    status text NOT NULL CHECK (status IN (${statuses})),
    current_period_start timestamptz NOT NULL,
    current_period_end timestamptz NOT NULL,
    cancel_at_period_end boolean NOT NULL DEFAULT false,
    scheduled_plan_id text CHECK (scheduled_plan_id IN (${paidPlans})),
    card_outcome text CHECK (card_outcome IN ('succeed','decline','authenticate')),
    card_last_four char(4),
    latest_invoice_id text,
    retry_count integer NOT NULL DEFAULT 0,
    next_retry_at timestamptz,
    created_at timestamptz NOT NULL
  )`,
  `CREATE TABLE local_subscription_invoices (
    id text PRIMARY KEY,
    subscription_id text NOT NULL REFERENCES local_subscriptions(id) ON DELETE CASCADE,
    payment_id text NOT NULL UNIQUE,
    client_secret text NOT NULL,
    plan_id text NOT NULL,
    billing_interval text NOT NULL,
    amount_cents bigint NOT NULL,
    period_start timestamptz NOT NULL,
    period_end timestamptz NOT NULL,
    status text NOT NULL CHECK (status IN ('open','paid','void')),
    payment_status text NOT NULL DEFAULT 'requires_payment_method'
      CHECK (payment_status IN ('requires_payment_method','requires_action','succeeded','canceled')),
    last_error_code text,
    last_error_message text,
    created_at timestamptz NOT NULL
  )`,
  `CREATE TABLE local_billing_events (
    id text PRIMARY KEY,
    seq bigint GENERATED ALWAYS AS IDENTITY,
    type text NOT NULL,
    payload jsonb NOT NULL,
    delivered_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX local_billing_events_undelivered_idx ON local_billing_events (seq) WHERE delivered_at IS NULL`,
  `CREATE TABLE local_billing_clock (
    id integer PRIMARY KEY CHECK (id = 1),
    offset_ms bigint NOT NULL DEFAULT 0
  )`,
  `INSERT INTO local_billing_clock (id, offset_ms) VALUES (1, 0)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "local_billing_clock",
    "local_billing_events",
    "local_subscription_invoices",
    "local_subscriptions",
    "subscription_invoices",
    "subscriptions",
  ])
    await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}
