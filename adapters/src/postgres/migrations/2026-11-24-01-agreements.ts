/**
 * Commission agreements (issue 17, ADR 0017). Frozen in time.
 * - agreements: one per partnership; its stage (draft, proposed, signed, ended) and the working
 *   draft's terms (jsonb, core's AgreementTerms) while the stage is draft.
 * - agreement_versions: each proposal, immutable once written except for its status; the
 *   rendered document (jsonb) and the SHA-256 of its canonical text.
 * - agreement_signatures: one per party per version — who, when, client address, user agent and
 *   the document SHA-256 they accepted.
 * - agreement_templates: an Enterprise business's own template (spec §9 custom contract templates).
 * - invoices gain the sale value the commission was computed from, the agreement version it was
 *   raised under and the agent's reason when the invoice is above the computed commission.
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `CREATE TABLE agreements (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    partnership_id integer NOT NULL UNIQUE REFERENCES partnerships(id) ON DELETE CASCADE,
    stage text NOT NULL DEFAULT 'draft' CHECK (stage IN ('draft', 'proposed', 'signed', 'ended')),
    draft_terms jsonb,
    draft_edited_by text CHECK (draft_edited_by IN ('business', 'agent')),
    draft_updated_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE agreement_versions (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    agreement_id integer NOT NULL REFERENCES agreements(id) ON DELETE CASCADE,
    number integer NOT NULL CHECK (number >= 1),
    terms jsonb NOT NULL,
    proposed_by text NOT NULL CHECK (proposed_by IN ('business', 'agent')),
    proposed_by_user integer NOT NULL REFERENCES users(id),
    proposed_at timestamptz NOT NULL DEFAULT now(),
    status text NOT NULL DEFAULT 'proposed'
      CHECK (status IN ('proposed', 'countered', 'signed', 'superseded', 'ended', 'withdrawn')),
    document jsonb NOT NULL,
    document_sha256 text NOT NULL CHECK (document_sha256 ~ '^[0-9a-f]{64}$'),
    signed_at timestamptz,
    UNIQUE (agreement_id, number)
  )`,
  `CREATE UNIQUE INDEX agreement_versions_one_in_force ON agreement_versions (agreement_id) WHERE status = 'signed'`,
  `CREATE TABLE agreement_signatures (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    version_id integer NOT NULL REFERENCES agreement_versions(id) ON DELETE CASCADE,
    party text NOT NULL CHECK (party IN ('business', 'agent')),
    user_id integer NOT NULL REFERENCES users(id),
    signer_name text NOT NULL,
    signed_at timestamptz NOT NULL,
    ip_address text NOT NULL,
    user_agent text NOT NULL,
    document_sha256 text NOT NULL CHECK (document_sha256 ~ '^[0-9a-f]{64}$'),
    UNIQUE (version_id, party)
  )`,
  `CREATE TABLE agreement_templates (
    business_id integer PRIMARY KEY REFERENCES business_profiles(id) ON DELETE CASCADE,
    template jsonb NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `ALTER TABLE invoices
    ADD COLUMN sale_amount_cents bigint CHECK (sale_amount_cents >= 0),
    ADD COLUMN agreement_version_id integer REFERENCES agreement_versions(id),
    ADD COLUMN above_commission_reason text`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE invoices DROP COLUMN IF EXISTS above_commission_reason, DROP COLUMN IF EXISTS agreement_version_id, DROP COLUMN IF EXISTS sale_amount_cents`.execute(
    db,
  );
  for (const table of ["agreement_templates", "agreement_signatures", "agreement_versions", "agreements"])
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
}
