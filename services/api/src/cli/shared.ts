/** Opens the configured database for a one-off command, runs `task`, closes it. */

import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "@closr/adapters/postgres";
import { migrateToLatest, openDatabase } from "@closr/adapters/postgres";
import { loadConfig } from "../config.ts";
import { type AppRuntime, makeAppLayer, makeRuntime } from "../runtime.ts";

export async function withDatabase(task: (ctx: { db: Db; runtime: AppRuntime }) => Promise<void>) {
  const repoRoot = resolve(fileURLToPath(import.meta.url), "../../../../..");
  const config = loadConfig(process.env, repoRoot);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const runtime = makeRuntime(makeAppLayer(database.db));
  try {
    await migrateToLatest(database.db);
    await task({ db: database.db, runtime });
  } finally {
    await runtime.dispose();
    await database.close();
  }
}
