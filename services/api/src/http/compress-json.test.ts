/**
 * compressJson (issue 22, ADR 0027, ADR 0029): JSON of 1 kB or more is gzipped for clients that accept it
 * (on the main thread below 64 KB, on the thread pool above),
 * smaller or non-JSON answers pass through, and other headers survive. Checked through a real
 * @hono/node-server listener (its lightweight Response is the fast path) and through app.request.
 */
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyText, compressJson, syncBelowBytes } from "./compress-json.ts";

const big = {
  items: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Agent ${i}`, bio: "Enterprise seller" })),
};

const app = new Hono();
app.use("*", compressJson());
app.use("*", async (c, next) => {
  await next();
  c.header("cache-control", "no-store");
});
app.get("/big", (c) => {
  c.header("set-cookie", "a=1");
  return c.json(big, 200);
});
app.get("/small", (c) => c.json({ ok: true }));
// Larger than syncBelowBytes: gzipped on the thread pool rather than the main thread (ADR 0029).
const huge = {
  items: Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `Agent ${i}`, bio: "Enterprise seller" })),
};
app.get("/huge", (c) => c.json(huge));
app.get("/text", (c) => c.text("x".repeat(5000)));

let server: ReturnType<typeof serve>;
let base = "";
beforeAll(async () => {
  server = serve({ fetch: app.fetch, port: 0 });
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** GET through node:http without decoding, so the raw encoding is visible. */
const raw = async (path: string, encoding?: string) => {
  const http = await import("node:http");
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: encoding ? { "accept-encoding": encoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
};

describe("compressJson on @hono/node-server", () => {
  it("reads the JSON text of node-server's lightweight Response without building a stream", () => {
    // serve() has replaced the global Response with node-server's lightweight one.
    const res = new Response('{"a":1}', { headers: { "content-type": "application/json" } });
    expect(bodyText(res)).toBe('{"a":1}');
  });

  it("gzips a large JSON answer and keeps the other headers", async () => {
    const res = await raw("/big", "gzip, deflate");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["set-cookie"]).toEqual(["a=1"]);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(gunzipSync(res.body).toString())).toEqual(big);
  });

  it("gzips a JSON answer above the main-thread size the same way (thread pool)", async () => {
    expect(JSON.stringify(huge).length).toBeGreaterThan(syncBelowBytes);
    const res = await raw("/huge", "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(res.body).toString())).toEqual(huge);
  });

  it("sends JSON as is to a client that does not accept gzip", async () => {
    const res = await raw("/big");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual(big);
  });

  it("leaves small JSON and non-JSON answers alone", async () => {
    const small = await raw("/small", "gzip");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
    const text = await raw("/text", "gzip");
    expect(text.headers["content-encoding"]).toBeUndefined();
    expect(text.body.toString()).toBe("x".repeat(5000));
  });
});

describe("compressJson with web Responses (app.request)", () => {
  it("gzips a large JSON answer and passes a small one through", async () => {
    const res = await app.request("/big", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(big);
    const small = await app.request("/small", { headers: { "accept-encoding": "gzip" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
  });
});
