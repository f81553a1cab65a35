/** Identity handlers: spec §7 GET /api/user, POST /api/register, /api/login, /api/logout. */
import { identityRoutes } from "@closr/contracts";
import {
  currentUser,
  issueDeviceCookie,
  login,
  logout,
  register,
  type SignedIn,
  sendVerificationEmail,
} from "@closr/core/identity";
import { atomically } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { Effect } from "effect";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { runUseCase } from "../../http/run.ts";
import {
  clearSessionCookie,
  readSessionToken,
  writeDeviceCookie,
  writeSessionCookie,
} from "../../http/session-cookie.ts";
import { toUserJson } from "../../http/user-json.ts";
import type { AppRuntime } from "../../runtime.ts";

/**
 * A successful sign-in (login or sign-up) as a result: the session plus a new device cookie for
 * the account (issue 48; OWASP device cookies: a new one at every successful authentication).
 */
const withDeviceCookie = <E, R>(signIn: Effect.Effect<SignedIn, E, R>) =>
  Effect.flatMap(signIn, (signedIn) =>
    Effect.map(issueDeviceCookie(signedIn.user), (device) => ({ ...signedIn, device })),
  );

export function registerIdentityRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(signedIn(identityRoutes.getCurrentUser), (c) => c.json(toUserJson(c.get("user")), 200));
  app.openapi(identityRoutes.getSession, (c) => {
    const user = c.get("user");
    return c.json({ user: user ? toUserJson(user) : null }, 200);
  });

  app.openapi(identityRoutes.register, async (c) => {
    const body = c.req.valid("json");
    const userAgent = c.req.header("user-agent");
    // The account and its email verification link (issue 15) in one unit (ADR 0025): the link's
    // send-email job commits with the user row, or neither is kept.
    const signUp = atomically(
      Effect.tap(register({ ...body, userAgent }), (signedIn) => sendVerificationEmail(signedIn.user)),
    );
    return runUseCase(runtime, c, withDeviceCookie(signUp), async (signedIn) => {
      writeSessionCookie(c, signedIn.token, signedIn.expiresAt);
      writeDeviceCookie(c, signedIn.device.value, signedIn.device.expiresAt);
      c.get("logger").info({ userId: signedIn.user.id, userType: signedIn.user.userType }, "user registered");
      return c.json(toUserJson(signedIn.user), 201);
    });
  });

  app.openapi(identityRoutes.login, async (c) => {
    const body = c.req.valid("json");
    // A new token at every login (no session fixation); the old session, if any, ends.
    const previous = readSessionToken(c);
    if (previous) await runtime.runPromise(logout(previous));
    const signIn = withDeviceCookie(login({ ...body, userAgent: c.req.header("user-agent") }));
    return runUseCase(runtime, c, signIn, (signedIn) => {
      writeSessionCookie(c, signedIn.token, signedIn.expiresAt);
      writeDeviceCookie(c, signedIn.device.value, signedIn.device.expiresAt);
      return c.json(toUserJson(signedIn.user), 200);
    });
  });

  app.openapi(identityRoutes.logout, async (c) => {
    const token = readSessionToken(c);
    if (token) await runtime.runPromise(logout(token));
    clearSessionCookie(c);
    return c.body(null, 204);
  });
}

/** Resolves the session cookie into `c.var.user`, sliding the cookie's expiry when renewed. */
export function sessionResolver(runtime: AppRuntime) {
  return async (c: import("hono").Context<AppEnv>, next: () => Promise<void>) => {
    c.set("user", null);
    const token = readSessionToken(c);
    if (token) {
      const result = await runtime.runPromise(Effect.either(currentUser(token)));
      if (result._tag === "Right") {
        c.set("user", result.right.user);
        if (result.right.renewedUntil._tag === "Some")
          writeSessionCookie(c, token, result.right.renewedUntil.value);
      } else {
        clearSessionCookie(c);
      }
    }
    await next();
  };
}
