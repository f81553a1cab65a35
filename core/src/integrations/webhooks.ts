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
  "payment.succeeded",
  "payment.failed",
  "payment.refunded",
  "message.created",
  "verification.approved",
  "verification.rejected",
  "verification.changes_requested",
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
}

/**
 * Back-off (issue 20: exponential, for 3 days): attempt n (1-based) failed → the next is due
 * `baseSeconds · 2^(n-1)` later, at most `maxDelaySeconds`; once `giveUpAfterSeconds` have passed
 * since the event, the delivery is failed (Replay can send it again).
 */
export interface WebhookRetrySettings {
  readonly baseSeconds: number;
  readonly maxDelaySeconds: number;
  readonly giveUpAfterSeconds: number;
}

/** 30 s, 1 min, 2 min, … capped at 12 h, for 3 days (~15 attempts). */
export const defaultWebhookRetry: WebhookRetrySettings = {
  baseSeconds: 30,
  maxDelaySeconds: 12 * 60 * 60,
  giveUpAfterSeconds: 3 * 24 * 60 * 60,
};

/** When the attempt after failed attempt number `attempts` is due, or null to give up. */
export function nextAttemptAt(
  settings: WebhookRetrySettings,
  attempts: number,
  eventCreatedAt: Date,
  now: Date,
): Date | null {
  const delay = Math.min(settings.baseSeconds * 2 ** Math.max(0, attempts - 1), settings.maxDelaySeconds);
  const next = new Date(now.getTime() + delay * 1000);
  return next.getTime() - eventCreatedAt.getTime() > settings.giveUpAfterSeconds * 1000 ? null : next;
}

/** Known event types only, deduplicated, in catalogue order. */
export function normaliseEventTypes(types: readonly string[]): WebhookEventType[] {
  return WEBHOOK_EVENT_TYPES.filter((t) => types.includes(t));
}
