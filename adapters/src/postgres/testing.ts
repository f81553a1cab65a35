/**
 * A fresh, migrated database for one test file (docs/architecture.md, Tests):
 * `TEST_DATABASE_URL` set → a new database copied on that server from a migrated template and
 * dropped afterwards; else a Docker engine answers → a PostgreSQL container (Testcontainers);
 * else → an in-memory PGlite.
 */

import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "./database.ts";

const migrationsDir = join(fileURLToPath(new URL(".", import.meta.url)), "migrations");

/**
 * The template database's name for this tree's migrations: `closr_tpl_` and the first 16 hex
 * digits of the SHA-256 of every migration file (name and content), so a changed or added
 * migration makes a new template and a stale one is never copied.
 */
export function templateDatabaseName(dir: string = migrationsDir): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".ts"))
    .sort()) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(join(dir, file)))
      .update("\0");
  }
  return `closr_tpl_${hash.digest("hex").slice(0, 16)}`;
}

/**
 * Makes sure the migrated template exists on the server behind `admin`, building it once under
 * an advisory lock (parallel test processes wait for the first one instead of each migrating:
 * a migration run takes ~3 s, a copy ~0.2 s). Templates of other migration sets are dropped.
 */
async function ensureTemplate(admin: postgres.Sql, adminUrl: string, template: string): Promise<void> {
  const exists = async () => (await admin`select 1 from pg_database where datname = ${template}`).length > 0;
  if (await exists()) return;
  await admin`select pg_advisory_lock(hashtext('closr test template'))`;
  try {
    if (await exists()) return;
    const building = `${template}_building_${process.pid}`;
    await admin.unsafe(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const handle = await openDatabase({ url: url.toString(), maxConnections: 2 });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    await admin.unsafe(`ALTER DATABASE ${building} RENAME TO ${template}`);
    const stale = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like 'closr\_tpl\_%' and datname <> ${template}`;
    for (const { datname } of stale) await admin.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await admin`select pg_advisory_unlock(hashtext('closr test template'))`;
  }
}

export interface TestDatabase extends DatabaseHandle {
  /** The connection URL (postgres kinds only); lets a test start a second process on the same data. */
  readonly url: string | undefined;
  /** Closes and removes the database. */
  readonly dispose: () => Promise<void>;
}

const dockerAnswers = () => Boolean(process.env.DOCKER_HOST) || existsSync("/var/run/docker.sock");

/** Creates and migrates a database as described in the module doc. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `closr_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    const template = templateDatabaseName();
    // Another tree's tests on the same server (a worktree, a CI clone) drop templates of other
    // migration sets: a template gone between the check and the copy (3D000) is built again.
    for (let attempt = 1; ; attempt++) {
      await ensureTemplate(admin, adminUrl, template);
      try {
        await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== "3D000" || attempt >= 3) throw error;
      }
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString(), maxConnections: 25 });
    // A no-op on the copy; kept so a template built by older code can never hide a migration.
    await migrateToLatest(handle.db);
    return {
      ...handle,
      url: url.toString(),
      dispose: async () => {
        await handle.close();
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  if (dockerAnswers()) {
    try {
      const { PostgreSqlContainer } = await import("@testcontainers/postgresql");
      const container = await new PostgreSqlContainer("postgres:16-alpine").start();
      const url = container.getConnectionUri();
      const handle = await openDatabase({ url, maxConnections: 25 });
      await migrateToLatest(handle.db);
      return {
        ...handle,
        url,
        dispose: async () => {
          await handle.close();
          await container.stop();
        },
      };
    } catch {
      // No working container runtime after all: fall through to PGlite.
    }
  }
  const handle = await openDatabase({ dataDir: "memory://" });
  await migrateToLatest(handle.db);
  return { ...handle, url: undefined, dispose: handle.close };
}
