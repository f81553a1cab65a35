/** Route definitions for web push (issue 19): the VAPID key, subscribe and unsubscribe a browser. */
import { createRoute } from "@hono/zod-openapi";
import { PushConfig, PushSubscriptionRequest, PushUnsubscribeRequest } from "../push.ts";
import { body, json, signedInProblems, signedInWriteProblems } from "./route-helpers.ts";

export const getPushConfig = createRoute({
  method: "get",
  path: "/api/push/config",
  operationId: "getPushConfig",
  tags: ["push"],
  summary: "The VAPID public key browsers subscribe with",
  responses: {
    200: json(PushConfig, "The key"),
    ...signedInProblems(),
  },
});

export const subscribePush = createRoute({
  method: "put",
  path: "/api/push/subscription",
  operationId: "subscribePush",
  tags: ["push"],
  summary: "Send new messages and partnership requests to this browser",
  description:
    "Stores the browser's push subscription for the caller (an endpoint another user held moves to the caller). A push goes out only while the user has no live event stream open.",
  request: body(PushSubscriptionRequest),
  responses: {
    204: { description: "Subscribed" },
    ...signedInWriteProblems(),
  },
});

export const unsubscribePush = createRoute({
  method: "delete",
  path: "/api/push/subscription",
  operationId: "unsubscribePush",
  tags: ["push"],
  summary: "Stop push notifications to this browser",
  request: body(PushUnsubscribeRequest),
  responses: {
    204: { description: "Unsubscribed (also when it was not subscribed)" },
    ...signedInWriteProblems(),
  },
});
