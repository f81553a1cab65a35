/**
 * Insights, part 2 (issue 18, ADR 0026). Frozen in time.
 * - notifications.kind gains the dispute steps (opened, responded, in mediation, proposal,
 *   resolved) and the agreement steps (proposed, countered, signed).
 * - insights_daily: the daily roll-up of /analytics (ADR 0026). Per business, agent and Sydney
 *   day: invoices paid that day (amount, count, paid on or before the due date, seconds from
 *   invoice to payment) and invoices raised that day. Rebuilt by the `insights-rollup` scheduled
 *   job for every day before `insights_rollup_state.rolled_through` + 1; later days (today) are
 *   read live, and refunds are always read live, so the figures stay exact.
 * - payments_business_refunded_idx, invoices_business_unpaid_idx: the few refunded payments and
 *   unpaid invoices of a business, read live.
 */
import { type Kysely, sql } from "kysely";

const oldKinds = [
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
];
const newKinds = [
  "dispute_opened",
  "dispute_responded",
  "dispute_in_mediation",
  "dispute_proposal",
  "dispute_resolved",
  "agreement_proposed",
  "agreement_countered",
  "agreement_signed",
];
const kindCheck = (kinds: readonly string[]) =>
  `ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (${kinds
    .map((k) => `'${k}'`)
    .join(", ")}))`;

const statements = [
  `ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_kind_check`,
  kindCheck([...oldKinds, ...newKinds]),
  `CREATE TABLE insights_daily (
    business_id integer NOT NULL REFERENCES business_profiles(id) ON DELETE CASCADE,
    agent_id integer NOT NULL REFERENCES agent_profiles(id) ON DELETE CASCADE,
    day date NOT NULL,
    paid_cents bigint NOT NULL DEFAULT 0,
    paid_count integer NOT NULL DEFAULT 0,
    on_time_count integer NOT NULL DEFAULT 0,
    pay_seconds double precision NOT NULL DEFAULT 0,
    raised_count integer NOT NULL DEFAULT 0,
    PRIMARY KEY (business_id, day, agent_id)
  )`,
  `CREATE TABLE insights_rollup_state (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    rolled_through date NOT NULL,
    refreshed_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX payments_business_refunded_idx ON payments (business_id) WHERE refunded_cents > 0`,
  `CREATE INDEX invoices_business_unpaid_idx ON invoices (business_id, due_date) WHERE NOT is_paid`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `DROP INDEX IF EXISTS invoices_business_unpaid_idx`,
    `DROP INDEX IF EXISTS payments_business_refunded_idx`,
    `DROP TABLE IF EXISTS insights_rollup_state`,
    `DROP TABLE IF EXISTS insights_daily`,
    `DELETE FROM notifications WHERE kind IN (${newKinds.map((k) => `'${k}'`).join(", ")})`,
    `ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_kind_check`,
    kindCheck(oldKinds),
  ])
    await sql.raw(statement).execute(db);
}
