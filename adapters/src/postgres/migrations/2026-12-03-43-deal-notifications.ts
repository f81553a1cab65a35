/**
 * Deal and sale notices (issue 43 part A, ADR 0062). Frozen in time.
 * - notifications.kind gains deal_updated (a registration's step, to the party that did not take
 *   it), deal_expiring (protection ends within 7 days, to both), sale_updated (an agent-reported
 *   sale reported, answered or confirmed by its window; a refund) and sale_confirming (48 hours
 *   before an unanswered sale counts as confirmed, to both).
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
  "deal_updated",
  "deal_expiring",
  "sale_updated",
  "sale_confirming",
];

const previous = kinds.slice(0, -4);

const checkOf = (list: readonly string[]) =>
  `ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (${list.map((k) => `'${k}'`).join(", ")}))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_kind_check`).execute(db);
  await sql.raw(checkOf(kinds)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DELETE FROM notifications WHERE kind IN ('deal_updated', 'deal_expiring', 'sale_updated', 'sale_confirming')`,
    )
    .execute(db);
  await sql.raw(`ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_kind_check`).execute(db);
  await sql.raw(checkOf(previous)).execute(db);
}
