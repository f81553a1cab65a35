/** Push ports: stored subscriptions, the sender (VAPID web push), and open-stream presence. */
import { Context, type Effect } from "effect";
import type { UserId } from "../shared/ids.ts";
import type { PushSendError } from "./errors.ts";
import type { PushNotification, PushSubscription } from "./model.ts";

export class PushSubscriptions extends Context.Tag("push/PushSubscriptions")<
  PushSubscriptions,
  {
    /** Stores the subscription for the user; an endpoint another user held moves to this user. */
    readonly save: (userId: UserId, subscription: PushSubscription) => Effect.Effect<void>;
    /** Removes the user's subscription with this endpoint (nothing when absent). */
    readonly remove: (userId: UserId, endpoint: string) => Effect.Effect<void>;
    /** Removes an endpoint whatever its owner (the push service said it is gone). */
    readonly removeEndpoint: (endpoint: string) => Effect.Effect<void>;
    readonly forUser: (userId: UserId) => Effect.Effect<readonly PushSubscription[]>;
  }
>() {}

export class PushSender extends Context.Tag("push/PushSender")<
  PushSender,
  {
    /** The VAPID public key (base64url) browsers subscribe with. */
    readonly publicKey: string;
    readonly send: (
      subscription: PushSubscription,
      notification: PushNotification,
    ) => Effect.Effect<void, PushSendError>;
  }
>() {}

/** Whether a user has a live event stream (ADR 0007) open in any API process. */
export class StreamPresence extends Context.Tag("push/StreamPresence")<
  StreamPresence,
  {
    readonly hasOpenStream: (userId: UserId) => Effect.Effect<boolean>;
    /** Records an opened stream; the returned effect records it closed. */
    readonly opened: (userId: UserId) => Effect.Effect<Effect.Effect<void>>;
  }
>() {}
