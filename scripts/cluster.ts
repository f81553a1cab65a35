/**
 * pnpm start:cluster — N Closr API processes behind nginx on loopback, all on one PostgreSQL
 * (issue 21). `CLUSTER_PROCESSES` (default 2) processes listen on `CLUSTER_PORT`+1… and nginx
 * (Debian's, config from infra/nginx/closr.conf.template) on `CLUSTER_PORT` (default 3350).
 * DATABASE_URL is required (a postgres:// URL): the embedded database cannot be shared.
 * Also a library: the benchmark (bench/scale) and the kill test start clusters with it.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(import.meta.url), "../..");

export interface ClusterOptions {
  readonly processes: number;
  /** nginx's port; the API processes take the next `processes` ports. */
  readonly port: number;
  readonly databaseUrl: string;
  /** Extra environment for the API processes. */
  readonly env?: Readonly<Record<string, string>>;
  /** Where the processes' output goes (default: ignored). */
  readonly stdio?: "inherit" | "ignore";
}

export interface ApiProcess {
  readonly port: number;
  readonly url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
}

export interface Cluster {
  /** nginx's address. */
  readonly url: string;
  readonly processes: ApiProcess[];
  /** Starts process `i` again (after a kill). */
  readonly restart: (i: number) => Promise<void>;
  readonly stop: () => Promise<void>;
}

/** The nginx binary (Debian installs it in /usr/sbin). */
export const nginxBinary = () =>
  ["/usr/sbin/nginx", "nginx"].find((bin) => spawnSync(bin, ["-v"]).status === 0);

/** Waits until `url` answers 200, or throws after `ms`. */
export async function waitReady(url: string, ms = 90_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready`);
}

function startApi(port: number, options: ClusterOptions): ApiProcess {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "services/api/src/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      SEED_DEMO: "0",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      TRUST_PROXY: "1",
      ...options.env,
    },
    stdio: ["ignore", options.stdio ?? "ignore", options.stdio ?? "ignore"],
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on("exit", (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { port, url: `http://127.0.0.1:${port}`, child, exited };
}

/** Starts the API processes (one after another: each migrates first) and nginx. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const nginx = nginxBinary();
  if (!nginx) throw new Error("nginx is not installed (Debian: apt-get install -y nginx-light)");
  const processes: ApiProcess[] = [];
  try {
    for (let i = 0; i < options.processes; i++) {
      const api = startApi(options.port + 1 + i, options);
      processes.push(api);
      await waitReady(`${api.url}/readyz`, 180_000);
    }
  } catch (error) {
    for (const p of processes) p.child.kill("SIGKILL");
    throw error;
  }
  const prefix = mkdtempSync(join(tmpdir(), "closr-nginx-"));
  for (const dir of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(prefix, dir));
  chmodSync(prefix, 0o755);
  const conf = readFileSync(join(root, "infra/nginx/closr.conf.template"), "utf8")
    .replaceAll("{{prefix}}", prefix)
    .replaceAll("{{port}}", String(options.port))
    .replaceAll("{{user}}", process.getuid?.() === 0 ? "user root;" : "")
    .replaceAll(
      "{{servers}}",
      processes.map((p) => `    server 127.0.0.1:${p.port} max_fails=1 fail_timeout=2s;`).join("\n"),
    );
  writeFileSync(join(prefix, "nginx.conf"), conf);
  const proxy = spawn(nginx, ["-p", prefix, "-c", join(prefix, "nginx.conf"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${options.port}`;
  await waitReady(`${url}/healthz`, 20_000);
  return {
    url,
    processes,
    restart: async (i) => {
      const api = startApi(processes[i]!.port, options);
      processes[i] = api;
      await waitReady(`${api.url}/readyz`);
    },
    stop: async () => {
      for (const p of processes) if (p.child.exitCode === null) p.child.kill("SIGTERM");
      await Promise.race([
        Promise.all(processes.map((p) => p.exited)),
        new Promise((r) => setTimeout(r, 12_000)),
      ]);
      for (const p of processes) if (p.child.exitCode === null) p.child.kill("SIGKILL");
      proxy.kill("SIGQUIT");
      await new Promise((r) => proxy.once("exit", r));
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith("postgres")) {
    console.error("pnpm start:cluster needs DATABASE_URL=postgres://… (all processes share it).");
    process.exit(2);
  }
  const processes = Number(process.env.CLUSTER_PROCESSES ?? 2);
  const port = Number(process.env.CLUSTER_PORT ?? 3350);
  const cluster = await startCluster({ processes, port, databaseUrl, stdio: "inherit" });
  console.log(
    `Closr: ${processes} API processes (${cluster.processes.map((p) => p.port).join(", ")}) behind nginx at ${cluster.url}`,
  );
  const stop = () => cluster.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
