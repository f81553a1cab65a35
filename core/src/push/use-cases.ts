/**
 * Push use cases (issue 19, ADR 0016): subscribe and unsubscribe a browser, and notify a user —
 * only when they have no open live event stream (an open tab already shows the event), to every
 * subscribed browser, removing endpoints the push service reports gone.
 */
import { Effect } from "effect";
import type { UserId } from "../shared/ids.ts";
import type { PushNotification, PushOutcome, PushSubscription } from "./model.ts";
import { PushSender, PushSubscriptions, StreamPresence } from "./ports.ts";

export const subscribeToPush = Effect.fn("push.subscribe")(function* (
  userId: UserId,
  subscription: PushSubscription,
) {
  const subscriptions = yield* PushSubscriptions;
  yield* subscriptions.save(userId, subscription);
});

export const unsubscribeFromPush = Effect.fn("push.unsubscribe")(function* (
  userId: UserId,
  endpoint: string,
) {
  const subscriptions = yield* PushSubscriptions;
  yield* subscriptions.remove(userId, endpoint);
});

/** The VAPID public key for the browser's `pushManager.subscribe`. */
export const pushPublicKey = Effect.map(PushSender, (sender) => sender.publicKey);

export const notifyUser = Effect.fn("push.notify")(function* (
  userId: UserId,
  notification: PushNotification,
) {
  const presence = yield* StreamPresence;
  if (yield* presence.hasOpenStream(userId)) return outcome("online");
  const subscriptions = yield* PushSubscriptions;
  const targets = yield* subscriptions.forUser(userId);
  if (targets.length === 0) return outcome("no-subscription");
  const sender = yield* PushSender;
  const results = yield* Effect.forEach(
    targets,
    (target) => Effect.either(sender.send(target, notification)),
    {
      concurrency: 4,
    },
  );
  let sent = 0;
  let removed = 0;
  let failed = 0;
  for (const result of results) {
    if (result._tag === "Right") sent++;
    else if (result.left._tag === "PushEndpointGone") {
      yield* subscriptions.removeEndpoint(result.left.endpoint);
      removed++;
    } else failed++;
  }
  return { skipped: null, sent, removed, failed } satisfies PushOutcome;
});

const outcome = (skipped: "online" | "no-subscription"): PushOutcome => ({
  skipped,
  sent: 0,
  removed: 0,
  failed: 0,
});
