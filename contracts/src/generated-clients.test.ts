/**
 * Issue 49 Done-when, in `pnpm test`: clients generated from contracts/openapi.json by
 * @hey-api/openapi-ts, orval and openapi-typescript-codegen each compile under `tsc --strict`
 * with 0 errors (scripts/generated-clients.ts does the work; `pnpm --filter @closr/contracts
 * check:clients` runs it alone and prints its timings).
 */
import { describe, expect, it } from "vitest";
import { checkGeneratedClients } from "../scripts/generated-clients.ts";

describe("clients generated from the contract", () => {
  it("hey-api, orval and openapi-typescript-codegen generate and compile under --strict", async () => {
    const { failures, timings } = await checkGeneratedClients();
    expect(failures).toEqual([]);
    // each generator ran (a generator silently skipped would leave its timing out)
    expect(Object.keys(timings)).toEqual(
      expect.arrayContaining([
        "hey-api generate",
        "orval generate",
        "openapi-typescript-codegen generate",
        "tsc --strict (all three)",
      ]),
    );
  }, 300_000);
});
