/** Integrations' tagged errors (issue 20). */
import { Data } from "effect";

/** The account has no API access: not on Enterprise and not granted by an administrator. */
export class ApiAccessRequired extends Data.TaggedError("ApiAccessRequired")<Record<never, never>> {}

/** No such API key among the caller's (or it belongs to someone else). */
export class ApiKeyNotFound extends Data.TaggedError("ApiKeyNotFound")<{ readonly id: number }> {}

/** The account already has the maximum number of active keys. */
export class ApiKeyLimitReached extends Data.TaggedError("ApiKeyLimitReached")<{ readonly limit: number }> {}

/** No such webhook endpoint among the caller's (or it belongs to someone else). */
export class WebhookEndpointNotFound extends Data.TaggedError("WebhookEndpointNotFound")<{
  readonly id: number;
}> {}

/** No such webhook delivery among the caller's endpoints. */
export class WebhookDeliveryNotFound extends Data.TaggedError("WebhookDeliveryNotFound")<{
  readonly id: number;
}> {}

/** The account already has the maximum number of webhook endpoints. */
export class WebhookEndpointLimitReached extends Data.TaggedError("WebhookEndpointLimitReached")<{
  readonly limit: number;
}> {}

/** The endpoint's URL or event types are not acceptable (422, with the field). */
export class InvalidWebhookEndpoint extends Data.TaggedError("InvalidWebhookEndpoint")<{
  readonly field: string;
  readonly message: string;
}> {}

export type IntegrationsError =
  | ApiAccessRequired
  | ApiKeyNotFound
  | ApiKeyLimitReached
  | WebhookEndpointNotFound
  | WebhookDeliveryNotFound
  | WebhookEndpointLimitReached
  | InvalidWebhookEndpoint;

/**
 * A `deliver-webhook` run left its target's oldest delivery for the queue to retry (ADR 0035):
 * an attempt was not accepted, or, on a retry, the delivery was not due yet or still leased by
 * a run cut by a crash. The job handler's rejection makes the queue retry the job with back-off;
 * never an HTTP answer.
 */
export class WebhookDeliveryRetry extends Data.TaggedError("WebhookDeliveryRetry")<{
  readonly deliveryId: number | null;
  readonly reason: "not-accepted" | "waiting";
}> {}
