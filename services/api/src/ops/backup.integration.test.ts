/**
 * Backups (issue 21): scripts/backup.sh takes a pg_dump of a database the app wrote to, and
 * scripts/restore.sh restores it into a fresh database; an app started on the restored
 * database serves the same data (the same user signs in with the same password and sees the
 * same conversation). PostgreSQL only (pg_dump/pg_restore).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@closr/adapters/postgres";
import pino from "pino";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { makeAppLayer, makeRuntime } from "../runtime.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
let t: TestApp;
const dir = mkdtempSync(join(tmpdir(), "closr-backup-"));
let restoredName: string | undefined;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  if (restoredName && process.env.TEST_DATABASE_URL) {
    const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(dir, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("a restored dump serves the same data", async (ctx) => {
    if (!t.database.url) return ctx.skip();
    const ava = t.client();
    const reg = await ava.request("/api/register", {
      method: "POST",
      json: {
        email: "ava@backup.example",
        username: "ava_backup",
        password: "a long enough password",
        userType: "business",
      },
    });
    const avaId = ((await reg.json()) as { id: number }).id;
    const ben = t.client();
    const benReg = await ben.request("/api/register", {
      method: "POST",
      json: {
        email: "ben@backup.example",
        username: "ben_backup",
        password: "a long enough password",
        userType: "agent",
      },
    });
    const benId = ((await benReg.json()) as { id: number }).id;
    expect(
      (
        await ava.request("/api/messages", {
          method: "POST",
          json: { receiverId: benId, content: "before the backup" },
        })
      ).status,
    ).toBe(201);
    const before = await (await ava.request(`/api/messages/${benId}`)).json();

    const file = join(dir, "closr.dump");
    execFileSync("bash", [join(root, "scripts/backup.sh"), file], {
      env: { ...process.env, DATABASE_URL: t.database.url },
    });
    expect(statSync(file).size).toBeGreaterThan(1000);
    restoredName = `closr_restored_${process.pid}`;
    const target = t.database.url.replace(/\/[^/]*$/, `/${restoredName}`);
    execFileSync("bash", [join(root, "scripts/restore.sh"), file, target]);
    // Restoring over an existing database is refused.
    expect(() =>
      execFileSync("bash", [join(root, "scripts/restore.sh"), file, target], { stdio: "pipe" }),
    ).toThrow();

    const restored = await openDatabase({ url: target, maxConnections: 3 });
    const runtime = makeRuntime(makeAppLayer(restored.db));
    const app = createApp({ runtime, db: restored.db, logger: pino({ level: "silent" }) });
    try {
      const login = await app.request("http://localhost/api/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "ava_backup", password: "a long enough password" }),
      });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { id: number }).id).toBe(avaId);
      const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
      const after = await (
        await app.request(`http://localhost/api/messages/${benId}`, { headers: { cookie } })
      ).json();
      expect(after).toEqual(before);
      const ready = await app.request("http://localhost/readyz");
      expect(await ready.json()).toMatchObject({ checks: { migrations: "ok" } });
    } finally {
      await runtime.dispose();
      await restored.close();
    }
  });
});
