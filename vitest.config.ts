import { defineConfig } from "vitest/config";

/**
 * Unit and integration tests for every backend package; browser journeys live in e2e/ (Playwright).
 * Two projects:
 * - `core`: the domain's unit and property tests on in-memory layers (ADR 0045). They hold no
 *   global state and touch no database, so they share one module graph (`isolate: false`) on
 *   worker threads: loading effect and the contexts once instead of once per file is most of the
 *   suite's time.
 * - `integration`: everything else (adapters on PostgreSQL/PGlite, the API, scripts, infra,
 *   frontend logic), each file in its own forked process, as real servers and databases need.
 */
const timeouts = { testTimeout: 60_000, hookTimeout: 60_000 };
const exclude = ["**/node_modules/**", "**/dist/**"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "core",
          include: ["core/**/*.test.ts"],
          exclude,
          pool: "threads",
          isolate: false,
          ...timeouts,
        },
      },
      {
        test: {
          name: "integration",
          include: [
            "{contracts,adapters,services,format}/**/*.test.ts",
            "frontends/**/*.test.{ts,tsx}",
            "scripts/**/*.test.ts",
            "examples/**/*.test.ts",
            "infra/**/*.test.ts",
          ],
          exclude,
          pool: "forks",
          ...timeouts,
        },
      },
    ],
  },
});
