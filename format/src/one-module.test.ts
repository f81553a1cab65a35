/**
 * Issue 46 Done-when ("grep shows one date-formatting module", ADR 0059): outside @closr/format no
 * product source imports date-fns or @date-fns/tz, builds an `Intl.DateTimeFormat` (reading the
 * browser's zone with `resolvedOptions()` is not formatting) or calls `toLocale{Date,Time}String`.
 * Tests (e2e included) may compute what they expect on their own.
 */
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

describe("one date-formatting module", () => {
  it("no product source outside format/ formats dates on its own", () => {
    const pattern = String.raw`from "date-fns|from "@date-fns|Intl\.DateTimeFormat\(|toLocaleDateString|toLocaleTimeString`;
    let found = "";
    try {
      found = execFileSync(
        "git",
        [
          "grep",
          "-nE",
          pattern,
          "--",
          "*.ts",
          "*.tsx",
          ":!format/**",
          ":!e2e/**",
          ":!**/*.test.ts",
          ":!**/*.test.tsx",
        ],
        { cwd: root, encoding: "utf8" },
      );
    } catch (error) {
      // git grep exits 1 when nothing matches
      if ((error as { status?: number }).status !== 1) throw error;
    }
    const offenders = found
      .split("\n")
      .filter((line) => line && !/Intl\.DateTimeFormat\(\)\.resolvedOptions\(\)/.test(line));
    expect(offenders).toEqual([]);
  });
});
