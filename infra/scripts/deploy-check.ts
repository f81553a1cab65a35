/**
 * `pnpm deploy:check` (issue 21): runs the container image's deploy step without Docker and
 * proves its output is a runnable, pruned app. Same commands as infra/Dockerfile's build stage:
 * `pnpm --config.inject-workspace-packages=true --filter @closr/api deploy --prod --offline`
 * into a temporary folder, the built frontends copied beside it; then checks that no
 * development dependency was deployed, starts `node --import tsx src/main.ts` there (as the
 * image's CMD) and waits for /healthz and /readyz to answer 200 and / to serve the app, sends
 * SIGTERM and expects a clean exit within 15 s. Prints figures (deploy time, size, packages,
 * start-up and shutdown time). Exit code 0 when every check passed.
 *
 * Database: with TEST_DATABASE_URL a fresh PostgreSQL database (NODE_ENV=production, as in the
 * image; dropped afterwards); otherwise the embedded PGlite in a temporary folder (development
 * mode). Needs the pnpm store of a `pnpm install` on this machine (--offline).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const work = mkdtempSync(join(tmpdir(), "closr-deploy-"));
const out = join(work, "app");
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

/** Bytes on disk under `path` (du: hard links counted once). */
const sizeOf = (path: string): number =>
  Number(execFileSync("du", ["-sb", path], { encoding: "utf8" }).split("\t")[0]);

let child: ChildProcess | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
try {
  // 1. The image's deploy step.
  const started = Date.now();
  execFileSync(
    "pnpm",
    [
      "--config.inject-workspace-packages=true",
      "--filter",
      "@closr/api",
      "deploy",
      "--prod",
      "--offline",
      out,
    ],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
  );
  const deploySeconds = (Date.now() - started) / 1000;
  for (const app of ["shell", "business", "agent", "admin"]) {
    // The browser build and the server bundles (the shell's server entry, each remote's: ADR 0047, 0053).
    for (const folder of ["dist", "dist-server"]) {
      const built = join(root, "frontends", app, folder);
      if (existsSync(built)) cpSync(built, join(out, "frontends", app, folder), { recursive: true });
    }
  }
  const packages = readdirSync(join(out, "node_modules", ".pnpm")).filter(
    (n) => n !== "node_modules" && n !== "lock.yaml",
  );
  console.log(
    `deployed in ${deploySeconds.toFixed(1)} s: ${(sizeOf(out) / 1e6).toFixed(0)} MB, ${packages.length} packages (${out})`,
  );
  check(
    existsSync(join(out, "node_modules", "@closr", "core", "src")),
    "workspace packages are copied in (@closr/core)",
  );
  const devOnly = ["vitest@", "@biomejs+", "@playwright+", "smtp-server@", "typescript@", "vite@"];
  const leaked = packages.filter((p) => devOnly.some((d) => p.startsWith(d)));
  check(
    leaked.length === 0,
    `no development dependency deployed${leaked.length ? `: ${leaked.join(", ")}` : ""}`,
  );
  check(
    existsSync(join(out, "pnpm-lock.yaml")),
    "the deploy carries its lockfile (versions from the repository's)",
  );

  // 2. Start it as the image's CMD does.
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: work,
    PORT: String(port),
    FRONTENDS_DIR: join(out, "frontends"),
    UPLOADS_DIR: join(work, "uploads"),
    LOG_LEVEL: "warn",
    SEED_DEMO: "0",
  };
  if (process.env.TEST_DATABASE_URL) {
    const name = `closr_deploy_${Date.now()}`;
    const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    dropDatabase = async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
    const { vapidKeysOrGenerate } = await import("@closr/adapters/push");
    const vapid = vapidKeysOrGenerate({});
    Object.assign(env, {
      NODE_ENV: "production",
      DATABASE_URL: url.toString(),
      FILE_LINK_SECRET: randomBytes(32).toString("hex"),
      DEVICE_COOKIE_SECRET: randomBytes(32).toString("hex"),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: "mailto:ops@closr.com.au",
    });
    console.log(`database: PostgreSQL ${name} (NODE_ENV=production)`);
  } else {
    env.DATA_DIR = join(work, "pglite");
    console.log(
      "database: PGlite (development mode; set TEST_DATABASE_URL for PostgreSQL and production mode)",
    );
  }
  const booted = Date.now();
  child = spawn("node", ["--import", "tsx", "src/main.ts"], {
    cwd: out,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((done) => child!.on("exit", (code) => done(code)));
  const base = `http://127.0.0.1:${port}`;
  let healthy = false;
  while (!healthy && Date.now() - booted < 180_000 && child.exitCode === null) {
    healthy = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!healthy) await new Promise((r) => setTimeout(r, 500));
  }
  check(healthy, `/healthz answers 200 (after ${((Date.now() - booted) / 1000).toFixed(1)} s)`);
  if (healthy) {
    let ready = 0;
    for (let i = 0; i < 60 && ready !== 200; i++) {
      ready = await fetch(`${base}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (ready !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    check(ready === 200, "/readyz answers 200 (database, migrations, queue)");
    const home = await fetch(`${base}/`);
    check(
      home.status === 200 && (home.headers.get("content-type") ?? "").includes("text/html"),
      "/ serves the built app (HTML)",
    );
    const api = await fetch(`${base}/api/health`);
    check(api.status === 200, `the API answers (GET /api/health: ${api.status})`);
  }
  const stopping = Date.now();
  child.kill("SIGTERM");
  const code = await Promise.race([
    exited,
    new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 15_000)),
  ]);
  check(code === 0, `SIGTERM: exit code ${code} after ${Date.now() - stopping} ms`);
} catch (error) {
  failures.push(String(error));
  console.error(error);
} finally {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  await dropDatabase?.().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
console.log(
  failures.length === 0 ? "deploy check passed" : `deploy check FAILED: ${failures.length} problem(s)`,
);
process.exit(failures.length === 0 ? 0 : 1);
