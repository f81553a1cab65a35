/**
 * Outgoing webhook use cases (issue 20, ADR 0023): endpoints in Settings → API (same access as
 * API keys: Enterprise, an administrator's grant, or an admin), the delivery log and Replay,
 * publishing an event (from the other contexts' use cases), and delivery: the `deliver-webhook`
 * job sends one target's due deliveries in order; the `webhook-retries` sweep re-queues targets
 * whose next attempt fell due.
 */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { Clock } from "../shared/clock.ts";
import { JobQueue } from "../shared/jobs.ts";
import {
  InvalidWebhookEndpoint,
  WebhookDeliveryNotFound,
  WebhookEndpointLimitReached,
  WebhookEndpointNotFound,
} from "./errors.ts";
import { requireApiAccess } from "./use-cases.ts";
import {
  type WebhookEndpointChanges,
  WebhookSender,
  WebhookStore,
  WebhookUrlPolicy,
} from "./webhook-ports.ts";
import {
  type DeliveryTarget,
  MAX_WEBHOOK_ENDPOINTS,
  nextAttemptAt,
  normaliseEventTypes,
} from "./webhooks.ts";

/** A lease on a claimed delivery: longer than the sender's timeout. */
const LEASE_SECONDS = 60;

const checkUrl = (url: string) =>
  Effect.gen(function* () {
    const refused = yield* (yield* WebhookUrlPolicy).check(url);
    if (Option.isSome(refused))
      return yield* new InvalidWebhookEndpoint({ field: "url", message: refused.value });
  });

const checkEvents = (events: readonly string[]) =>
  Effect.gen(function* () {
    const known = normaliseEventTypes(events);
    if (known.length === 0)
      return yield* new InvalidWebhookEndpoint({
        field: "events",
        message: "Choose at least one event type",
      });
    return known;
  });

/** Settings → API: the caller's endpoints (newest first). */
export const listWebhookEndpoints = Effect.fn("webhooks.listEndpoints")(function* (user: User) {
  return yield* (yield* WebhookStore).list(user.id);
});

/** Registers an endpoint; its signing secret is in the result and nowhere else. */
export const createWebhookEndpoint = Effect.fn("webhooks.createEndpoint")(function* (
  user: User,
  input: {
    readonly url: string;
    readonly description?: string | undefined;
    readonly events: readonly string[];
  },
) {
  yield* requireApiAccess(user);
  const url = input.url.trim();
  yield* checkUrl(url);
  const events = yield* checkEvents(input.events);
  const store = yield* WebhookStore;
  if ((yield* store.count(user.id)) >= MAX_WEBHOOK_ENDPOINTS)
    return yield* new WebhookEndpointLimitReached({ limit: MAX_WEBHOOK_ENDPOINTS });
  return yield* store.create(user.id, { url, description: input.description?.trim() ?? "", events });
});

/** Changes URL, description, event types or enabled of one of the caller's endpoints. */
export const updateWebhookEndpoint = Effect.fn("webhooks.updateEndpoint")(function* (
  user: User,
  id: number,
  changes: WebhookEndpointChanges<string>,
) {
  const url = changes.url?.trim();
  if (url !== undefined) yield* checkUrl(url);
  const events = changes.events === undefined ? undefined : yield* checkEvents(changes.events);
  // Turning an endpoint on again needs access, like creating one.
  if (changes.enabled === true || url !== undefined) yield* requireApiAccess(user);
  const updated = yield* (yield* WebhookStore).update(user.id, id, {
    url,
    description: changes.description?.trim(),
    events,
    enabled: changes.enabled,
  });
  return yield* Option.match(updated, {
    onNone: () => Effect.fail(new WebhookEndpointNotFound({ id })),
    onSome: Effect.succeed,
  });
});

/** Deletes one of the caller's endpoints with its delivery log. */
export const deleteWebhookEndpoint = Effect.fn("webhooks.deleteEndpoint")(function* (user: User, id: number) {
  if (!(yield* (yield* WebhookStore).remove(user.id, id))) return yield* new WebhookEndpointNotFound({ id });
});

/** The newest deliveries (at most `limit`, 1..100) of one of the caller's endpoints. */
export const listWebhookDeliveries = Effect.fn("webhooks.listDeliveries")(function* (
  user: User,
  endpointId: number,
  limit = 50,
) {
  const found = yield* (yield* WebhookStore).deliveries(
    user.id,
    endpointId,
    Math.min(Math.max(limit, 1), 100),
  );
  return yield* Option.match(found, {
    onNone: () => Effect.fail(new WebhookEndpointNotFound({ id: endpointId })),
    onSome: Effect.succeed,
  });
});

/** Replay: queues one of the caller's deliveries again, now (same event id: receivers dedup). */
export const replayWebhookDelivery = Effect.fn("webhooks.replay")(function* (user: User, deliveryId: number) {
  const now = yield* (yield* Clock).now;
  const replayed = yield* (yield* WebhookStore).replay(user.id, deliveryId, now);
  if (Option.isNone(replayed)) return yield* new WebhookDeliveryNotFound({ id: deliveryId });
  const delivery = replayed.value;
  yield* (yield* JobQueue).enqueue("deliver-webhook", {
    endpointId: delivery.endpointId,
    objectKey: delivery.objectKey,
  });
  return delivery;
});

/**
 * The `deliver-webhook` job: sends the target's due deliveries oldest first and stops at the
 * first that is not accepted (it is retried later by the sweep; later events of the object
 * wait). Returns how many were delivered.
 */
export const deliverWebhookTarget = Effect.fn("webhooks.deliver")(function* (target: DeliveryTarget) {
  const store = yield* WebhookStore;
  const sender = yield* WebhookSender;
  const { retry } = yield* WebhookUrlPolicy;
  const clock = yield* Clock;
  let delivered = 0;
  for (;;) {
    const now = yield* clock.now;
    const claimed = yield* store.claim(target, now, new Date(now.getTime() + LEASE_SECONDS * 1000));
    if (Option.isNone(claimed)) return delivered;
    const delivery = claimed.value;
    const outcome = yield* sender.send(delivery, now);
    const at = yield* clock.now;
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    if (ok) {
      yield* store.record(delivery.id, outcome, { delivered: true, at });
      delivered++;
      continue;
    }
    yield* store.record(delivery.id, outcome, {
      delivered: false,
      nextAttemptAt: nextAttemptAt(retry, delivery.attempts, delivery.createdAt, at),
    });
    return delivered;
  }
});

/** The `webhook-retries` sweep: queues a `deliver-webhook` job per target that fell due. */
export const sweepWebhookRetries = Effect.fn("webhooks.sweep")(function* () {
  const now = yield* (yield* Clock).now;
  const targets = yield* (yield* WebhookStore).dueTargets(now, 500);
  const queue = yield* JobQueue;
  for (const target of targets) yield* queue.enqueue("deliver-webhook", target);
  return targets.length;
});
