/**
 * gzip for the API's JSON answers off the event loop (issue 22, ADR 0019): hono's `compress()`
 * deflates on the main thread at the default level (about 8 % of the API process's CPU in a
 * profile under search load). This middleware runs inside it for /api/*: a JSON body of at least
 * `minimumBytes` sent to a client that accepts gzip is compressed by node's zlib on the libuv
 * thread pool at level 1 (about a third of a level-6 search page's CPU for ~10 % more bytes), and
 * the outer `compress()` then leaves it alone because Content-Encoding is set. Event streams,
 * HEAD requests and already-encoded bodies pass through untouched.
 */
import { promisify } from "node:util";
import { constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";

const gzipAsync = promisify(gzip);

/** Bodies smaller than this (bytes) are sent as they are: gzip would save little. */
export const minimumBytes = 1024;

export const compressJson = (): MiddlewareHandler => async (c, next) => {
  await next();
  const res = c.res;
  if (c.req.method === "HEAD" || res.headers.has("content-encoding") || !res.body) return;
  if (!(res.headers.get("content-type") ?? "").startsWith("application/json")) return;
  if (!/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) return;
  const body = Buffer.from(await res.clone().arrayBuffer());
  if (body.length < minimumBytes) return;
  const zipped = await gzipAsync(body, { level: constants.Z_BEST_SPEED });
  // As hono's compress(): change the headers in place, then replace the body (the setter copies them).
  res.headers.delete("content-length");
  res.headers.set("content-encoding", "gzip");
  res.headers.append("vary", "Accept-Encoding");
  c.res = new Response(zipped, res);
};
