/**
 * A fresh, migrated database for one test file (docs/architecture.md, Tests):
 * `TEST_DATABASE_URL` set → a new database created on that server and dropped afterwards;
 * else a Docker engine answers → a PostgreSQL container (Testcontainers);
 * else → an in-memory PGlite.
 */

import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import postgres from "postgres";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "./database.ts";

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
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString(), maxConnections: 25 });
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
