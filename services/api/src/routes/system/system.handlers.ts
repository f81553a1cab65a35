/** Health: liveness plus a round trip to the database. */

import { type Db, pingDatabase } from "@closr/adapters/postgres";
import { systemRoutes } from "@closr/contracts";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { problem } from "../../http/problem.ts";

export function registerSystemRoutes(app: OpenAPIHono<AppEnv>, db: Db, version: string) {
  app.openapi(systemRoutes.getHealth, async (c) => {
    try {
      await pingDatabase(db);
      return c.json({ status: "ok" as const, database: "ok" as const, version }, 200);
    } catch (error) {
      c.get("logger").error({ err: error }, "health check failed");
      return problem(c, "service-unavailable", { detail: "The database does not answer." });
    }
  });
}
