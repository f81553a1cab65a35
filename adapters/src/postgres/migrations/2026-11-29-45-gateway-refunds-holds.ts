/**
 * Gateway refunds and card disputes (ADR 0041). Frozen in time.
 * - payout_refunds.reversed_at: a refund the gateway reported failed or canceled after we recorded
 *   it; its amount is taken off the payment again and it no longer counts (earnings, credit notes).
 * - payout_refunds_gateway_refund_idx: one live row per gateway refund id (`re_…`, or the `dp_…` of a
 *   lost card dispute), so a refund is recorded once even if two paths race.
 * - gateway_refund_failures: refund ids the gateway reported failed or canceled (terminal), so a
 *   late `pending`/`succeeded` for one of them changes nothing.
 * - payout_holds: the agent's payout of a payment held while a card dispute is open; released
 *   (won) or reversed (lost, with the refund row it produced).
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `ALTER TABLE payout_refunds ADD COLUMN reversed_at timestamptz`,
  `CREATE UNIQUE INDEX payout_refunds_gateway_refund_idx ON payout_refunds (gateway_refund_id)
     WHERE gateway_refund_id IS NOT NULL`,
  `CREATE TABLE gateway_refund_failures (
    refund_id text PRIMARY KEY CHECK (length(refund_id) BETWEEN 1 AND 255),
    payment_id integer NOT NULL REFERENCES payments(id) ON DELETE RESTRICT,
    status text NOT NULL CHECK (status IN ('failed', 'canceled')),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE payout_holds (
    dispute_id text PRIMARY KEY CHECK (length(dispute_id) BETWEEN 1 AND 255),
    payment_id integer NOT NULL REFERENCES payments(id) ON DELETE RESTRICT,
    amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
    status text NOT NULL CHECK (status IN ('held', 'released', 'reversed')),
    opened_at timestamptz NOT NULL DEFAULT now(),
    closed_at timestamptz CHECK ((status = 'held') = (closed_at IS NULL))
  )`,
  `CREATE INDEX payout_holds_payment_idx ON payout_holds (payment_id)`,
  `CREATE INDEX gateway_refund_failures_payment_idx ON gateway_refund_failures (payment_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    "DROP TABLE IF EXISTS payout_holds",
    "DROP TABLE IF EXISTS gateway_refund_failures",
    "DROP INDEX IF EXISTS payout_refunds_gateway_refund_idx",
    "ALTER TABLE payout_refunds DROP COLUMN IF EXISTS reversed_at",
  ])
    await sql.raw(statement).execute(db);
}
