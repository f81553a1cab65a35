/**
 * Outgoing webhook ports (issue 20, ADR 0023): the endpoints and their delivery log
 * (`WebhookStore`), the one place events are published (`WebhookEvents`), the HTTP sender
 * (`WebhookSender`, signs and POSTs) and the URL policy (`WebhookUrlPolicy`, SSRF).
 */
import { Context, type Effect, type Option } from "effect";
import type { UserId } from "../shared/ids.ts";
import type {
  ClaimedDelivery,
  DeliveryTarget,
  SendOutcome,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventInput,
  WebhookEventType,
  WebhookRetrySettings,
} from "./webhooks.ts";

/** The fields of an endpoint its owner may change; `Event` is a plain string before validation. */
export interface WebhookEndpointChanges<Event extends string = WebhookEventType> {
  readonly url?: string | undefined;
  readonly description?: string | undefined;
  readonly events?: readonly Event[] | undefined;
  readonly enabled?: boolean | undefined;
}

export class WebhookStore extends Context.Tag("integrations/WebhookStore")<
  WebhookStore,
  {
    /** Creates an endpoint with a new secret (`whsec_…`), returned here only. */
    readonly create: (
      userId: UserId,
      input: {
        readonly url: string;
        readonly description: string;
        readonly events: readonly WebhookEventType[];
      },
    ) => Effect.Effect<{ readonly endpoint: WebhookEndpoint; readonly secret: string }>;
    /** The user's endpoints, newest first. */
    readonly list: (userId: UserId) => Effect.Effect<readonly WebhookEndpoint[]>;
    readonly count: (userId: UserId) => Effect.Effect<number>;
    /** Changes the user's endpoint; None when it is not theirs. */
    readonly update: (
      userId: UserId,
      id: number,
      changes: WebhookEndpointChanges,
    ) => Effect.Effect<Option.Option<WebhookEndpoint>>;
    /** Deletes the user's endpoint and its deliveries; false when it is not theirs. */
    readonly remove: (userId: UserId, id: number) => Effect.Effect<boolean>;
    /** The newest `limit` deliveries of the user's endpoint; None when it is not theirs. */
    readonly deliveries: (
      userId: UserId,
      endpointId: number,
      limit: number,
    ) => Effect.Effect<Option.Option<readonly WebhookDelivery[]>>;
    /**
     * Queues one of the user's deliveries again (pending, due `now`, same event id); None when it
     * is not theirs or is being sent right now.
     */
    readonly replay: (
      userId: UserId,
      deliveryId: number,
      now: Date,
    ) => Effect.Effect<Option.Option<WebhookDelivery>>;
    /**
     * Claims the oldest unfinished delivery of the target when it is due (pending and due, or a
     * send whose lease ran out) and leases it until `leaseUntil`; None when the oldest is not due
     * (in order per object: later ones wait) or there is none.
     */
    readonly claim: (
      target: DeliveryTarget,
      now: Date,
      leaseUntil: Date,
    ) => Effect.Effect<Option.Option<ClaimedDelivery>>;
    /** Records an attempt: delivered (2xx), pending again at `nextAttemptAt`, or failed (null). */
    readonly record: (
      id: number,
      outcome: SendOutcome,
      result:
        | { readonly delivered: true; readonly at: Date }
        | { readonly delivered: false; readonly nextAttemptAt: Date | null },
    ) => Effect.Effect<void>;
    /** The id of the target's oldest delivery still pending or being sent, if any. */
    readonly oldestUnfinished: (target: DeliveryTarget) => Effect.Effect<Option.Option<number>>;
    /**
     * Targets whose oldest unfinished delivery has been due for over `overdueSeconds` at `now`
     * (with that delivery's id), at most `limit`: deliveries whose job was lost.
     */
    readonly dueTargets: (
      now: Date,
      overdueSeconds: number,
      limit: number,
    ) => Effect.Effect<readonly DeliveryTarget[]>;
  }
>() {}

/**
 * The one place events become webhooks: stores the event and one delivery per enabled,
 * subscribed endpoint of its parties, and queues the `deliver-webhook` jobs — in the ambient
 * transaction when there is one (withTransaction), else right after the change committed.
 */
export class WebhookEvents extends Context.Tag("integrations/WebhookEvents")<
  WebhookEvents,
  { readonly publish: (event: WebhookEventInput) => Effect.Effect<void> }
>() {}

/** POSTs `body` to `url` signed with `secret` (Closr-Signature, Closr-Event-Id), with a timeout. */
export class WebhookSender extends Context.Tag("integrations/WebhookSender")<
  WebhookSender,
  {
    readonly send: (delivery: ClaimedDelivery, now: Date) => Effect.Effect<SendOutcome>;
  }
>() {}

/** Whether a URL may be an endpoint (http(s); in production no private or loopback address). */
export class WebhookUrlPolicy extends Context.Tag("integrations/WebhookUrlPolicy")<
  WebhookUrlPolicy,
  {
    /** None when acceptable, else the reason shown to the user. */
    readonly check: (url: string) => Effect.Effect<Option.Option<string>>;
    readonly retry: WebhookRetrySettings;
  }
>() {}
