/**
 * Opens the configured database for a one-off command, migrates it, runs `task`, closes it. On
 * PostgreSQL the command starts pg-boss without workers (ADR 0057), so the jobs it causes (e.g.
 * a seeded account's verification email) are queued where the API processes run them.
 */

import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startPgBossQueue } from "@closr/adapters/jobs";
import type { Db } from "@closr/adapters/postgres";
import { migrateToLatest, openDatabase } from "@closr/adapters/postgres";
import { loadConfig } from "../config.ts";
import { type AppRuntime, makeAppLayer, makeRuntime } from "../runtime.ts";

export async function withDatabase(task: (ctx: { db: Db; runtime: AppRuntime }) => Promise<void>) {
  const repoRoot = resolve(fileURLToPath(import.meta.url), "../../../../..");
  const config = loadConfig(process.env, repoRoot);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const runtime = makeRuntime(makeAppLayer(database.db));
  let pgboss: Awaited<ReturnType<typeof startPgBossQueue>> | undefined;
  try {
    await migrateToLatest(database.db);
    if (database.kind === "postgres") pgboss = await startPgBossQueue(database.db);
    await task({ db: database.db, runtime });
  } finally {
    await pgboss?.stop();
    await runtime.dispose();
    await database.close();
  }
}
