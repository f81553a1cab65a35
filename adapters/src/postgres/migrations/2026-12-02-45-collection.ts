/**
 * Collection (issue 45, ADR 0064). Frozen in time.
 * - payment_mandates: a business's authority to collect one partnership's invoices (BECS Direct
 *   Debit or a saved card, off-session); at most one pending or active per partnership.
 * - payments.mandate_id, payments.collection_attempt: a payment made by a mandate and its
 *   collection attempt (1 on the due date, 2–4 the retries); one per invoice and attempt.
 * - invoice_collection: per invoice, the day the advance notice went and the last failure told.
 * - local_payment_intents.clears_on / planned_outcome: the local gateway's BECS clearing
 *   (processing for 2–3 business days); local_mandate_methods: its test accounts' outcomes.
 * - notifications.kind gains collection_scheduled, collection_failed, mandate_changed.
 */
import { type Kysely, sql } from "kysely";

const kinds = [
  "connection_requested",
  "connection_accepted",
  "connection_rejected",
  "connection_withdrawn",
  "partnership_ended",
  "invoice_raised",
  "invoice_paid",
  "invoice_overdue",
  "message_unread",
  "verification_approved",
  "verification_rejected",
  "verification_changes_requested",
  "dispute_opened",
  "dispute_responded",
  "dispute_in_mediation",
  "dispute_proposal",
  "dispute_resolved",
  "agreement_proposed",
  "agreement_countered",
  "agreement_signed",
  // Added by 2026-12-02-44-opportunities, which runs before this one.
  "opportunity_invitation",
  "application_received",
  "application_updated",
  "invitation_answered",
  "collection_scheduled",
  "collection_failed",
  "mandate_changed",
];

const statements = [
  `CREATE TABLE payment_mandates (
    id serial PRIMARY KEY,
    partnership_id integer NOT NULL REFERENCES partnerships(id) ON DELETE CASCADE,
    business_id integer NOT NULL REFERENCES business_profiles(id) ON DELETE CASCADE,
    agent_id integer NOT NULL REFERENCES agent_profiles(id) ON DELETE CASCADE,
    method text NOT NULL CHECK (method IN ('au_becs_debit', 'card')),
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'inactive', 'revoked')),
    reference text NOT NULL,
    setup_intent_id text NOT NULL UNIQUE,
    gateway_mandate_id text,
    payment_method_id text,
    bsb text,
    last_four text NOT NULL,
    accepted_at timestamptz NOT NULL,
    accepted_ip text,
    accepted_user_agent text,
    inactive_reason text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX payment_mandates_live_idx ON payment_mandates (partnership_id) WHERE status IN ('pending', 'active')`,
  `CREATE INDEX payment_mandates_business_idx ON payment_mandates (business_id)`,
  `ALTER TABLE payments ADD COLUMN mandate_id integer REFERENCES payment_mandates(id)`,
  `ALTER TABLE payments ADD COLUMN collection_attempt integer`,
  `CREATE UNIQUE INDEX payments_collection_attempt_idx ON payments (invoice_id, collection_attempt) WHERE collection_attempt IS NOT NULL`,
  `CREATE TABLE invoice_collection (
    invoice_id integer PRIMARY KEY REFERENCES invoices(id) ON DELETE CASCADE,
    notice_sent_on date,
    failure_notified_attempt integer NOT NULL DEFAULT 0
  )`,
  `ALTER TABLE local_payment_intents ADD COLUMN clears_on date`,
  `ALTER TABLE local_payment_intents ADD COLUMN planned_outcome text`,
  `CREATE TABLE local_mandate_methods (
    payment_method_id text PRIMARY KEY,
    method text NOT NULL,
    outcome text NOT NULL,
    setup_intent_id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_kind_check`,
  `ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (${kinds.map((k) => `'${k}'`).join(", ")}))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
