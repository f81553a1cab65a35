/**
 * Content-Length for the API's JSON answers, so hono's `compress()` (which runs outside this
 * middleware; app.ts) can apply its size threshold (issue 48 item 7, ADR 0057). `compress()`
 * compares `Content-Length` with its threshold (1,024 bytes) and compresses any answer without
 * one; `c.json()` sets none, so without this every JSON answer, `{"ok":true}` included, went
 * through a `CompressionStream`. Replaces compress-json.ts, which read a private symbol of
 * @hono/node-server's Response; this reads the body through the public Response API only.
 *
 * Touched: answers to non-HEAD requests with a JSON media type (`application/json`,
 * `application/problem+json`, any `+json`), a body, and neither `Content-Length`,
 * `Content-Encoding` nor `Transfer-Encoding` (a streamed answer is never buffered here).
 * The body is read once and the answer rebuilt with the same status and headers plus
 * `Content-Length` (bytes of the UTF-8 text).
 */
import type { Context, MiddlewareHandler } from "hono";

/** The media types this middleware measures: JSON and its `+json` relatives. */
const JSON_TYPE = /^\s*application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** Whether `res` is an answer whose length this middleware should set (see the module doc). */
export function needsLength(method: string, res: Response): boolean {
  if (method === "HEAD") return false;
  // Headers first: reading `body` turns node-server's lightweight Response into a web one.
  const headers = res.headers;
  if (headers.has("content-length") || headers.has("content-encoding") || headers.has("transfer-encoding"))
    return false;
  return JSON_TYPE.test(headers.get("content-type") ?? "") && res.body !== null;
}

/** The middleware: sets Content-Length on JSON answers that lack one (see the module doc). */
export const jsonContentLength = (): MiddlewareHandler => async (c, next) => {
  await next();
  const res = c.res;
  if (!needsLength(c.req.method, res)) return;
  const text = await res.text();
  const headers = new Headers(res.headers);
  headers.set("content-length", String(Buffer.byteLength(text)));
  replace(c, new Response(text, { status: res.status, statusText: res.statusText, headers }));
};

/**
 * Sets the response without hono's merge: assigning `c.res` over an existing response copies it
 * through `new Response(res.body, res)` and merges the old headers in (a stream, and the old
 * answer's headers again). `headers` above already holds every header of the previous answer.
 */
const replace = (c: Context, res: Response) => {
  c.res = undefined;
  c.res = res;
};
