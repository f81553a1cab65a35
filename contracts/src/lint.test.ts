/**
 * The contract's lint gate (issue 20, ADR 0021): Spectral (`spectral:oas`, contracts/.spectral.yaml)
 * and Redocly (`recommended-strict`, contracts/redocly.yaml) over the committed contracts/openapi.json must
 * report 0 errors and 0 warnings. A failure names the operation (method, path, operationId) and the
 * rule, so whoever adds or merges an operation can fix it: usually a missing tag row in
 * contracts/src/document.ts (`tagDescriptions`), or an example that does not match its schema
 * (give the field an `.openapi({ example })`).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name: string) => join(root, "node_modules", ".bin", name);
const document = JSON.parse(readFileSync(join(root, "openapi.json"), "utf8"));

/** "POST /api/invoices (createInvoice)" for a path into the document, or the path itself. */
export function operationAt(path: readonly (string | number)[]): string {
  const [top, second, third] = path.map(String);
  if ((top === "paths" || top === "webhooks") && second && third) {
    const operation = document[top]?.[second]?.[third];
    if (operation && typeof operation === "object" && "responses" in operation) {
      return `${third.toUpperCase()} ${second} (${operation.operationId ?? "no operationId"})`;
    }
    return `${top} ${second}`;
  }
  return path.join(".") || "document";
}

const decodePointer = (pointer: string) =>
  pointer
    .replace(/^#\/?/, "")
    .split("/")
    .filter(Boolean)
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"));

/** Runs a linter that exits non-zero when it finds problems; returns its stdout either way. */
async function output(command: string, args: string[]): Promise<string> {
  try {
    return (await run(command, args, { cwd: root, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const { stdout } = error as { stdout?: string };
    if (stdout) return stdout;
    throw error;
  }
}

// Spectral takes ~15 s alone and much longer on a busy machine.
describe("contract lint gate: contracts/openapi.json", { timeout: 240_000 }, () => {
  it("Spectral (spectral:oas, every rule) reports 0 errors and 0 warnings", async () => {
    const stdout = await output(bin("spectral"), ["lint", "openapi.json", "--format", "json", "--quiet"]);
    const results = JSON.parse(stdout.slice(stdout.indexOf("["))) as {
      code: string;
      message: string;
      severity: number;
      path: string[];
    }[];
    const findings = results
      .filter((result) => result.severity <= 1)
      .map(
        (result) =>
          `${operationAt(result.path)}: ${result.code} (${result.severity === 0 ? "error" : "warning"}) at ${result.path.join(".")}: ${result.message}`,
      );
    expect(findings, "Spectral findings; fix each operation named").toEqual([]);
  });

  it("Redocly (recommended-strict) reports 0 errors and 0 warnings", async () => {
    const stdout = await output(bin("redocly"), [
      "lint",
      "openapi.json",
      "--format",
      "json",
      "--max-problems",
      "1000",
    ]);
    const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const findings = report.problems.map((problem) => {
      const pointer = problem.location[0]?.pointer ?? "#/";
      return `${operationAt(decodePointer(pointer))}: ${problem.ruleId} (${problem.severity}) at ${pointer}: ${problem.message}`;
    });
    expect(findings, "Redocly findings; fix each operation named").toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("names the operation and rule of a finding (message shape for whoever merges)", () => {
    expect(operationAt(["paths", "/api/invoices", "post", "requestBody"])).toBe(
      "POST /api/invoices (createInvoice)",
    );
    expect(operationAt(["info"])).toBe("info");
  });
});
