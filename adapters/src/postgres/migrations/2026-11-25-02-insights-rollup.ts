/**
 * Insights, part 2 (issue 18, ADR 0026). Frozen in time.
 * - notifications.kind gains the dispute steps (opened, responded, in mediation, proposal,
 *   resolved) and the agreement steps (proposed, countered, signed).
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
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `DELETE FROM notifications WHERE kind IN (${newKinds.map((k) => `'${k}'`).join(", ")})`,
    `ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_kind_check`,
    kindCheck(oldKinds),
  ])
    await sql.raw(statement).execute(db);
}
