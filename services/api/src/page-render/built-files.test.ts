import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { builtFileReader } from "./built-files.ts";

describe("builtFileReader", () => {
  const dir = mkdtempSync(join(tmpdir(), "closr-built-files-"));
  afterEach(() => rmSync(join(dir, "manifest.json"), { force: true }));

  it("parses a file once, and again only when the file changes on disk", () => {
    const file = join(dir, "manifest.json");
    let parses = 0;
    const read = builtFileReader((text) => {
      parses++;
      return JSON.parse(text) as { version: number };
    });
    writeFileSync(file, JSON.stringify({ version: 1 }));
    utimesSync(file, 1_000, 1_000);
    expect(read(file)).toEqual({ version: 1 });
    expect(read(file)).toEqual({ version: 1 });
    expect(parses).toBe(1);
    // A redeployed remote: new content and a new mtime.
    writeFileSync(file, JSON.stringify({ version: 22 }));
    utimesSync(file, 2_000, 2_000);
    expect(read(file)).toEqual({ version: 22 });
    expect(parses).toBe(2);
  });

  it("answers undefined for a missing or unparsable file, and reads it once it is there", () => {
    const file = join(dir, "manifest.json");
    const read = builtFileReader((text) => JSON.parse(text) as unknown);
    expect(read(file)).toBeUndefined();
    writeFileSync(file, "{ half written");
    expect(read(file)).toBeUndefined();
    writeFileSync(file, "{}");
    utimesSync(file, 3_000, 3_000);
    expect(read(file)).toEqual({});
  });
});
