/**
 * Initial schema: every entity of spec §3, with real constraints. Frozen in time: never edit
 * a migration that has shipped; add a new one.
 * - Enumerations are CHECK constraints (the spec's lists, §3 and §9).
 * - Money is integer cents (bigint) in AUD (ARCHITECTURE.md).
 * - Uniqueness: email (stored lower-case), username case-insensitively, profile per user,
 *   content slug, onboarding per user, one pending/active partnership per pair,
 *   one default payment method per user, one completed payment per invoice.
 * - session replaces the spec's (sid, sess, expire): only a SHA-256 token hash is stored.
 */
import { type Kysely, sql } from "kysely";

const LOCATIONS = "('sydney','melbourne','brisbane','perth','remote','other')";

const statements = [
  `CREATE TABLE users (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
    username text NOT NULL CHECK (length(username) BETWEEN 3 AND 30),
    password_hash text NOT NULL,
    user_type text NOT NULL CHECK (user_type IN ('business','agent')),
    verification_status text NOT NULL DEFAULT 'unverified' CHECK (verification_status IN ('unverified','pending','verified')),
    role text NOT NULL DEFAULT 'member' CHECK (role IN ('member','admin')),
    reset_token_hash text,
    reset_token_expiry timestamptz,
    email_verification_token_hash text,
    email_verified boolean NOT NULL DEFAULT false,
    stripe_customer_id text,
    stripe_subscription_id text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX users_email_key ON users (email)`,
  `CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username))`,
  `CREATE UNIQUE INDEX users_reset_token_hash_key ON users (reset_token_hash) WHERE reset_token_hash IS NOT NULL`,
  `CREATE UNIQUE INDEX users_stripe_customer_id_key ON users (stripe_customer_id) WHERE stripe_customer_id IS NOT NULL`,

  `CREATE TABLE session (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token_hash text NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    renewed_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX session_user_id_idx ON session (user_id)`,
  `CREATE INDEX session_expires_at_idx ON session (expires_at)`,

  `CREATE TABLE business_profiles (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
    company_name text NOT NULL CHECK (length(company_name) BETWEEN 2 AND 200),
    industry text NOT NULL DEFAULT 'technology' CHECK (industry IN ('technology','finance','healthcare','retail','manufacturing','other')),
    size text NOT NULL DEFAULT 'small' CHECK (size IN ('startup','small','medium','enterprise')),
    description text CHECK (length(description) <= 5000),
    location text NOT NULL DEFAULT 'sydney' CHECK (location IN ${LOCATIONS}),
    logo text,
    website text,
    contact_email text,
    contact_phone text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX business_profiles_industry_idx ON business_profiles (industry)`,
  `CREATE INDEX business_profiles_location_idx ON business_profiles (location)`,
  `CREATE INDEX business_profiles_size_idx ON business_profiles (size)`,

  `CREATE TABLE agent_profiles (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
    full_name text NOT NULL CHECK (length(full_name) BETWEEN 2 AND 200),
    specialization text NOT NULL CHECK (length(specialization) BETWEEN 2 AND 200),
    years_of_experience integer NOT NULL CHECK (years_of_experience BETWEEN 0 AND 80),
    bio text CHECK (length(bio) <= 5000),
    location text NOT NULL DEFAULT 'sydney' CHECK (location IN ${LOCATIONS}),
    photo text,
    linkedin_profile text,
    minimum_commission_rate integer NOT NULL DEFAULT 10 CHECK (minimum_commission_rate BETWEEN 0 AND 100),
    skills text[] NOT NULL DEFAULT '{}' CHECK (cardinality(skills) <= 10),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX agent_profiles_location_idx ON agent_profiles (location)`,
  `CREATE INDEX agent_profiles_specialization_idx ON agent_profiles (specialization)`,
  `CREATE INDEX agent_profiles_years_idx ON agent_profiles (years_of_experience)`,
  `CREATE INDEX agent_profiles_commission_idx ON agent_profiles (minimum_commission_rate)`,
  `CREATE INDEX agent_profiles_skills_idx ON agent_profiles USING gin (skills)`,

  `CREATE TABLE partnerships (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    business_id integer NOT NULL REFERENCES business_profiles(id) ON DELETE CASCADE,
    agent_id integer NOT NULL REFERENCES agent_profiles(id) ON DELETE CASCADE,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','active','rejected','withdrawn','terminated')),
    requested_by text NOT NULL CHECK (requested_by IN ('business','agent')),
    commission_rate numeric(5,2) NOT NULL DEFAULT 10 CHECK (commission_rate BETWEEN 0 AND 100),
    start_date timestamptz,
    end_date timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (status <> 'active' OR start_date IS NOT NULL),
    CHECK (status <> 'terminated' OR end_date IS NOT NULL)
  )`,
  `CREATE UNIQUE INDEX partnerships_open_pair_key ON partnerships (business_id, agent_id) WHERE status IN ('pending','active')`,
  `CREATE INDEX partnerships_business_status_idx ON partnerships (business_id, status)`,
  `CREATE INDEX partnerships_agent_status_idx ON partnerships (agent_id, status)`,

  `CREATE TABLE reviews (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    reviewer_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    reviewee_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    partnership_id integer REFERENCES partnerships(id) ON DELETE SET NULL,
    rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
    comment text CHECK (length(comment) <= 5000),
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (reviewer_id <> reviewee_id)
  )`,
  `CREATE INDEX reviews_reviewee_idx ON reviews (reviewee_id)`,
  `CREATE INDEX reviews_reviewer_idx ON reviews (reviewer_id)`,

  `CREATE TABLE messages (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    sender_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    receiver_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    content text NOT NULL CHECK (length(btrim(content)) >= 1 AND length(content) <= 5000),
    read boolean NOT NULL DEFAULT false,
    sent_at timestamptz NOT NULL DEFAULT now(),
    CHECK (sender_id <> receiver_id)
  )`,
  `CREATE INDEX messages_pair_idx ON messages (least(sender_id, receiver_id), greatest(sender_id, receiver_id), id)`,
  `CREATE INDEX messages_receiver_unread_idx ON messages (receiver_id, sender_id) WHERE NOT read`,

  `CREATE TABLE payment_methods (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    type text NOT NULL CHECK (type IN ('credit_card','bank_transfer','paypal')),
    name text NOT NULL CHECK (length(name) BETWEEN 3 AND 100),
    last_four char(4) NOT NULL CHECK (last_four ~ '^[0-9]{4}$'),
    expiry_month integer CHECK (expiry_month BETWEEN 1 AND 12),
    expiry_year integer CHECK (expiry_year BETWEEN 2000 AND 2100),
    is_default boolean NOT NULL DEFAULT false,
    tokenized_data text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX payment_methods_user_idx ON payment_methods (user_id)`,
  `CREATE UNIQUE INDEX payment_methods_one_default_key ON payment_methods (user_id) WHERE is_default`,

  `CREATE TABLE invoices (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    partnership_id integer NOT NULL REFERENCES partnerships(id) ON DELETE RESTRICT,
    business_id integer NOT NULL REFERENCES business_profiles(id) ON DELETE RESTRICT,
    agent_id integer NOT NULL REFERENCES agent_profiles(id) ON DELETE RESTRICT,
    amount_cents bigint NOT NULL CHECK (amount_cents >= 1),
    currency char(3) NOT NULL DEFAULT 'AUD' CHECK (currency = 'AUD'),
    description text NOT NULL CHECK (length(description) BETWEEN 3 AND 5000),
    due_date date NOT NULL,
    is_paid boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    paid_at timestamptz,
    metadata jsonb,
    CHECK (is_paid = (paid_at IS NOT NULL))
  )`,
  `CREATE INDEX invoices_business_idx ON invoices (business_id, created_at DESC)`,
  `CREATE INDEX invoices_agent_idx ON invoices (agent_id, created_at DESC)`,
  `CREATE INDEX invoices_partnership_idx ON invoices (partnership_id)`,

  `CREATE TABLE payments (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    invoice_id integer NOT NULL REFERENCES invoices(id) ON DELETE RESTRICT,
    business_id integer NOT NULL REFERENCES business_profiles(id) ON DELETE RESTRICT,
    agent_id integer NOT NULL REFERENCES agent_profiles(id) ON DELETE RESTRICT,
    amount_cents bigint NOT NULL CHECK (amount_cents >= 1),
    currency char(3) NOT NULL DEFAULT 'AUD' CHECK (currency = 'AUD'),
    payment_method_id integer REFERENCES payment_methods(id) ON DELETE SET NULL,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','processing','completed','failed','refunded')),
    transaction_id text,
    payment_intent_id text UNIQUE,
    processing_fee_cents bigint NOT NULL DEFAULT 0 CHECK (processing_fee_cents >= 0),
    receipt_url text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    metadata jsonb
  )`,
  `CREATE INDEX payments_invoice_idx ON payments (invoice_id)`,
  `CREATE INDEX payments_business_idx ON payments (business_id, created_at DESC)`,
  `CREATE INDEX payments_agent_idx ON payments (agent_id, created_at DESC)`,
  `CREATE UNIQUE INDEX payments_one_completed_per_invoice_key ON payments (invoice_id) WHERE status = 'completed'`,

  `CREATE TABLE content (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
    slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    type text NOT NULL CHECK (type IN ('about','careers','blog','press','guide')),
    content text NOT NULL DEFAULT '{}',
    author_id integer REFERENCES users(id) ON DELETE SET NULL,
    published boolean NOT NULL DEFAULT true,
    featured boolean NOT NULL DEFAULT false,
    published_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    metadata jsonb
  )`,
  `CREATE INDEX content_type_idx ON content (type, published, created_at DESC)`,

  `CREATE TABLE media (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    filename text NOT NULL UNIQUE,
    original_filename text NOT NULL,
    mime_type text NOT NULL,
    size integer NOT NULL CHECK (size >= 0),
    url text NOT NULL,
    uploader_id integer REFERENCES users(id) ON DELETE SET NULL,
    alt text,
    created_at timestamptz NOT NULL DEFAULT now(),
    metadata jsonb
  )`,
  `CREATE INDEX media_uploader_idx ON media (uploader_id)`,

  `CREATE TABLE onboarding (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
    status text NOT NULL DEFAULT 'not_started' CHECK (status IN ('not_started','in_progress','completed')),
    current_step integer NOT NULL DEFAULT 0 CHECK (current_step >= 0),
    total_steps integer NOT NULL DEFAULT 0 CHECK (total_steps BETWEEN 0 AND 50),
    completed_steps integer[] NOT NULL DEFAULT '{}',
    last_updated timestamptz NOT NULL DEFAULT now(),
    completed_at timestamptz,
    metadata jsonb
  )`,

  `CREATE TABLE verification_requests (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    user_type text NOT NULL CHECK (user_type IN ('business','agent')),
    status text NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted','under_review','approved','rejected')),
    documents jsonb NOT NULL,
    additional_info jsonb,
    admin_notes text,
    submitted_at timestamptz NOT NULL DEFAULT now(),
    reviewed_at timestamptz,
    reviewed_by integer REFERENCES users(id) ON DELETE SET NULL
  )`,
  `CREATE INDEX verification_requests_user_idx ON verification_requests (user_id, submitted_at DESC)`,
  `CREATE INDEX verification_requests_status_idx ON verification_requests (status, submitted_at)`,
];

const tables = [
  "verification_requests",
  "onboarding",
  "media",
  "content",
  "payments",
  "invoices",
  "payment_methods",
  "messages",
  "reviews",
  "partnerships",
  "agent_profiles",
  "business_profiles",
  "session",
  "users",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}
