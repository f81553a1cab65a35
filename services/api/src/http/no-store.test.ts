/**
 * noStoreByDefault (issue 19, issue 22, ADR 0031): API answers without a cache-control of their own
 * get `no-store`, a route's own cache-control stays, and the header is added in place, on the
 * same Response object (hono's `c.header()` after the handler would rebuild it as a stream).
 * Checked through a real node-server listener, with the app's compression outside it.
 */
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonContentLength } from "./json-length.ts";
import { noStoreByDefault } from "./no-store.ts";

const big = { items: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Agent ${i}` })) };
/** Whether noStoreByDefault kept the handler's Response object, per path. */
const sameResponse = new Map<string, boolean>();
const handlerResponse = new Map<string, Response>();

const app = new Hono();
app.use(compress());
app.use("*", jsonContentLength());
app.use("*", async (c, next) => {
  await next();
  sameResponse.set(c.req.path, handlerResponse.get(c.req.path) === c.res);
});
app.use("*", noStoreByDefault());
app.use("*", async (c, next) => {
  await next();
  handlerResponse.set(c.req.path, c.res);
});
app.get("/big", (c) => c.json(big));
app.get("/public", (c) => c.json(big, 200, { "cache-control": "public, max-age=3600" }));
app.get("/redirect", () => Response.redirect("http://example.com/elsewhere", 302));
app.get("/header-then-json", (c) => {
  c.header("set-cookie", "a=1");
  return c.json({ ok: true });
});

let server: ReturnType<typeof serve>;
let base = "";
beforeAll(async () => {
  server = serve({ fetch: app.fetch, port: 0 });
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** GET through node:http without decoding or following redirects. */
const raw = async (path: string) => {
  const http = await import("node:http");
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { "accept-encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
};

describe("noStoreByDefault on @hono/node-server", () => {
  it("adds no-store in place (the same Response) and the answer is still gzipped", async () => {
    const res = await raw("/big");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(res.body).toString())).toEqual(big);
    expect(sameResponse.get("/big")).toBe(true);
  });

  it("keeps a route's own cache-control", async () => {
    const res = await raw("/public");
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(JSON.parse(gunzipSync(res.body).toString())).toEqual(big);
  });

  it("adds no-store to a response whose headers are immutable (Response.redirect)", async () => {
    const res = await raw("/redirect");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("http://example.com/elsewhere");
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("keeps headers the handler set before answering", async () => {
    const res = await raw("/header-then-json");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["set-cookie"]).toEqual(["a=1"]);
    expect(JSON.parse(res.body.toString())).toEqual({ ok: true });
  });
});
