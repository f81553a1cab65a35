#!/usr/bin/env node
/**
 * pnpm start — builds each frontend whose dist is missing or older than its sources (or those of
 * the libraries ui, client and partner-kit; none with SERVE_FRONTENDS=0),
 * then runs the API process, which migrates, seeds demo data on the embedded database and
 * serves everything on PORT (default 3000). Honours PORT, DATABASE_URL and the API's other settings.
 * The terminal shows what a person needs: the builds, warnings and errors (LOG_LEVEL defaults to
 * `warn` here, so the API's JSON info lines stay out; set LOG_LEVEL=info for them), then the
 * banner. SIGINT (Ctrl-C) and SIGTERM are passed to the API, which stops gracefully; this script
 * then exits with its code (0). package.json runs it with `exec`, so the signal reaches it and
 * pnpm, seeing exit code 0, reports no failure.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const frontends = ["ui", "client", "partner-kit", "business", "agent", "admin", "shell"];

/** Newest modification time (ms) of any file below `dir`, skipping dist and node_modules. */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith("dist") || entry.name.startsWith("."))
      continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

// Libraries every app builds from: a change there rebuilds them all.
const libraries = ["ui", "client", "partner-kit"];
const shared = Math.max(
  ...libraries.map((l) => newest(join(root, "frontends", l))),
  newest(join(root, "contracts/src")),
);
const serveFrontends = process.env.SERVE_FRONTENDS !== "0";
for (const name of frontends.filter((f) => serveFrontends && !libraries.includes(f))) {
  const dir = join(root, "frontends", name);
  const marker = join(dir, "dist", name === "shell" ? "index.html" : "remoteEntry.js");
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  if (built >= Math.max(newest(dir), shared)) continue;
  console.log(`building frontends/${name} ...`);
  // Use the pnpm that runs this script (npm_execpath), so no global pnpm is needed.
  const pnpm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ["pnpm"];
  const result = spawnSync(pnpm[0], [...pnpm.slice(1), "--filter", `@closr/${name}`, "run", "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) {
    console.error(`building frontends/${name} failed`);
    process.exit(result.status ?? 1);
  }
}

const server = spawn(process.execPath, ["--import", "tsx", join(root, "services/api/src/main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
});
// Ctrl-C reaches every process of the terminal's group (the API too); a process manager's SIGTERM
// reaches this one only. Either way the API hears it once more from here (it stops only once).
let stopRequested = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopRequested = true;
    server.kill(signal);
  });
}
// The API's own code; ended by a signal it was passed (before its handlers were in place) is a stop
// asked for, anything else a failure.
server.on("exit", (code, signal) => process.exit(code ?? (signal && stopRequested ? 0 : 1)));
