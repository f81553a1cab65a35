/**
 * Disputes (issue 17, ADR 0018). Frozen in time.
 * - disputes: one contested invoice; the machine's status (state, latest offer, staff proposal,
 *   deadline, settled amount and outcome), `payout_held` for a paid invoice, and `executed_at`,
 *   set in the transaction that runs the resolution's money action (exactly once).
 *   At most one active (not resolved or withdrawn) dispute per invoice (partial unique index).
 * - dispute_lines: the timeline (messages, offers, evidence, state changes), append-only.
 * - dispute_evidence: files in FileStorage (PDF/JPEG/PNG by magic bytes, ≤ 10 MB).
 * - dispute_credit_notes: the credit note of an unpaid invoice reduced by a resolution.
 * - invoices.cancelled_at: an unpaid invoice cancelled by a resolution (never payable again).
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `CREATE TABLE disputes (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    invoice_id integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
    opened_by integer NOT NULL REFERENCES users(id),
    opener text NOT NULL CHECK (opener IN ('business', 'agent')),
    reason text NOT NULL CHECK (reason IN ('amount_not_owed', 'work_not_done', 'charged_in_error', 'services_not_delivered')),
    description text NOT NULL CHECK (length(description) BETWEEN 1 AND 5000),
    invoice_paid boolean NOT NULL,
    invoice_amount_cents bigint NOT NULL CHECK (invoice_amount_cents > 0),
    state text NOT NULL CHECK (state IN ('open', 'in_mediation', 'proposed', 'resolved', 'withdrawn')),
    offer_by text NOT NULL CHECK (offer_by IN ('business', 'agent')),
    offer_amount_cents bigint NOT NULL CHECK (offer_amount_cents >= 0),
    proposal_amount_cents bigint CHECK (proposal_amount_cents >= 0),
    proposal_note text,
    proposal_accepted_by text[] NOT NULL DEFAULT '{}',
    deadline timestamptz,
    settled_amount_cents bigint CHECK (settled_amount_cents >= 0),
    outcome text,
    payout_held boolean NOT NULL DEFAULT false,
    mediation_started_at timestamptz,
    resolved_at timestamptz,
    executed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX disputes_one_active_per_invoice ON disputes (invoice_id) WHERE state NOT IN ('resolved', 'withdrawn')`,
  `CREATE INDEX disputes_invoice_idx ON disputes (invoice_id, created_at DESC)`,
  `CREATE INDEX disputes_due_idx ON disputes (deadline) WHERE state IN ('open', 'proposed')`,
  `CREATE INDEX disputes_mediation_idx ON disputes (created_at) WHERE state IN ('in_mediation', 'proposed')`,
  `CREATE TABLE dispute_evidence (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    dispute_id integer NOT NULL REFERENCES disputes(id) ON DELETE CASCADE,
    party text NOT NULL CHECK (party IN ('business', 'agent')),
    file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
    content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
    size integer NOT NULL CHECK (size BETWEEN 1 AND 10485760),
    storage_key text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX dispute_evidence_dispute_idx ON dispute_evidence (dispute_id)`,
  `CREATE TABLE dispute_lines (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    dispute_id integer NOT NULL REFERENCES disputes(id) ON DELETE CASCADE,
    kind text NOT NULL,
    actor text NOT NULL CHECK (actor IN ('business', 'agent', 'staff', 'system')),
    message text,
    amount_cents bigint,
    evidence_id integer REFERENCES dispute_evidence(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX dispute_lines_dispute_idx ON dispute_lines (dispute_id, id)`,
  `CREATE TABLE dispute_credit_notes (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    dispute_id integer NOT NULL UNIQUE REFERENCES disputes(id) ON DELETE CASCADE,
    invoice_id integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    gst_cents bigint NOT NULL,
    fee_cents bigint NOT NULL,
    original_amount_cents bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `ALTER TABLE invoices ADD COLUMN cancelled_at timestamptz`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE invoices DROP COLUMN IF EXISTS cancelled_at`.execute(db);
  await sql`DROP TABLE IF EXISTS dispute_credit_notes`.execute(db);
  await sql`DROP TABLE IF EXISTS dispute_lines`.execute(db);
  await sql`DROP TABLE IF EXISTS dispute_evidence`.execute(db);
  await sql`DROP TABLE IF EXISTS disputes`.execute(db);
}
