import { problemCatalogue, problemType } from "@closr/contracts";
import type { User } from "@closr/core/identity";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "./env.ts";
import { forRole, signedIn } from "./guards.ts";
import { errorTable } from "./problem.ts";

const route = createRoute({
  method: "get",
  path: "/api/thing",
  responses: {
    200: {
      description: "ok",
      content: { "application/json": { schema: z.object({ name: z.string() }) } },
    },
  },
});

const agent = { id: 7, username: "ava", userType: "agent" } as unknown as User;

/** An app whose session middleware sets `user` (or null) as the real one does. */
const appWith = (user: User | null) => {
  const app = new OpenAPIHono<AppEnv>();
  app.use(async (c, next) => {
    c.set("user", user);
    await next();
  });
  return app;
};

describe("route guards", () => {
  it("requireUser answers 401 unauthenticated before the handler, and lets a session through", async () => {
    let ran = 0;
    for (const user of [null, agent]) {
      const app = appWith(user);
      app.openapi(signedIn(route), (c) => {
        ran++;
        return c.json({ name: c.get("user").username }, 200);
      });
      const res = await app.request("/api/thing");
      if (user) expect(await res.json()).toEqual({ name: "ava" });
      else {
        expect(res.status).toBe(401);
        expect(res.headers.get("content-type")).toContain("application/problem+json");
        expect(await res.json()).toMatchObject({
          type: problemType("unauthenticated"),
          detail: "Please log in.",
        });
      }
    }
    expect(ran).toBe(1);
  });

  it("requireRole answers core's wrong-account-type problem for the other side", async () => {
    const app = appWith(agent);
    app.openapi(forRole(route, "business", "pay invoices"), (c) => c.json({ name: "no" }, 200));
    const res = await app.request("/api/thing");
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      type: problemType("wrong-account-type"),
      detail: "Only business accounts can pay invoices.",
    });
  });

  it("a guarded route documents exactly as the contract's route (middleware is not in the document)", () => {
    const plain = new OpenAPIHono();
    plain.openapi(route, (c) => c.json({ name: "x" }, 200));
    const guarded = new OpenAPIHono<AppEnv>();
    guarded.openapi(forRole(route, "agent", "x"), (c) => c.json({ name: "x" }, 200));
    const info = { openapi: "3.1.0", info: { title: "t", version: "1" } };
    expect(guarded.getOpenAPI31Document(info)).toEqual(plain.getOpenAPI31Document(info));
  });
});

describe("error table", () => {
  it("maps every core error to a catalogued problem code", () => {
    for (const [tag, row] of Object.entries(errorTable)) {
      // biome-ignore lint/suspicious/noExplicitAny: rows read only the fields they word
      const { code } = (row as (e: any) => { code: string })({ _tag: tag, kind: "agent", required: "agent" });
      expect(Object.keys(problemCatalogue), tag).toContain(code);
    }
  });
});
