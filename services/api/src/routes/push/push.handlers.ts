/**
 * Web push routes (issue 19): the VAPID key, subscribe and unsubscribe this browser; and
 * `notifyInBackground`, which the message and partnership handlers call after a change
 * commits (best effort: a failed push is logged, never fails the request).
 */
import { pushRoutes } from "@closr/contracts";
import {
  notifyUser,
  type PushNotification,
  pushPublicKey,
  subscribeToPush,
  unsubscribeFromPush,
} from "@closr/core/push";
import type { UserId } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Logger } from "pino";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";

export function registerPushRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(signedIn(pushRoutes.getPushConfig), (c) =>
    runUseCase(runtime, c, pushPublicKey, (publicKey) => c.json({ publicKey }, 200)),
  );
  app.openapi(signedIn(pushRoutes.subscribePush), (c) => {
    const { endpoint, keys } = c.req.valid("json");
    return runUseCase(runtime, c, subscribeToPush(c.get("user").id, { endpoint, keys }), () =>
      c.body(null, 204),
    );
  });
  app.openapi(signedIn(pushRoutes.unsubscribePush), (c) =>
    runUseCase(runtime, c, unsubscribeFromPush(c.get("user").id, c.req.valid("json").endpoint), () =>
      c.body(null, 204),
    ),
  );
}

/** Sends `notification` to the user's browsers unless they have a stream open; never throws. */
export function notifyInBackground(
  runtime: AppRuntime,
  logger: Logger,
  userId: UserId,
  notification: PushNotification,
): void {
  runtime
    .runPromise(notifyUser(userId, notification))
    .then((outcome) => {
      if (outcome.sent + outcome.removed + outcome.failed > 0)
        logger.info({ userId, ...outcome }, "push sent");
    })
    .catch((err) => logger.error({ err, userId }, "push failed"));
}
