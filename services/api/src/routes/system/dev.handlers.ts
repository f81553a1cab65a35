/**
 * Development-only routes (contracts/src/routes/dev.routes.ts): the caller's newest emails from
 * the outbox, through the MailOutbox port. When the mailbox is off (production) the route answers
 * 404 "The development mailbox is off." to anyone.
 */
import { devRoutes } from "@closr/contracts";
import { MailOutbox } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { Effect } from "effect";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { problem } from "../../http/problem.ts";
import type { AppRuntime } from "../../runtime.ts";

export function registerDevRoutes(
  app: OpenAPIHono<AppEnv>,
  runtime: AppRuntime,
  options: { mailbox: boolean },
) {
  if (!options.mailbox) {
    app.openapi(devRoutes.getDevMailbox, (c) =>
      problem(c, "not-found", { detail: "The development mailbox is off." }),
    );
    return;
  }
  app.openapi(signedIn(devRoutes.getDevMailbox), async (c) => {
    const items = await runtime.runPromise(
      Effect.flatMap(MailOutbox, (outbox) => outbox.recent(c.get("user").email, 50)),
    );
    return c.json({ items: items.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) }, 200);
  });
}
