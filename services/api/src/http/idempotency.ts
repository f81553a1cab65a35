/**
 * Idempotent POSTs (issue 20, ADR 0021), as Stripe does: a POST that creates an invoice, a
 * payment intent, a partnership or a message may carry `Idempotency-Key` (1–255 characters).
 * Per account and key, for 24 hours (idempotency_keys in PostgreSQL):
 * - the first request runs; its answer (status, body, content type) is stored unless it is a
 *   5xx, a 401 or a 429 (then the key is released and a retry runs again);
 * - the same key with the same method, path and body answers the stored response again, with
 *   `Idempotent-Replayed: true`;
 * - the same key with a different request → 422 idempotency-key-reused;
 * - the same key while the first request is still running → 409 idempotency-key-in-use (so 50
 *   parallel requests with one key create one object).
 */
import { createHash } from "node:crypto";
import type { Db } from "@closr/adapters/postgres";
import type { MiddlewareHandler } from "hono";
import { sql } from "kysely";
import type { AppEnv } from "./env.ts";
import { problem } from "./problem.ts";

/** The operations that take Idempotency-Key (method POST), by path. */
export const IDEMPOTENT_PATHS: ReadonlySet<string> = new Set([
  "/api/invoices",
  "/api/create-payment-intent",
  "/api/partnerships",
  "/api/messages",
  "/api/sales",
]);

/** How long a key is remembered: 24 hours, in ms. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export function idempotency(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "POST" || !IDEMPOTENT_PATHS.has(c.req.path)) return next();
    const key = c.req.header("idempotency-key");
    const user = c.get("user");
    if (key === undefined || !user) return next();
    if (key.length < 1 || key.length > 255) {
      return problem(c, "validation-failed", {
        detail: "Some fields are missing or invalid.",
        errors: [{ field: "Idempotency-Key", message: "Idempotency-Key must be 1 to 255 characters" }],
      });
    }
    const body = await c.req.raw.clone().text();
    const requestHash = createHash("sha256").update(`POST ${c.req.path}\n${body}`).digest("hex");
    const cutoff = new Date(Date.now() - IDEMPOTENCY_WINDOW_MS);
    await db
      .deleteFrom("idempotencyKeys")
      .where("userId", "=", user.id)
      .where("key", "=", key)
      .where("createdAt", "<", cutoff)
      .execute();
    const claimed = await db
      .insertInto("idempotencyKeys")
      .values({ userId: user.id, key, method: "POST", path: c.req.path, requestHash })
      .onConflict((oc) => oc.columns(["userId", "key"]).doNothing())
      .returning("key")
      .executeTakeFirst();
    if (!claimed) {
      const stored = await db
        .selectFrom("idempotencyKeys")
        .selectAll()
        .where("userId", "=", user.id)
        .where("key", "=", key)
        .executeTakeFirst();
      if (!stored) return problem(c, "idempotency-key-in-use", { detail: "Retry the request shortly." });
      if (stored.requestHash !== requestHash || stored.path !== c.req.path) {
        return problem(c, "idempotency-key-reused", {
          detail: "This Idempotency-Key was used with a different request in the last 24 hours.",
        });
      }
      if (stored.status === null) {
        return problem(c, "idempotency-key-in-use", {
          detail: "The first request with this Idempotency-Key is still running; retry shortly.",
        });
      }
      return new Response(stored.responseBody, {
        status: stored.status,
        headers: {
          "content-type": stored.responseType ?? "application/json",
          "idempotent-replayed": "true",
          "cache-control": "no-store",
        },
      });
    }
    try {
      await next();
    } catch (error) {
      await release(db, user.id, key);
      throw error;
    }
    const status = c.res.status;
    if (status >= 500 || status === 401 || status === 429) {
      await release(db, user.id, key);
      return;
    }
    const text = await c.res.clone().text();
    await db
      .updateTable("idempotencyKeys")
      .set({ status, responseBody: text, responseType: c.res.headers.get("content-type") })
      .where("userId", "=", user.id)
      .where("key", "=", key)
      .execute();
  };
}

const release = (db: Db, userId: number, key: string) =>
  sql`DELETE FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`.execute(db);
