/**
 * pnpm api:grant <username> — gives that account API access (Settings → API keys) without the
 * Enterprise plan (issue 20: "until then, any account with the admin's grant").
 */
import { sql } from "kysely";
import { withDatabase } from "./shared.ts";

const username = process.argv[2];
if (!username) {
  console.error("usage: pnpm api:grant <username>");
  process.exit(2);
}

await withDatabase(async ({ db }) => {
  const result = await sql<{ id: number }>`
    INSERT INTO api_access_grants (user_id)
    SELECT id FROM users WHERE lower(username) = lower(${username}) AND deleted_at IS NULL
    ON CONFLICT (user_id) DO UPDATE SET granted_at = api_access_grants.granted_at
    RETURNING user_id AS id`.execute(db);
  if (result.rows.length === 0) {
    console.error(`No user named "${username}".`);
    process.exitCode = 1;
    return;
  }
  console.log(`${username} now has API access (Settings → API).`);
});
