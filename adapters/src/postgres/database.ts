/**
 * Opens the database: PostgreSQL over postgres.js when a URL is given, otherwise an embedded,
 * in-process PGlite kept under `dataDir` (or in memory when `dataDir` is "memory://").
 * Either way callers get the same `Kysely<Database>` with camelCase names.
 */
import { mkdirSync } from "node:fs";
import { CamelCasePlugin, Kysely, type MigrationResultSet, Migrator, sql } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import { PostgresJSDialect } from "kysely-postgres-js";
import postgres from "postgres";
import { migrations } from "./migrations/index.ts";
import { registerListen } from "./notifications.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  readonly db: Db;
  readonly kind: "postgres" | "pglite";
  /** Closes every connection. */
  readonly close: () => Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; when absent, PGlite is used. */
  readonly url?: string | undefined;
  /** PGlite data directory (default `.data/pglite`); "memory://" keeps it in memory. */
  readonly dataDir?: string | undefined;
  /** Pool size for postgres.js (default 10). */
  readonly maxConnections?: number | undefined;
  /** DATABASE_READ_URL: a read replica that search queries use (`readerOf`); postgres only. */
  readonly readUrl?: string | undefined;
}

const readers = new WeakMap<Db, Db>();

/**
 * The database search queries should read from: the replica opened with `readUrl`, else `db`
 * itself. A replica may lag the primary by its replication delay; only searches use it.
 */
export const readerOf = (db: Db): Db => readers.get(db) ?? db;

const clients = new WeakMap<Db, postgres.Sql>();

/** The postgres.js client behind a handle opened with a URL (pg-boss runs its SQL on it); else undefined. */
export const postgresClientOf = (db: Db): postgres.Sql | undefined => clients.get(db);

/**
 * Ends the pool: queries in flight get up to `closeTimeoutSeconds` (5 s) to finish, then their
 * connections are closed (postgres.js `end({ timeout })`), so a shutdown is never held forever by
 * a query that waits on a lock or a LISTEN connection (issue 21: SIGTERM ends within 10 s).
 */
async function closeClient(client: postgres.Sql, db: Db): Promise<void> {
  await client.end({ timeout: closeTimeoutSeconds });
  await db.destroy();
}
const closeTimeoutSeconds = 5;

/** Opens a database handle as described in the module doc. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const client = postgres(options.url, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
    });
    const db = new Kysely<Database>({
      dialect: new PostgresJSDialect({ postgres: client }),
      plugins: [new CamelCasePlugin()],
    });
    clients.set(db, client);
    registerListen(db, async (channel, onPayload) => {
      const listening = await client.listen(channel, onPayload);
      return () => listening.unlisten();
    });
    if (options.readUrl) {
      const replica = new Kysely<Database>({
        dialect: new PostgresJSDialect({
          postgres: postgres(options.readUrl, { max: options.maxConnections ?? 10, onnotice: () => {} }),
        }),
        plugins: [new CamelCasePlugin()],
      });
      readers.set(db, replica);
      return {
        db,
        kind: "postgres",
        close: async () => {
          await replica.destroy();
          await closeClient(client, db);
        },
      };
    }
    return { db, kind: "postgres", close: () => closeClient(client, db) };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  // pg_trgm: keyword typo tolerance (migration 2026-11-23-12-reviews).
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  // fuzzystrmatch: the search vocabulary's typo candidates (migration 2026-11-28-30-search-vocabulary).
  const { fuzzystrmatch } = await import("@electric-sql/pglite/contrib/fuzzystrmatch");
  const dataDir = options.dataDir ?? ".data/pglite";
  // PGlite creates its folder but not the parents (.data/ is absent on a fresh clone).
  if (dataDir !== "memory://") mkdirSync(dataDir, { recursive: true });
  const extensions = { pg_trgm, fuzzystrmatch };
  const pglite = dataDir === "memory://" ? new PGlite({ extensions }) : new PGlite(dataDir, { extensions });
  await pglite.waitReady;
  const db = new Kysely<Database>({
    dialect: new PGliteDialect(pglite),
    plugins: [new CamelCasePlugin()],
  });
  registerListen(db, async (channel, onPayload) => {
    const unlisten = await pglite.listen(channel, onPayload);
    return async () => {
      if (!pglite.closed) await unlisten();
    };
  });
  return {
    db,
    kind: "pglite",
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** Runs every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/** One round trip to the database; throws when it does not answer. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Names of migrations this code has that the database has not run (empty = current). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const all = await migrator.getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
