/**
 * Customers, deal registrations and sales (issue 43 part A, ADR 0062). Frozen in time.
 * - customers: one business's customers — its own list (`source = 'business'`, a house account
 *   when `house_account`: no commission, never registrable, part of the agreement's terms) and
 *   those agents registered through deals (`source = 'deal'`). Compared by `abn` (11 digits),
 *   `domain` (normalised host) and `normalised_name` with pg_trgm `similarity` (the extension is
 *   enabled here too; PGlite loads it, adapters/src/postgres/database.ts), trigram GIN index.
 * - deals: a registration under a partnership (the deal machine's status, `protected_until` a
 *   Sydney calendar date). The conflict check and insert run under a per-business advisory lock.
 * - deal_proofs: ≤ 3 proof files per deal in FileStorage (PDF/JPEG/PNG by magic bytes, ≤ 10 MB).
 * - sales: revenue under a partnership (ex-GST cents, bigint), the sale machine's status;
 *   `external_ref` unique per partnership (CSV and API retries record a sale once).
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
  `CREATE TABLE customers (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    business_profile_id integer NOT NULL REFERENCES business_profiles(id) ON DELETE CASCADE,
    name text NOT NULL CHECK (length(name) BETWEEN 2 AND 200),
    normalised_name text NOT NULL CHECK (length(normalised_name) >= 1),
    abn text CHECK (abn ~ '^[0-9]{11}$'),
    domain text,
    contact_name text,
    contact_email text,
    contact_phone text,
    house_account boolean NOT NULL DEFAULT false,
    source text NOT NULL CHECK (source IN ('business', 'deal')),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX customers_business_abn_idx ON customers (business_profile_id, abn) WHERE abn IS NOT NULL`,
  `CREATE INDEX customers_business_domain_idx ON customers (business_profile_id, domain) WHERE domain IS NOT NULL`,
  `CREATE INDEX customers_name_trgm_idx ON customers USING gin (normalised_name gin_trgm_ops)`,
  `CREATE TABLE deals (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    partnership_id integer NOT NULL REFERENCES partnerships(id) ON DELETE CASCADE,
    customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    state text NOT NULL CHECK (state IN ('submitted', 'approved', 'rejected', 'won', 'lost', 'expired')),
    estimated_value_cents bigint CHECK (estimated_value_cents >= 0),
    expected_close_date date,
    notes text NOT NULL DEFAULT '' CHECK (length(notes) <= 2000),
    protected_until date,
    rejection_reason text CHECK (rejection_reason IN ('already_customer', 'house_account', 'registered_by_another', 'other')),
    rejection_note text,
    expiry_notice_for date,
    submitted_at timestamptz NOT NULL DEFAULT now(),
    decided_at timestamptz,
    closed_at timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX deals_partnership_idx ON deals (partnership_id, submitted_at DESC)`,
  `CREATE INDEX deals_customer_idx ON deals (customer_id)`,
  `CREATE INDEX deals_protection_idx ON deals (protected_until) WHERE state = 'approved'`,
  `CREATE TABLE deal_proofs (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    deal_id integer NOT NULL REFERENCES deals(id) ON DELETE CASCADE,
    file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
    content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
    size integer NOT NULL CHECK (size BETWEEN 1 AND 10485760),
    storage_key text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX deal_proofs_deal_idx ON deal_proofs (deal_id)`,
  `CREATE TABLE sales (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    partnership_id integer NOT NULL REFERENCES partnerships(id) ON DELETE CASCADE,
    deal_id integer REFERENCES deals(id) ON DELETE SET NULL,
    customer_id integer REFERENCES customers(id) ON DELETE SET NULL,
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    sale_date date NOT NULL,
    kind text NOT NULL CHECK (kind IN ('one_off', 'recurring_monthly')),
    state text NOT NULL CHECK (state IN ('reported', 'confirmed', 'disputed', 'refunded')),
    reported_by text NOT NULL CHECK (reported_by IN ('business', 'agent', 'api')),
    source text NOT NULL CHECK (source IN ('form', 'csv', 'api')),
    external_ref text CHECK (length(external_ref) BETWEEN 1 AND 100),
    confirm_by timestamptz,
    confirm_notice_at timestamptz,
    dispute_note text,
    created_at timestamptz NOT NULL DEFAULT now(),
    confirmed_at timestamptz,
    refunded_amount_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_amount_cents >= 0 AND refunded_amount_cents <= amount_cents)
  )`,
  `CREATE UNIQUE INDEX sales_partnership_external_ref_idx ON sales (partnership_id, external_ref) WHERE external_ref IS NOT NULL`,
  `CREATE INDEX sales_partnership_idx ON sales (partnership_id, sale_date DESC, id DESC)`,
  `CREATE INDEX sales_confirm_by_idx ON sales (confirm_by) WHERE state = 'reported'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS sales`.execute(db);
  await sql`DROP TABLE IF EXISTS deal_proofs`.execute(db);
  await sql`DROP TABLE IF EXISTS deals`.execute(db);
  await sql`DROP TABLE IF EXISTS customers`.execute(db);
}
