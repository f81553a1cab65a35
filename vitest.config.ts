import { defineConfig } from "vitest/config";

/** Unit and integration tests for every backend package; browser journeys live in e2e/ (Playwright). */
export default defineConfig({
  test: {
    include: [
      "{contracts,core,adapters,services}/**/*.test.ts",
      "frontends/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "examples/**/*.test.ts",
      "infra/**/*.test.ts",
    ],
    exclude: ["**/node_modules/**", "**/dist/**"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
