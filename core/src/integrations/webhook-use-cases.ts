/**
 * Outgoing webhook use cases (issue 20, ADR 0023): endpoints in Settings → API (same access as
 * API keys: Enterprise, an administrator's grant, or an admin), the delivery log and Replay,
 * publishing an event (from the other contexts' use cases), and delivery: the `deliver-webhook`
 * job sends one target's due deliveries in order; a delivery not accepted fails the job, which
 * the queue retries with back-off (ADR 0035).
 */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { Clock } from "../shared/clock.ts";
import { JobQueue } from "../shared/jobs.ts";
import {
  InvalidWebhookEndpoint,
  WebhookDeliveryNotFound,
  WebhookDeliveryRetry,
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
  type WebhookRun,
} from "./webhooks.ts";

/**
 * A lease on a claimed delivery: longer than the sender's timeout (10 s), and about the queue's
 * expiry of a `deliver-webhook` job (30 s, ADR 0035), so the retry of a run cut by a crash finds
 * it expired.
 */
const LEASE_SECONDS = 30;
/** A run claims no new delivery after this long (the job's expiry is 30 s; one send ≤ 10 s). */
const RUN_BUDGET_SECONDS = 15;

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
    deliveryId: delivery.id,
  });
  return delivery;
});

/**
 * The `deliver-webhook` job (ADR 0023, ADR 0035): sends the target's due deliveries oldest first.
 * A delivery not accepted is recorded pending until `run.retryInSeconds` from now (when the
 * queue runs the job again) — or failed when that is null or past 3 days, and then the next
 * delivery is tried — and the run fails with `WebhookDeliveryRetry` so the queue retries it.
 * When the oldest unfinished delivery is not claimable (not due, or leased by another run) a
 * first run ends (the run that owns it will send it and those after it); a retry fails again,
 * to be retried later. After `RUN_BUDGET_SECONDS` the run queues the target again and ends.
 * Returns how many were delivered.
 */
export const deliverWebhookTarget = Effect.fn("webhooks.deliver")(function* (
  target: DeliveryTarget,
  run: WebhookRun,
) {
  const store = yield* WebhookStore;
  const sender = yield* WebhookSender;
  const { retry } = yield* WebhookUrlPolicy;
  const clock = yield* Clock;
  const started = (yield* clock.now).getTime();
  let delivered = 0;
  for (;;) {
    const now = yield* clock.now;
    if (now.getTime() - started > RUN_BUDGET_SECONDS * 1000) {
      const head = yield* store.oldestUnfinished(target);
      if (Option.isSome(head))
        yield* (yield* JobQueue).enqueue("deliver-webhook", {
          endpointId: target.endpointId,
          objectKey: target.objectKey,
          deliveryId: head.value,
        });
      return delivered;
    }
    const claimed = yield* store.claim(target, now, new Date(now.getTime() + LEASE_SECONDS * 1000));
    if (Option.isNone(claimed)) {
      const head = yield* store.oldestUnfinished(target);
      if (Option.isSome(head) && run.isRetry)
        return yield* new WebhookDeliveryRetry({ deliveryId: head.value, reason: "waiting" });
      return delivered;
    }
    const delivery = claimed.value;
    const outcome = yield* sender.send(delivery, now);
    const at = yield* clock.now;
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    if (ok) {
      yield* store.record(delivery.id, outcome, { delivered: true, at });
      delivered++;
      continue;
    }
    const next = nextAttemptAt(retry, run.retryInSeconds, delivery.createdAt, at);
    yield* store.record(delivery.id, outcome, { delivered: false, nextAttemptAt: next });
    // Given up: later deliveries of the object are no longer held back.
    if (next === null) continue;
    return yield* new WebhookDeliveryRetry({ deliveryId: delivery.id, reason: "not-accepted" });
  }
});

/**
 * The `webhook-retries` job (no longer scheduled, ADR 0035): queues a job for each target whose
 * oldest delivery has been due for over 10 minutes — a delivery whose job was lost — keyed by
 * that delivery, so running it twice queues nothing more.
 */
export const sweepWebhookRetries = Effect.fn("webhooks.sweep")(function* () {
  const now = yield* (yield* Clock).now;
  const targets = yield* (yield* WebhookStore).dueTargets(now, 600, 500);
  const queue = yield* JobQueue;
  for (const target of targets) yield* queue.enqueue("deliver-webhook", target);
  return targets.length;
});
