/**
 * Route middleware for who may call a route (ADR 0009): `requireUser` answers 401 "Please log in."
 * before anything else runs when there is no session; `requireRole` answers the same 403 problem as
 * core's WrongAccountType when the caller's account type cannot use the route.
 *
 * The contract (contracts/) stays free of services code: routes are declared there, and the
 * service attaches the guards when it registers them (`signedIn(route)`, `forRole(route, …)`).
 * Hono's zod-openapi runs route middleware before the request validators, and the handler's
 * context then types `c.get("user")` as a `User` (never null).
 */
import { requireVerifiedEmail, type User } from "@closr/core/identity";
import { type ProfileKind, WrongAccountType } from "@closr/core/profiles";
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { Effect, Either } from "effect";
import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { problem, problemForError } from "./problem.ts";

/** The environment a guarded handler sees: the session's user is present. */
export interface SignedInEnv {
  Variables: { user: User };
}

/** 401 unless the request carries a valid session (the session middleware has set `user`). */
export const requireUser: MiddlewareHandler<SignedInEnv> = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.get("user")) return problem(c, "unauthenticated", { detail: "Please log in." });
  await next();
});

/**
 * 403 wrong-account-type unless the signed-in caller's account type is `role`; `action` words the
 * detail as core does ("Only agent accounts can create invoices."). Runs after `requireUser`.
 */
export const requireRole = (role: ProfileKind, action: string): MiddlewareHandler<SignedInEnv> =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    if (c.get("user").userType !== role) {
      return problemForError(c, new WrongAccountType({ required: role, action }));
    }
    await next();
  });

/**
 * 403 `email-not-verified` unless the signed-in caller confirmed their email address (core's
 * `requireVerifiedEmail`: verification requests and payout set-up, issue 15). `action` completes
 * the detail "Please verify your email address before you <action>." Runs after `requireUser`.
 */
export const requireEmailVerified = (action: string): MiddlewareHandler<SignedInEnv> =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const checked = Effect.runSync(Effect.either(requireVerifiedEmail(c.get("user"), action)));
    if (Either.isLeft(checked)) return problemForError(c, checked.left);
    await next();
  });

/** `route` with `requireUser` attached (the OpenAPI document is unchanged: middleware is not part of it). */
export const signedIn = <R extends RouteConfig>(route: R) =>
  createRoute({ ...route, middleware: requireUser });

/** `route` with `requireUser` then `requireRole(role, action)` attached. */
export const forRole = <R extends RouteConfig>(route: R, role: ProfileKind, action: string) =>
  createRoute({
    ...route,
    middleware: [requireUser, requireRole(role, action)] as [
      MiddlewareHandler<SignedInEnv>,
      MiddlewareHandler<SignedInEnv>,
    ],
  });

/**
 * `route` with `requireUser`, `requireRole(role, action)` then `requireEmailVerified(emailAction)`
 * attached (payout set-up: agents only, with a confirmed email).
 */
export const forRoleWithVerifiedEmail = <R extends RouteConfig>(
  route: R,
  role: ProfileKind,
  action: string,
  emailAction: string,
) =>
  createRoute({
    ...route,
    middleware: [requireUser, requireRole(role, action), requireEmailVerified(emailAction)] as [
      MiddlewareHandler<SignedInEnv>,
      MiddlewareHandler<SignedInEnv>,
      MiddlewareHandler<SignedInEnv>,
    ],
  });

/** `route` with `requireUser` then `requireEmailVerified(action)` attached. */
export const withVerifiedEmail = <R extends RouteConfig>(route: R, action: string) =>
  createRoute({
    ...route,
    middleware: [requireUser, requireEmailVerified(action)] as [
      MiddlewareHandler<SignedInEnv>,
      MiddlewareHandler<SignedInEnv>,
    ],
  });
