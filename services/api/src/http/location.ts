/**
 * `Location` on the 201s the contract declares it for (issue 49, contracts' `createdLocations`):
 * the created object's GET path, `{id}` filled from the answer's `id`. Runs around the handler
 * (and around idempotent replays, which answer the same 201), reading the JSON answer once.
 * Source: RFC 9110 §15.3.2 (201 Created) and §10.2.2 (Location).
 */
import { allRoutes, createdLocations } from "@closr/contracts";
import type { MiddlewareHandler } from "hono";

interface Creator {
  readonly method: string;
  readonly pattern: RegExp;
  readonly location: string;
}

/** The contract's creating operations with a Location, as method + path patterns. */
const creators: readonly Creator[] = allRoutes.flatMap((route) => {
  const location = createdLocations[route.operationId ?? ""];
  if (!location) return [];
  const pattern = new RegExp(
    `^${route.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`,
  );
  return [{ method: route.method.toUpperCase(), pattern, location }];
});

/** The Location of a created object answered at `method path`, or undefined. */
export function createdLocationFor(method: string, path: string, body: unknown): string | undefined {
  const creator = creators.find((c) => c.method === method && c.pattern.test(path));
  const id = (body as { id?: unknown } | null)?.id;
  if (!creator || (typeof id !== "number" && typeof id !== "string")) return undefined;
  return creator.location.replace("{id}", encodeURIComponent(String(id)));
}

export function createdLocation(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== "POST" || c.res.status !== 201 || c.res.headers.has("location")) return;
    if (!creators.some((creator) => creator.method === "POST" && creator.pattern.test(c.req.path))) return;
    if (!(c.res.headers.get("content-type") ?? "").includes("json")) return;
    const location = createdLocationFor("POST", c.req.path, await c.res.clone().json());
    if (location) c.res.headers.set("location", location);
  };
}
