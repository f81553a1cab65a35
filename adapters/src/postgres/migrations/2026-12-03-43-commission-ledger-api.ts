/**
 * The commission ledger over HTTP (issue 43 part B, ADR 0063). Frozen in time.
 * - `commission_sales.sale_id` and `commission_lines.sale_id` become `integer`, the type of
 *   `sales.id` (part A), and `commission_sales.sale_id` references `sales(id)`: the ledger records
 *   only sales the deal context holds.
 * - `commission_sales.refunds_seen_cents`: the refunds of the sale the ledger has been told of (in
 *   the window or not), so a `sale.refunded` delivered twice is recognised against the sale's
 *   refunded total (`sales.refunded_amount_cents`) and claws back once.
 * - `commission_invoices`: which invoice took a partnership's payable lines and how it was issued
 *   (`rcti`: a recipient-created tax invoice issued by the business, ATO LI 2023/20; `agent`: the
 *   agent's own invoice), by whom and when.
 * - `commission_statements_issued`: a partnership's monthly statement (`yyyy-MM`) issued once
 *   (the `statement.issued` webhook).
 * - an index for the ledger list filtered by state.
 * One statement per query (PGlite).
 */
import { type Kysely, sql } from "kysely";

const up_ = [
  `ALTER TABLE commission_sales ALTER COLUMN sale_id TYPE integer`,
  `ALTER TABLE commission_lines ALTER COLUMN sale_id TYPE integer`,
  `ALTER TABLE commission_sales ADD CONSTRAINT commission_sales_sale_id_fkey FOREIGN KEY (sale_id) REFERENCES sales(id)`,
  `CREATE INDEX commission_sales_sale_idx ON commission_sales (sale_id)`,
  // The ledger list filtered by state (bench:ledger): its page and count from the index.
  `CREATE INDEX commission_lines_by_partnership_state ON commission_lines (partnership_id, state, earned_on DESC, id DESC)`,
  `ALTER TABLE commission_sales ADD COLUMN refunds_seen_cents bigint NOT NULL DEFAULT 0 CHECK (refunds_seen_cents >= 0)`,
  `CREATE TABLE commission_invoices (
    invoice_id integer PRIMARY KEY REFERENCES invoices(id) ON DELETE CASCADE,
    partnership_id integer NOT NULL REFERENCES partnerships(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('rcti', 'agent')),
    issued_by integer NOT NULL REFERENCES users(id),
    issued_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX commission_invoices_partnership_idx ON commission_invoices (partnership_id)`,
  `CREATE TABLE commission_statements_issued (
    partnership_id integer NOT NULL REFERENCES partnerships(id) ON DELETE CASCADE,
    month text NOT NULL CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
    issued_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (partnership_id, month)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of up_) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `DROP TABLE IF EXISTS commission_statements_issued`,
    `DROP TABLE IF EXISTS commission_invoices`,
    `ALTER TABLE commission_sales DROP COLUMN IF EXISTS refunds_seen_cents`,
    `DROP INDEX IF EXISTS commission_lines_by_partnership_state`,
    `DROP INDEX IF EXISTS commission_sales_sale_idx`,
    `ALTER TABLE commission_sales DROP CONSTRAINT IF EXISTS commission_sales_sale_id_fkey`,
    `ALTER TABLE commission_lines ALTER COLUMN sale_id TYPE bigint`,
    `ALTER TABLE commission_sales ALTER COLUMN sale_id TYPE bigint`,
  ])
    await sql.raw(statement).execute(db);
}
