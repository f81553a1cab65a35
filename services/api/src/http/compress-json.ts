/**
 * gzip for the API's JSON answers at level 1 (issue 22, ADR 0019, ADR 0027, ADR 0029): hono's
 * `compress()` deflates on the main thread at the default level (about 8 % of the API process's
 * CPU in a profile under search load). This middleware runs inside it for /api/*: a JSON body of
 * at least `minimumBytes` sent to a client that accepts gzip is compressed by node's zlib on the
 * libuv thread pool at level 1 (about a third of a level-6 search page's CPU for ~10 % more
 * bytes) — on the main thread when it is smaller than `syncBelowBytes` (ADR 0029) — and the outer `compress()` then leaves it alone because Content-Encoding is set. Event
 * streams, HEAD requests and already-encoded bodies pass through untouched.
 *
 * The body is read without turning @hono/node-server's lightweight Response into a web Response
 * (ADR 0027): `c.json()` answers hold their JSON text; reading `.body` or `.clone()` would build
 * an undici Response and a stream tee per request (~8 % of the API's CPU under search load). The
 * text is taken from the lightweight Response when it holds one (`bodyText`), else read once.
 */
import { promisify } from "node:util";
import { constants, gzip, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";

const gzipAsync = promisify(gzip);

/** Bodies smaller than this (bytes) are sent as they are: gzip would save little. */
export const minimumBytes = 1024;

/**
 * Bodies smaller than this (bytes) are gzipped on the main thread (ADR 0029). zlib's async path
 * costs far more CPU than the compression of a search page: measured on this box for a 7.5 KB
 * JSON page at level 1, ~620 µs of process CPU per answer through the thread pool (a new zlib
 * stream, the hand-off to libuv, the callback) against ~50–95 µs for gzipSync, which blocks the
 * event loop for about that long. Larger bodies (exports, long lists) still go to the pool so
 * one answer cannot stall the loop for milliseconds.
 */
export const syncBelowBytes = 64 * 1024;

/**
 * The JSON text of a response built by `c.json()` on @hono/node-server, or undefined for any
 * other response. The lightweight Response keeps `[status, body, headers]` under a symbol named
 * "cache" until something reads its body (node-server's `responseViaCache` fast path).
 */
export function bodyText(res: Response): string | undefined {
  const key = Object.getOwnPropertySymbols(res).find((s) => s.description === "cache");
  const cached = key ? (res as unknown as Record<symbol, unknown>)[key] : undefined;
  return Array.isArray(cached) && typeof cached[1] === "string" ? cached[1] : undefined;
}

export const compressJson = (): MiddlewareHandler => async (c, next) => {
  await next();
  const res = c.res;
  if (c.req.method === "HEAD" || res.headers.has("content-encoding")) return;
  if (!(res.headers.get("content-type") ?? "").startsWith("application/json")) return;
  if (!/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) return;
  const text = bodyText(res);
  let body: Buffer;
  if (text !== undefined) {
    if (text.length < minimumBytes / 4) return; // at most 4 bytes a character: surely under the minimum
    body = Buffer.from(text);
    if (body.length < minimumBytes) return;
  } else {
    if (!res.body) return;
    const bytes = await res.arrayBuffer();
    if (bytes.byteLength < minimumBytes) {
      replace(c, new Response(bytes, { status: res.status, headers: res.headers }));
      return;
    }
    body = Buffer.from(bytes);
  }
  // Below syncBelowBytes the main thread is cheaper than the thread pool (ADR 0029).
  const zipped =
    body.length < syncBelowBytes
      ? gzipSync(body, { level: constants.Z_BEST_SPEED })
      : await gzipAsync(body, { level: constants.Z_BEST_SPEED });
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  headers.set("content-encoding", "gzip");
  headers.append("vary", "Accept-Encoding");
  replace(c, new Response(zipped, { status: res.status, headers }));
};

/**
 * Sets the response without hono's merge: assigning `c.res` over an existing response copies
 * it through `new Response(res.body, res)`, which turns the lightweight Response into a stream.
 * `headers` above already holds every header of the previous response.
 */
const replace = (c: Context, res: Response) => {
  c.res = undefined;
  c.res = res;
};
