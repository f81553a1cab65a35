/**
 * Content, media, contact and user moderation (issue 16, ADR 0012).
 * - content: `content` becomes jsonb (the editor's structured JSON; the public /help pages read
 *   {topic, summary, body} from it), type `help` joins the §3 list, `version` for optimistic
 *   locking (a save names the version it edited; a newer one answers 409), `updated_by`.
 * - media: the storage key of the original and of its thumbnail, image size, uploader kept.
 * - users.suspended_at: a suspended user cannot log in and has no active session.
 * - contact_messages: the contact form as received (and mailed to support).
 * - newsletter_subscriptions: double opt-in (confirmed_at set by the emailed link).
 */
import { type Kysely, sql } from "kysely";

const statements = [
  `ALTER TABLE content DROP CONSTRAINT IF EXISTS content_type_check`,
  `ALTER TABLE content ADD CONSTRAINT content_type_check
     CHECK (type IN ('about','careers','blog','press','guide','help'))`,
  `ALTER TABLE content ALTER COLUMN content DROP DEFAULT`,
  `ALTER TABLE content ALTER COLUMN content TYPE jsonb USING
     (CASE WHEN content IS NULL OR btrim(content) = '' THEN '{}' ELSE content END)::jsonb`,
  `ALTER TABLE content ALTER COLUMN content SET DEFAULT '{}'::jsonb`,
  `ALTER TABLE content
     ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
     ADD COLUMN updated_by integer REFERENCES users(id) ON DELETE SET NULL`,
  `CREATE INDEX content_published_type_idx ON content (type, featured DESC, published_at DESC) WHERE published`,
  `ALTER TABLE media
     ADD COLUMN storage_key text,
     ADD COLUMN thumbnail_key text,
     ADD COLUMN width integer,
     ADD COLUMN height integer`,
  `ALTER TABLE users ADD COLUMN suspended_at timestamptz`,
  `CREATE TABLE contact_messages (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    full_name text NOT NULL CHECK (length(full_name) BETWEEN 1 AND 200),
    email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
    subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 300),
    message text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
    user_id integer REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC)`,
  `CREATE TABLE newsletter_subscriptions (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email text NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
    token_hash text NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    created_at timestamptz NOT NULL DEFAULT now(),
    confirmed_at timestamptz
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS newsletter_subscriptions`.execute(db);
  await sql`DROP TABLE IF EXISTS contact_messages`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS suspended_at`.execute(db);
  await sql`ALTER TABLE media DROP COLUMN IF EXISTS storage_key, DROP COLUMN IF EXISTS thumbnail_key,
    DROP COLUMN IF EXISTS width, DROP COLUMN IF EXISTS height`.execute(db);
  await sql`DROP INDEX IF EXISTS content_published_type_idx`.execute(db);
  await sql`ALTER TABLE content DROP COLUMN IF EXISTS version, DROP COLUMN IF EXISTS updated_by`.execute(db);
  await sql`ALTER TABLE content ALTER COLUMN content DROP DEFAULT`.execute(db);
  await sql`ALTER TABLE content ALTER COLUMN content TYPE text USING content::text`.execute(db);
  await sql`ALTER TABLE content ALTER COLUMN content SET DEFAULT '{}'`.execute(db);
  await sql`DELETE FROM content WHERE type = 'help'`.execute(db);
  await sql`ALTER TABLE content DROP CONSTRAINT IF EXISTS content_type_check`.execute(db);
  await sql`ALTER TABLE content ADD CONSTRAINT content_type_check
    CHECK (type IN ('about','careers','blog','press','guide'))`.execute(db);
}
