/**
 * Outgoing webhooks (issue 20, ADR 0023): an account registers endpoints (an http(s) URL, the
 * event types it wants, a signing secret shown once) and every event about an object it is a
 * party to is POSTed to each of its enabled, subscribed endpoints, signed
 * (`Closr-Signature: t=<unix s>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`), retried with
 * exponential back-off for up to 3 days, and in order per object and endpoint: the next event
 * of an object is not sent to an endpoint until the previous one was accepted (2xx) or given up.
 */
import type { UserId, UserOrProfileOwner } from "../shared/ids.ts";

/** Every event type an endpoint can subscribe to (payloads: contracts `webhooks`). */
export const WEBHOOK_EVENT_TYPES = [
  "partnership.requested",
  "partnership.accepted",
  "partnership.rejected",
  "partnership.withdrawn",
  "partnership.ended",
  "invoice.created",
  "invoice.paid",
  "invoice.overdue",
  "invoice.collection_scheduled",
  "invoice.collection_failed",
  "mandate.created",
  "mandate.activated",
  "mandate.inactive",
  "mandate.revoked",
  "payment.succeeded",
  "payment.failed",
  "payment.refunded",
  "message.created",
  "verification.approved",
  "verification.rejected",
  "verification.changes_requested",
  "opportunity.published",
  "opportunity.paused",
  "opportunity.closed",
  "application.submitted",
  "application.shortlisted",
  "application.interview",
  "application.approved",
  "application.declined",
  "application.withdrawn",
  "statement.issued",
  "deal.submitted",
  "deal.approved",
  "deal.rejected",
  "deal.renewed",
  "deal.expiring",
  "deal.won",
  "deal.lost",
  "deal.expired",
  "sale.reported",
  "sale.confirming",
  "sale.confirmed",
  "sale.disputed",
  "sale.refunded",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** At most this many endpoints per account. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** The prefix of every signing secret (32 random bytes, base64url, follow it). */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

export interface WebhookEndpoint {
  readonly id: number;
  readonly userId: UserId;
  readonly url: string;
  readonly description: string;
  readonly events: readonly WebhookEventType[];
  readonly enabled: boolean;
  readonly createdAt: Date;
}

export type WebhookDeliveryStatus = "pending" | "sending" | "delivered" | "failed";

/** One event's delivery to one endpoint, as the delivery log shows it. */
export interface WebhookDelivery {
  readonly id: number;
  readonly endpointId: number;
  readonly eventId: string;
  readonly eventType: WebhookEventType;
  /** The object the event is about ("partnership:12"): deliveries of one object go in order. */
  readonly objectKey: string;
  readonly status: WebhookDeliveryStatus;
  readonly attempts: number;
  /** The receiver's HTTP status on the last attempt; null before it or when it did not answer. */
  readonly lastStatusCode: number | null;
  readonly lastError: string | null;
  /** When the next attempt is due (pending after a failure); null once delivered or given up. */
  readonly nextAttemptAt: Date | null;
  readonly createdAt: Date;
  readonly deliveredAt: Date | null;
}

/** Who an event concerns: a user, or the owner of a profile (resolved by the adapter). */
export type WebhookParty = UserOrProfileOwner;

/** An event to publish: its type, object, parties and the object's JSON (`data.object`). */
export interface WebhookEventInput {
  readonly type: WebhookEventType;
  /** e.g. "partnership:12"; deliveries of the same key to the same endpoint go in order. */
  readonly objectKey: string;
  readonly parties: readonly WebhookParty[];
  readonly object: Readonly<Record<string, unknown>>;
}

/** What a due delivery needs to be sent: the endpoint's URL and secret and the exact body. */
export interface ClaimedDelivery {
  readonly id: number;
  readonly eventId: string;
  readonly url: string;
  readonly secret: string;
  readonly body: string;
  readonly attempts: number;
  readonly createdAt: Date;
}

/** The receiver's answer to one attempt: its status, or the error when it did not answer. */
export interface SendOutcome {
  readonly statusCode: number | null;
  readonly error: string | null;
}

/** A target of the delivery job: one endpoint and one object. */
export interface DeliveryTarget {
  readonly endpointId: number;
  readonly objectKey: string;
  /**
   * The delivery the job was queued for (ADR 0035): the queue keeps one queued job per delivery
   * (pg-boss `singletonKey`). The job still sends every due delivery of the target, in order.
   */
  readonly deliveryId?: number | undefined;
}

/**
 * Back-off (issue 20: exponential, for 3 days; ADR 0035): the job queue retries a
 * `deliver-webhook` job that did not get its delivery accepted — pg-boss `retryDelay:
 * baseSeconds`, `retryBackoff`, `retryLimit` — so retry n (1-based) comes between
 * `baseSeconds · 2^(n-1)` and twice that after the failure. Once `giveUpAfterSeconds` have
 * passed since the event, or the job has no retry left, the delivery is failed (Replay can send
 * it again).
 */
export interface WebhookRetrySettings {
  readonly baseSeconds: number;
  /** Retries of one job after its first run (pg-boss `retryLimit`). */
  readonly retryLimit: number;
  readonly giveUpAfterSeconds: number;
}

/** 15 s, 30 s, 1 min, … (14 retries: at least 2.8 days in all), given up after 3 days. */
export const defaultWebhookRetry: WebhookRetrySettings = {
  baseSeconds: 15,
  retryLimit: 14,
  giveUpAfterSeconds: 3 * 24 * 60 * 60,
};

/**
 * How a `deliver-webhook` run is retried, from the queue that runs it: `retryInSeconds` is the
 * earliest the queue runs the job again if an attempt fails now (its back-off's lower bound),
 * null when this run is the job's last try.
 */
export interface WebhookRun {
  readonly retryInSeconds: number | null;
  /** True when the queue is running this job again (a retry, or after a crash cut it). */
  readonly isRetry: boolean;
}

/**
 * When a failed delivery is due again: `now + retryInSeconds` (the queue's own retry), or null
 * to give up (no retry left, or past `giveUpAfterSeconds` since the event).
 */
export function nextAttemptAt(
  settings: WebhookRetrySettings,
  retryInSeconds: number | null,
  eventCreatedAt: Date,
  now: Date,
): Date | null {
  if (retryInSeconds === null) return null;
  const next = new Date(now.getTime() + retryInSeconds * 1000);
  return next.getTime() - eventCreatedAt.getTime() > settings.giveUpAfterSeconds * 1000 ? null : next;
}

/** Known event types only, deduplicated, in catalogue order. */
export function normaliseEventTypes(types: readonly string[]): WebhookEventType[] {
  return WEBHOOK_EVENT_TYPES.filter((t) => types.includes(t));
}
