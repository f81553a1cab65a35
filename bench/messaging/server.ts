/**
 * One API process for bench/messaging: the real app (createApp) on DATABASE_URL, port PORT,
 * API only, with the per-user send limit raised so the benchmark measures delivery, not
 * throttling. The database must already be migrated (run.ts does it).
 */
import { createRequire } from "node:module";
import { openDatabase } from "@closr/adapters/postgres";
import { createApp } from "../../services/api/src/app.ts";
import { createLogger } from "../../services/api/src/logger.ts";
import { makeAppLayer, makeRuntime } from "../../services/api/src/runtime.ts";

// @hono/node-server is a dependency of the API package, not of the workspace root.
const { serve } = createRequire(new URL("../../services/api/package.json", import.meta.url))(
  "@hono/node-server",
) as {
  serve: (
    options: { fetch: (request: Request) => Response | Promise<Response>; port: number; hostname: string },
    listening: () => void,
  ) => import("node:http").Server;
};

const port = Number(process.env.PORT);
const database = await openDatabase({ url: process.env.DATABASE_URL, maxConnections: 10 });
const runtime = makeRuntime(makeAppLayer(database.db));
const app = createApp({
  runtime,
  db: database.db,
  logger: createLogger("warn"),
  rateLimits: {
    login: { limit: 1_000_000, windowMs: 60_000 },
    register: { limit: 1_000_000, windowMs: 60_000 },
    messages: { limit: 1_000_000, windowMs: 60_000 },
  },
});
const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => {
  process.send?.({ listening: port });
});
process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  runtime
    .dispose()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
