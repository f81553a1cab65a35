#!/usr/bin/env node
/**
 * pnpm start — builds each frontend whose dist is missing or older than its sources (or those of
 * the libraries ui, client and partner-kit),
 * then runs the API process, which migrates, seeds demo data on the embedded database and
 * serves everything on PORT (default 3000). Honours PORT and DATABASE_URL.
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
for (const name of frontends.filter((f) => !libraries.includes(f))) {
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
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
