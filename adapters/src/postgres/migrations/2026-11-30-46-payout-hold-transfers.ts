/**
 * A card dispute's payout hold at the gateway (ADR 0049). Frozen in time.
 * - payout_holds.transfer_reversal_cents: the agent's share of the disputed amount, taken back from
 *   the connected account while the dispute is open (0: nothing to take back).
 * - payout_holds.transfer_reversal: the gateway's transfer reversal id (`trr_…`), 'none' when the
 *   charge made no transfer; null: not done yet.
 * - payout_holds.retransfer: the new transfer (`tr_…`) paying a won dispute's held share out
 *   again, or 'none'; null: not done yet.
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `ALTER TABLE payout_holds ADD COLUMN transfer_reversal_cents bigint NOT NULL DEFAULT 0
     CHECK (transfer_reversal_cents >= 0)`,
  `ALTER TABLE payout_holds ADD COLUMN transfer_reversal text CHECK (length(transfer_reversal) BETWEEN 1 AND 255)`,
  `ALTER TABLE payout_holds ADD COLUMN retransfer text CHECK (length(retransfer) BETWEEN 1 AND 255)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["retransfer", "transfer_reversal", "transfer_reversal_cents"])
    await sql.raw(`ALTER TABLE payout_holds DROP COLUMN IF EXISTS ${column}`).execute(db);
}
