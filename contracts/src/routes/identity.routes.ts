/** Route definitions for identity: spec §7 (GET /api/user, POST /api/register, /api/login, /api/logout). */
import { createRoute, z } from "@hono/zod-openapi";
import { LoginRequest, RegisterRequest, User } from "../identity.ts";
import { commonProblems, problemResponses } from "../problems.ts";
import { json, signedInProblems, writeProblems } from "./route-helpers.ts";

export const getCurrentUser = createRoute({
  method: "get",
  path: "/api/user",
  operationId: "getCurrentUser",
  tags: ["identity"],
  summary: "The signed-in user",
  description: "401 means nobody is signed in (spec §7).",
  responses: {
    200: json(User, "The signed-in user"),
    ...signedInProblems(),
  },
});

export const register = createRoute({
  method: "post",
  path: "/api/register",
  operationId: "register",
  tags: ["identity"],
  summary: "Create an account and sign in",
  description:
    "Creates the user and starts a session (Set-Cookie), and a device cookie for the login guard. A taken username answers 409 naming the field. An email that already has an account answers the same as a free one (no account enumeration): the account is created without that address, no confirmation link is sent, and the address's owner is told by email.",
  request: {
    body: { required: true, content: { "application/json": { schema: RegisterRequest } } },
  },
  responses: {
    201: json(User, "The new user, signed in"),
    ...problemResponses("username-taken", ...writeProblems, "rate-limited", ...commonProblems),
  },
});

export const login = createRoute({
  method: "post",
  path: "/api/login",
  operationId: "login",
  tags: ["identity"],
  summary: "Sign in with username (or email) and password",
  description:
    "Starts a new session with a new token (Set-Cookie) and renews the browser's device cookie. An unknown user and a wrong password give the same 401. Failed logins are limited per device cookie for a browser that signed in to the account before, else per username and per client address (IPv6 by /64): 429 with Retry-After.",
  request: {
    body: { required: true, content: { "application/json": { schema: LoginRequest } } },
  },
  responses: {
    200: json(User, "The signed-in user"),
    ...problemResponses("invalid-credentials", ...writeProblems, "rate-limited", ...commonProblems),
  },
});

export const logout = createRoute({
  method: "post",
  path: "/api/logout",
  operationId: "logout",
  tags: ["identity"],
  summary: "Sign out",
  description: "Ends the current session, if any, and clears the cookie.",
  responses: {
    204: { description: "Signed out" },
    ...problemResponses("origin-rejected", ...commonProblems),
  },
});

/** The session check without an error status (issue 19): a signed-out visit logs no failed request. */
export const getSession = createRoute({
  method: "get",
  path: "/api/session",
  operationId: "getSession",
  tags: ["identity"],
  summary: "Who is signed in, if anyone",
  description:
    "Answers 200 either way: `user` is the signed-in user or null. The app's session check uses it, so a signed-out page load has no 401 in the console.",
  responses: {
    200: json(
      // A union, not `.nullable()`: on a referenced schema that emits `allOf: [User, null]`, which
      // generated clients read as "always a User". `anyOf: [User, null]` types it `User | null`.
      z
        .object({
          user: z
            .union([User, z.null()])
            .openapi({ description: "The signed-in user; null when signed out." }),
        })
        .openapi("SessionState"),
      "The signed-in user, or null",
    ),
    ...problemResponses(...commonProblems),
  },
});
