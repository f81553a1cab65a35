/** Push's tagged errors (transport outcomes; no use case fails with them — they are counted). */
import { Data } from "effect";

/** The push service says the endpoint no longer exists (HTTP 404/410): the subscription is removed. */
export class PushEndpointGone extends Data.TaggedError("PushEndpointGone")<{ readonly endpoint: string }> {}

/** Any other delivery failure (network, 5xx, 429); the subscription is kept. */
export class PushDeliveryFailed extends Data.TaggedError("PushDeliveryFailed")<{
  readonly endpoint: string;
  readonly reason: string;
}> {}

/** Every tagged error the PushSender port fails with. */
export type PushSendError = PushEndpointGone | PushDeliveryFailed;
