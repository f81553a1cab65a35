/**
 * `cache-control: no-store` on every API answer whose route did not set a cache-control
 * (issue 19: answers carry personal data, so no browser, proxy or service worker keeps them).
 */
import type { MiddlewareHandler } from "hono";

/**
 * Adds the header to the finished response in place (issue 22, ADR 0031). hono's `c.header()`
 * after the handler rebuilds the response from `.body`, which turns @hono/node-server's
 * lightweight Response into an undici Response with a body stream (~2 % of the API process's CPU
 * under search load), and the compression outside this middleware (app.ts) then reads that
 * stream. The lightweight Response's headers are a plain Headers object; a
 * response whose headers are immutable (`Response.redirect()`, a `fetch()` answer) falls back to
 * `c.header()`. The answer's headers are the same either way.
 */
export const noStoreByDefault = (): MiddlewareHandler => async (c, next) => {
  await next();
  if (c.res.headers.has("cache-control")) return;
  try {
    c.res.headers.set("cache-control", "no-store");
  } catch {
    c.header("cache-control", "no-store");
  }
};
