/**
 * Generates clients from contracts/openapi.json with three generators integrators use —
 * @hey-api/openapi-ts, orval and openapi-typescript-codegen — into a temp folder and compiles each
 * with `tsc --strict --noEmit` (issue 49: 0 errors each). Prints each step's time in ms; exits 1 on
 * any generator failure or type error. Run by contracts/src/generated-clients.test.ts (pnpm test).
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name: string) => join(root, "node_modules", ".bin", name);
const spec = join(root, "openapi.json");

/** One generator: the command that writes a client into `dir`. */
const generators: Record<string, (dir: string) => [string, string[]]> = {
  "hey-api": (dir) => [bin("openapi-ts"), ["-i", spec, "-o", dir, "-c", "@hey-api/client-fetch"]],
  orval: (dir) => {
    mkdirSync(join(dir, ".."), { recursive: true });
    const config = join(dir, "..", "orval.config.cjs");
    writeFileSync(
      config,
      `module.exports = { closr: { input: ${JSON.stringify(spec)}, output: { target: ${JSON.stringify(join(dir, "closr.ts"))}, client: "fetch", mode: "single" } } };`,
    );
    return [bin("orval"), ["--config", config]];
  },
  "openapi-typescript-codegen": (dir) => [bin("openapi"), ["-i", spec, "-o", dir, "-c", "fetch"]],
};

/** Generates and compiles every client; resolves with the failures (empty when all compile). */
export async function checkGeneratedClients(): Promise<{
  failures: string[];
  timings: Record<string, number>;
}> {
  const work = mkdtempSync(join(tmpdir(), "closr-clients-"));
  const failures: string[] = [];
  const timings: Record<string, number> = {};
  try {
    await Promise.all(
      Object.entries(generators).map(async ([name, command]) => {
        const started = Date.now();
        const dir = join(work, name, "out");
        try {
          const [file, args] = command(dir);
          await run(file, args, { cwd: root, maxBuffer: 64 * 1024 * 1024 });
        } catch (error) {
          failures.push(`${name}: generation failed: ${(error as { stderr?: string }).stderr ?? error}`);
          return;
        }
        timings[`${name} generate`] = Date.now() - started;
      }),
    );
    // One tsc over all three (one program start instead of three on a busy machine).
    const tsconfig = join(work, "tsconfig.json");
    writeFileSync(
      tsconfig,
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "es2022",
          module: "esnext",
          moduleResolution: "bundler",
          lib: ["es2022", "dom", "dom.iterable"],
          skipLibCheck: true,
          types: [],
          typeRoots: [join(root, "node_modules", "@types")],
          baseUrl: work,
          paths: { "@hey-api/client-fetch": [join(root, "node_modules", "@hey-api", "client-fetch")] },
        },
        include: ["*/out/**/*.ts"],
      }),
    );
    const started = Date.now();
    try {
      await run(bin("tsc"), ["-p", tsconfig], { cwd: work, maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      failures.push(`tsc --strict: ${(error as { stdout?: string }).stdout ?? error}`);
    }
    timings["tsc --strict (all three)"] = Date.now() - started;
  } finally {
    if (!process.env.KEEP_CLIENTS) rmSync(work, { recursive: true, force: true });
    else console.log(`kept ${work}`);
  }
  return { failures, timings };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const { failures, timings } = await checkGeneratedClients();
  console.log(JSON.stringify({ ...timings, total: Date.now() - started }, null, 2));
  if (failures.length) {
    console.error(failures.join("\n"));
    process.exit(1);
  }
}
