/** pnpm db:migrate — runs pending migrations on DATABASE_URL or the embedded database. */
import { migrateToLatest } from "@closr/adapters/postgres";
import { withDatabase } from "./shared.ts";

await withDatabase(async ({ db }) => {
  const result = await migrateToLatest(db);
  const ran = result.results ?? [];
  console.log(ran.length ? ran.map((r) => `migrated: ${r.migrationName}`).join("\n") : "already up to date");
});
