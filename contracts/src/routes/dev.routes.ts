/**
 * Development-only system routes: the mail outbox, read back so a developer (and the e2e journeys)
 * can follow emails without an SMTP server. The service answers 404 when the outbox is off
 * (production).
 */
import { createRoute } from "@hono/zod-openapi";
import { Mailbox } from "../system.ts";
import { json, signedInProblems } from "./route-helpers.ts";

export const getDevMailbox = createRoute({
  method: "get",
  path: "/api/dev/mailbox",
  operationId: "getDevMailbox",
  tags: ["system"],
  summary: "Development outbox: the newest emails the app sent (404 in production)",
  description: "The caller's own emails, newest first. Served only when the development outbox is enabled.",
  responses: {
    200: json(Mailbox, "The caller's emails"),
    ...signedInProblems("not-found"),
  },
});
