/**
 * The commission ledger (issue 43 part B, ADR 0063). `commission_sales`: the ledger's record of each
 * confirmed sale (the deal context's `sale` id, amount ex-GST in cents, date, kind, the agreement
 * version whose terms it earns under, refunds clawed back so far). `commission_lines`: one row per
 * line, signed cents (clawbacks < 0), earned → payable → invoiced → paid with the day of each
 * step. `sale_id` has no foreign key yet: the `sale` table is part A's (the lead adds the key at
 * merge). `business_profiles.gst_registered`: the RCTI rule needs both parties' GST registration.
 * Frozen in time.
 */
import { type Kysely, sql } from "kysely";

/** The statements of a script, one by one (PGlite's extended protocol takes one per query). */
const statements = (script: string): string[] =>
  script
    .split(";")
    .map((statement) => statement.trim().replace(/;$/, ""))
    .filter(Boolean);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements(`CREATE TABLE commission_sales (
         partnership_id integer NOT NULL REFERENCES partnerships(id) ON DELETE CASCADE,
         sale_id bigint NOT NULL,
         amount_cents bigint NOT NULL CHECK (amount_cents > 0),
         sale_date date NOT NULL,
         kind text NOT NULL CHECK (kind IN ('one_off', 'recurring_monthly')),
         agreement_version integer NOT NULL,
         refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents),
         recorded_at timestamptz NOT NULL DEFAULT now(),
         PRIMARY KEY (partnership_id, sale_id)
       );
       CREATE INDEX commission_sales_period ON commission_sales (partnership_id, agreement_version, sale_date);
       CREATE TABLE commission_lines (
         id serial PRIMARY KEY,
         partnership_id integer NOT NULL REFERENCES partnerships(id) ON DELETE CASCADE,
         sale_id bigint NOT NULL,
         agreement_version integer NOT NULL,
         model text NOT NULL CHECK (model IN ('straight', 'base_plus', 'tiered', 'residual')),
         kind text NOT NULL CHECK (kind IN ('commission', 'base', 'clawback')),
         amount_cents bigint NOT NULL CHECK ((kind = 'clawback') = (amount_cents < 0)),
         earned_on date NOT NULL,
         payable_on date NOT NULL,
         state text NOT NULL CHECK (state IN ('earned', 'payable', 'invoiced', 'paid')),
         invoice_id integer REFERENCES invoices(id),
         invoiced_on date,
         paid_on date,
         reason text,
         created_at timestamptz NOT NULL DEFAULT now(),
         CHECK ((state IN ('invoiced', 'paid')) = (invoice_id IS NOT NULL AND invoiced_on IS NOT NULL)),
         CHECK ((state = 'paid') = (paid_on IS NOT NULL))
       );
       CREATE INDEX commission_lines_by_partnership ON commission_lines (partnership_id, earned_on DESC, id DESC);
       CREATE INDEX commission_lines_due ON commission_lines (payable_on) WHERE state = 'earned';
       CREATE INDEX commission_lines_by_invoice ON commission_lines (invoice_id) WHERE invoice_id IS NOT NULL;
       ALTER TABLE business_profiles ADD COLUMN gst_registered boolean NOT NULL DEFAULT false;`))
    await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements(`DROP TABLE IF EXISTS commission_lines; DROP TABLE IF EXISTS commission_sales;
       ALTER TABLE business_profiles DROP COLUMN IF EXISTS gst_registered;`))
    await sql.raw(statement).execute(db);
}
