/**
 * The first start (issue 46): `pnpm start` on a fresh data folder prints readable lines only (no
 * JSON log line, no warning), says what demo data it seeded, ends with the banner, and stops with
 * exit code 0 on SIGTERM (a process manager) and on Ctrl-C (SIGINT to the whole process group),
 * without pnpm's "ELIFECYCLE Command failed". And the frontends' import graph has no module that
 * is both imported statically and dynamically (Rolldown's INEFFECTIVE_DYNAMIC_IMPORT warning:
 * such a dynamic import splits nothing).
 * Runs the package.json `start` script as pnpm does when this test runs under pnpm (`sh -c`
 * otherwise), on the embedded database in a temporary DATA_DIR, API only (SERVE_FRONTENDS=0, so no
 * frontend build), on port 3619.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = mkdtempSync(join(tmpdir(), "closr-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs `pnpm start` in its own process group and resolves once the banner is out. */
async function start(): Promise<Started> {
  const pnpm = process.env.npm_execpath;
  const [command, args] =
    pnpm && /pnpm/.test(pnpm)
      ? [process.execPath, [pnpm, "start"]]
      : [
          "sh",
          [
            "-c",
            (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: { start: string } })
              .scripts.start,
          ],
        ];
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: "3619", DATA_DIR: dataDir, SERVE_FRONTENDS: "0" };
  for (const key of ["DATABASE_URL", "LOG_LEVEL", "SEED_DEMO", "NODE_ENV"]) delete env[key];
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  child.stdout?.on("data", (d) => {
    text += d;
  });
  child.stderr?.on("data", (d) => {
    text += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on("exit", (code, signal) => done({ code, signal })),
  );
  const deadline = Date.now() + 240_000;
  while (!/Demo accounts[^\n]*\n(?:\s+\S+\s+\S+\n){5}/.test(text)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no banner:\n${text}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // Anything printed after the banner within a moment would be out of place.
  await new Promise((r) => setTimeout(r, 1500));
  return { child, output: () => text, exited };
}

describe("pnpm start", () => {
  it("on a fresh data folder: readable lines, the demo it seeded, the banner last; SIGTERM exits 0", async () => {
    const run = await start();
    const text = run.output();
    const lines = text.split("\n").filter((l) => l.trim() !== "");
    expect(lines.filter((l) => l.trimStart().startsWith("{"))).toEqual([]);
    expect(text).not.toMatch(/warn|INEFFECTIVE/i);
    expect(text).toMatch(
      /Demo data: \d+ agents, \d+ businesses, \d+ partnerships, \d+ invoices, \d+ messages/,
    );
    expect(text.indexOf("Demo data:")).toBeLessThan(
      text.indexOf("Closr is running at http://localhost:3619"),
    );
    expect(lines.at(-1)).toMatch(/^\s+admin\s+admin$/);

    process.kill(run.child.pid!, "SIGTERM");
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.output()).not.toContain("ELIFECYCLE");
  }, 300_000);

  it("Ctrl-C (SIGINT to the process group) exits 0 too", async () => {
    const run = await start();
    process.kill(-run.child.pid!, "SIGINT");
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.output()).not.toContain("ELIFECYCLE");
  }, 300_000);
});

/** Relative module specifiers a frontend source file imports, statically and dynamically. */
function importsOf(file: string): { static: string[]; dynamic: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found = { static: [] as string[], dynamic: [] as string[] };
  const resolved = (specifier: string) => resolve(dirname(file), specifier.replace(/\?.*$/, ""));
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text.startsWith(".")
    ) {
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly : node.isTypeOnly;
      if (!typeOnly) found.static.push(resolved(node.moduleSpecifier.text));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      node.arguments[0].text.startsWith(".")
    ) {
      found.dynamic.push(resolved(node.arguments[0].text));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the frontends' import graph", () => {
  it("imports no module both statically and dynamically (the build's INEFFECTIVE_DYNAMIC_IMPORT)", () => {
    const files = readdirSync(join(root, "frontends"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) => {
        try {
          return sourceFiles(join(root, "frontends", d.name, "src"));
        } catch {
          return [];
        }
      });
    const staticImporters = new Map<string, string[]>();
    const dynamic: [target: string, importer: string][] = [];
    for (const file of files) {
      const found = importsOf(file);
      for (const target of found.static)
        staticImporters.set(target, [...(staticImporters.get(target) ?? []), file]);
      for (const target of found.dynamic) dynamic.push([target, file]);
    }
    expect(dynamic.length).toBeGreaterThan(0);
    const both = dynamic
      .filter(([target]) => staticImporters.has(target))
      .map(
        ([target, importer]) =>
          `${target.slice(root.length + 1)} (dynamic in ${importer.slice(root.length + 1)}, static in ${staticImporters
            .get(target)
            ?.map((f) => f.slice(root.length + 1))
            .join(", ")})`,
      );
    expect(both).toEqual([]);
  });
});
