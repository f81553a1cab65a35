/**
 * The Closr process: migrate, seed demo users on the embedded default (never in production),
 * then serve the API and the built frontends on PORT (default 3000).
 */

import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type DemoSummary, demoSummary, demoSummaryLine, seedDemo } from "@closr/adapters/seed";
import { serve } from "@hono/node-server";
import { loadConfig } from "./config.ts";
import { LiveEventHub } from "./events/live-event-hub.ts";
import { startServices } from "./server.ts";

const repoRoot = resolve(fileURLToPath(import.meta.url), "../../../..");
const config = loadConfig(process.env, repoRoot);
const services = await startServices(config);
const { logger, runtime } = services;

// Signals are handled from here on, so a Ctrl-C during the demo seed also ends with exit code 0:
// the seed finishes its step, then the process closes instead of listening (within the hard stop).
let server: ReturnType<typeof serve> | undefined;
let stopping = false;

const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  setTimeout(() => {
    logger.warn({ ms: Date.now() - started }, "shutdown timed out; closing remaining connections");
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
  services.shutdown.requested = true;
  logger.info({ signal }, "shutting down");
  if (server) closeServer(server, started);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));

const seeded = config.seedDemo ? await seedDemo(runtime) : [];
const summary = config.seedDemo ? await demoSummary(runtime) : undefined;
if (stopping) {
  await closeServices(Date.now());
} else {
  server = listen(seeded, summary);
}

// The banner (what was seeded, the URL, then the demo accounts) is the last thing printed before
// request logs; it goes through the log's stream (logger.print) so that no earlier log line can
// come out after it.
function listen(logins: typeof seeded, demo: DemoSummary | undefined) {
  const listening = serve({ fetch: services.app.fetch, port: config.port }, (info) => {
    logger.info({ port: info.port, database: services.database.kind }, "listening");
    const banner: string[] = [];
    if (demo) banner.push(`\n${demoSummaryLine(demo)}`);
    banner.push(`\nClosr is running at http://localhost:${info.port}  (API reference: /api/docs)`);
    if (logins.length > 0) {
      banner.push(`\nDemo accounts (password for all: ${logins[0]?.password}):`);
      for (const login of logins) banner.push(`  ${login.username.padEnd(16)} ${login.role}`);
    }
    logger.print(`${banner.join("\n")}\n`);
  });
  // Idle keep-alive connections stay open 65 s (Node's default is 5 s), longer than a client or a
  // load balancer keeps one for reuse (60 s is the usual balancer idle timeout). With 5 s, a client
  // that reused a connection just as the server closed it got "read ECONNRESET" on a request the
  // server never saw (seen in the e2e journeys' API calls after ~6 s idle on a busy machine).
  if ("keepAliveTimeout" in listening) {
    listening.keepAliveTimeout = 65_000;
    listening.headersTimeout = 66_000;
  }
  return listening;
}

// Periodic work (session and rate-limit clean-up, local billing, sweeps) runs as scheduled
// jobs of the queue (server.ts, ADR 0022).

// Graceful shutdown (ADR 0015): readiness turns 503, the listener stops accepting, open event
// streams end with a retry hint (EventSource reconnects, through the balancer, to another
// process), in-flight requests finish, then the queue and the database close, and the process
// exits 0. A hard stop (exit 1) after SHUTDOWN_TIMEOUT_MS (default 10 s).
function closeServer(listening: ReturnType<typeof serve>, started: number) {
  listening.close(() => void closeServices(started));
  runtime
    .runPromise(LiveEventHub)
    .then((hub) => hub.closeAll())
    .catch(() => {});
}

async function closeServices(started: number) {
  try {
    await services.close();
  } catch (err) {
    logger.error({ err }, "closing services failed");
  }
  logger.info({ ms: Date.now() - started }, "stopped");
  logger.flush();
  process.exit(0);
}
