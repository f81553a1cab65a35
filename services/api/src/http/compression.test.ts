/**
 * The API's compression as app.ts composes it (issue 22, issue 48 item 7, ADR 0057): hono's
 * `compress()` outside `jsonContentLength()`. JSON of 1 kB or more is gzipped for clients that
 * accept it (Vary: Accept-Encoding), smaller JSON passes through with its Content-Length, other
 * headers survive, text is compressed as before, and an event stream is neither compressed nor
 * buffered (its first event arrives while the stream is still open). Checked through a real
 * @hono/node-server listener and through app.request (web Responses).
 */
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { streamSSE } from "hono/streaming";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonContentLength, needsLength } from "./json-length.ts";

const big = {
  items: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Agent ${i}`, bio: "Enterprise seller" })),
};
// Larger than 64 KB (what compress-json.ts gzipped on the thread pool): the same path now.
const huge = {
  items: Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `Agent ${i}`, bio: "Enterprise seller" })),
};

const app = new Hono();
app.use(compress());
app.use("*", jsonContentLength());
app.use("*", async (c, next) => {
  await next();
  c.header("cache-control", "no-store");
});
app.get("/big", (c) => {
  c.header("set-cookie", "a=1");
  return c.json(big, 200);
});
app.get("/small", (c) => c.json({ ok: true }));
app.get("/problem", (c) =>
  c.body(JSON.stringify({ title: "x".repeat(2000) }), 422, { "content-type": "application/problem+json" }),
);
app.get("/huge", (c) => c.json(huge));
app.get("/text", (c) => c.text("x".repeat(5000)));
/** Sends one event, then holds the stream open until /release is called. */
let release: () => void = () => {};
app.get("/events", (c) =>
  streamSSE(c, async (stream) => {
    await stream.writeSSE({ event: "hello", data: "x".repeat(2000) });
    await new Promise<void>((r) => {
      release = r;
    });
  }),
);

let server: ReturnType<typeof serve>;
let base = "";
beforeAll(async () => {
  server = serve({ fetch: app.fetch, port: 0 });
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** GET through node:http without decoding, so the raw encoding is visible. */
const raw = async (path: string, encoding?: string) => {
  const http = await import("node:http");
  return new Promise<Raw>((resolve, reject) => {
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

describe("compression on @hono/node-server", () => {
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

  it("gzips a JSON answer over 64 KB and a large problem+json the same way", async () => {
    expect(JSON.stringify(huge).length).toBeGreaterThan(64 * 1024);
    const res = await raw("/huge", "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(res.body).toString())).toEqual(huge);
    const problem = await raw("/problem", "gzip");
    expect(problem.status).toBe(422);
    expect(problem.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(problem.body).toString()).title).toHaveLength(2000);
  });

  it("sends JSON as is, with its length, to a client that does not accept gzip", async () => {
    const res = await raw("/big");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["content-length"]).toBe(String(Buffer.byteLength(JSON.stringify(big))));
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(res.body.toString())).toEqual(big);
  });

  it("leaves small JSON alone and compresses large text", async () => {
    const small = await raw("/small", "gzip");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers["content-length"]).toBe(String('{"ok":true}'.length));
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
    const text = await raw("/text", "gzip");
    expect(text.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(text.body).toString()).toBe("x".repeat(5000));
  });

  it("neither compresses nor buffers an event stream", async () => {
    const http = await import("node:http");
    const first = await new Promise<{ headers: Record<string, unknown>; chunk: string }>(
      (resolve, reject) => {
        const req = http.get(`${base}/events`, { headers: { "accept-encoding": "gzip" } }, (res) => {
          res.once("data", (c: Buffer) => {
            resolve({ headers: res.headers, chunk: c.toString() });
            req.destroy();
          });
        });
        req.on("error", (error) => (error.message === "socket hang up" ? undefined : reject(error)));
      },
    );
    expect(first.headers["content-encoding"]).toBeUndefined();
    expect(first.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(first.chunk).toContain("event: hello");
    release();
  });
});

describe("compression with web Responses (app.request)", () => {
  it("gzips a large JSON answer and passes a small one through", async () => {
    const res = await app.request("/big", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(big);
    const small = await app.request("/small", { headers: { "accept-encoding": "gzip" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
  });

  it("measures only bodied JSON answers that carry no length, encoding or chunking", () => {
    const json = { "content-type": "application/json; charset=UTF-8" };
    expect(needsLength("GET", new Response("{}", { headers: json }))).toBe(true);
    expect(needsLength("HEAD", new Response("{}", { headers: json }))).toBe(false);
    expect(needsLength("GET", new Response("{}", { headers: { ...json, "content-length": "2" } }))).toBe(
      false,
    );
    expect(
      needsLength("GET", new Response("{}", { headers: { ...json, "transfer-encoding": "chunked" } })),
    ).toBe(false);
    expect(needsLength("GET", new Response("x", { headers: { "content-type": "text/event-stream" } }))).toBe(
      false,
    );
    expect(needsLength("GET", new Response(null, { status: 204, headers: json }))).toBe(false);
  });
});
