import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, pingDatabase } from "./database.ts";

const root = mkdtempSync(join(tmpdir(), "closr-db-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("openDatabase (embedded)", () => {
  it("creates missing parent folders, migrates, and keeps data across reopenings", async () => {
    const dataDir = join(root, "not", "yet", "there", "pglite");
    const first = await openDatabase({ dataDir });
    await migrateToLatest(first.db);
    await first.db
      .insertInto("users")
      .values({ email: "keep@example.com", username: "keeper", passwordHash: "x", userType: "agent" })
      .execute();
    await first.close();

    const second = await openDatabase({ dataDir });
    await pingDatabase(second.db);
    const again = await migrateToLatest(second.db);
    expect(again.results).toEqual([]);
    const found = await second.db.selectFrom("users").select("username").executeTakeFirst();
    expect(found?.username).toBe("keeper");
    await second.close();
  });
});
