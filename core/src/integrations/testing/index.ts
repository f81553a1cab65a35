/**
 * In-memory Layers of the integrations ports for unit tests. ApiKeyRepository, like the Postgres
 * adapter: the secret is returned once at creation (`closr_live_` + 43 characters), keys list
 * newest first, revoking is idempotent and only for the owner, a revoked key no longer
 * authenticates. Webhooks: the store, a scripted sender, a URL policy and a recording job queue.
 */
import { Effect, Layer, Option } from "effect";
import { aUser } from "../../identity/testing/index.ts";
import { ApiKeyId, type UserId } from "../../shared/ids.ts";
import { type JobKind, JobQueue } from "../../shared/jobs.ts";
import { API_KEY_PREFIX, type ApiKey } from "../model.ts";
import { ApiKeyRepository } from "../ports.ts";
import { WebhookSender, WebhookStore, WebhookUrlPolicy } from "../webhook-ports.ts";
import {
  type ClaimedDelivery,
  type DeliveryTarget,
  defaultWebhookRetry,
  type SendOutcome,
  WEBHOOK_SECRET_PREFIX,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookRetrySettings,
} from "../webhooks.ts";

export function makeApiKeyMemory() {
  const keys: { key: ApiKey; secret: string }[] = [];
  const grants = new Set<UserId>();
  const layer = Layer.succeed(ApiKeyRepository, {
    create: (userId, name, scopes) =>
      Effect.sync(() => {
        const secret = `${API_KEY_PREFIX}${String(keys.length + 1).padStart(43, "k")}`;
        const key: ApiKey = {
          id: ApiKeyId.make(keys.length + 1),
          userId,
          name,
          hint: secret.slice(0, 15),
          scopes,
          createdAt: new Date(0),
          lastUsedAt: null,
          revokedAt: null,
        };
        keys.push({ key, secret });
        return { key, secret };
      }),
    list: (userId) =>
      Effect.sync(() =>
        keys
          .filter((k) => k.key.userId === userId)
          .map((k) => k.key)
          .reverse(),
      ),
    countActive: (userId) =>
      Effect.sync(() => keys.filter((k) => k.key.userId === userId && !k.key.revokedAt).length),
    revoke: (userId, id, now) =>
      Effect.sync(() => {
        const found = keys.find((k) => k.key.id === id && k.key.userId === userId);
        if (!found) return Option.none();
        found.key = { ...found.key, revokedAt: found.key.revokedAt ?? now };
        return Option.some(found.key);
      }),
    authenticate: (secret) =>
      Effect.sync(() => {
        const found = keys.find((k) => k.secret === secret && !k.key.revokedAt);
        return found
          ? Option.some({ key: found.key, user: aUser(found.key.userId, "business") })
          : Option.none();
      }),
    hasGrant: (userId) => Effect.sync(() => grants.has(userId)),
    grant: (userId) => Effect.sync(() => void grants.add(userId)),
  });
  return { layer, keys, grants };
}

/** A delivery as the in-memory store keeps it: the log row, its body and its lease. */
export interface StoredDelivery extends WebhookDelivery {
  readonly body: string;
  readonly leaseUntil: Date | null;
}

/**
 * In-memory WebhookStore for unit tests, like the Postgres adapter: endpoints are the owner's
 * only (others get None/false), deleting one deletes its deliveries; `claim` takes the target's
 * oldest unfinished delivery only when due (pending and due, or sending with a lease run out),
 * counting the attempt; `record` makes it delivered, pending again or failed; Replay makes a
 * delivery that is not being sent pending and due now. `addDelivery` stands for what
 * WebhookEvents.publish writes (one pending delivery due at its creation).
 */
export function makeWebhookMemory() {
  const endpoints: { endpoint: WebhookEndpoint; secret: string }[] = [];
  const deliveries: StoredDelivery[] = [];
  const owned = (userId: UserId, endpointId: number) =>
    endpoints.find((e) => e.endpoint.id === endpointId && e.endpoint.userId === userId);
  const unfinished = (target: DeliveryTarget) =>
    deliveries
      .filter(
        (d) =>
          d.endpointId === target.endpointId &&
          d.objectKey === target.objectKey &&
          (d.status === "pending" || d.status === "sending"),
      )
      .sort((a, b) => a.id - b.id)[0];
  const update = (id: number, change: Partial<StoredDelivery>) => {
    const index = deliveries.findIndex((d) => d.id === id);
    const next = { ...(deliveries[index] as StoredDelivery), ...change };
    deliveries[index] = next;
    return next;
  };
  const withoutStorage = ({ body: _, leaseUntil: __, ...delivery }: StoredDelivery): WebhookDelivery =>
    delivery;
  const layer = Layer.succeed(WebhookStore, {
    create: (userId, input) =>
      Effect.sync(() => {
        const id = endpoints.length + 1;
        const endpoint: WebhookEndpoint = { id, userId, ...input, enabled: true, createdAt: new Date(0) };
        const secret = `${WEBHOOK_SECRET_PREFIX}memory${id}`;
        endpoints.push({ endpoint, secret });
        return { endpoint, secret };
      }),
    list: (userId) =>
      Effect.sync(() =>
        endpoints
          .filter((e) => e.endpoint.userId === userId)
          .map((e) => e.endpoint)
          .reverse(),
      ),
    count: (userId) => Effect.sync(() => endpoints.filter((e) => e.endpoint.userId === userId).length),
    update: (userId, id, changes) =>
      Effect.sync(() => {
        const found = owned(userId, id);
        if (!found) return Option.none();
        const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
        found.endpoint = { ...found.endpoint, ...defined };
        return Option.some(found.endpoint);
      }),
    remove: (userId, id) =>
      Effect.sync(() => {
        const found = owned(userId, id);
        if (!found) return false;
        endpoints.splice(endpoints.indexOf(found), 1);
        for (let i = deliveries.length - 1; i >= 0; i--)
          if (deliveries[i]?.endpointId === id) deliveries.splice(i, 1);
        return true;
      }),
    deliveries: (userId, endpointId, limit) =>
      Effect.sync(() =>
        owned(userId, endpointId)
          ? Option.some(
              deliveries
                .filter((d) => d.endpointId === endpointId)
                .sort((a, b) => b.id - a.id)
                .slice(0, limit)
                .map(withoutStorage),
            )
          : Option.none(),
      ),
    replay: (userId, deliveryId, now) =>
      Effect.sync(() => {
        const found = deliveries.find((d) => d.id === deliveryId);
        if (!found || !owned(userId, found.endpointId) || found.status === "sending") return Option.none();
        return Option.some(
          withoutStorage(update(deliveryId, { status: "pending", nextAttemptAt: now, leaseUntil: null })),
        );
      }),
    claim: (target, now, leaseUntil) =>
      Effect.sync(() => {
        const head = unfinished(target);
        const due =
          head &&
          ((head.status === "pending" && (head.nextAttemptAt?.getTime() ?? 0) <= now.getTime()) ||
            (head.status === "sending" && (head.leaseUntil?.getTime() ?? 0) < now.getTime()));
        if (!head || !due) return Option.none();
        const claimed = update(head.id, { status: "sending", leaseUntil, attempts: head.attempts + 1 });
        const endpoint = endpoints.find((e) => e.endpoint.id === claimed.endpointId);
        return Option.some({
          id: claimed.id,
          eventId: claimed.eventId,
          url: endpoint?.endpoint.url ?? "",
          secret: endpoint?.secret ?? "",
          body: claimed.body,
          attempts: claimed.attempts,
          createdAt: claimed.createdAt,
        });
      }),
    record: (id, outcome, result) =>
      Effect.sync(
        () =>
          void update(id, {
            lastStatusCode: outcome.statusCode,
            lastError: result.delivered ? null : (outcome.error ?? "Not accepted"),
            leaseUntil: null,
            ...(result.delivered
              ? { status: "delivered" as const, deliveredAt: result.at, nextAttemptAt: null }
              : result.nextAttemptAt
                ? { status: "pending" as const, nextAttemptAt: result.nextAttemptAt }
                : { status: "failed" as const, nextAttemptAt: null }),
          }),
      ),
    oldestUnfinished: (target) => Effect.sync(() => Option.fromNullable(unfinished(target)?.id)),
    dueTargets: (now, overdueSeconds, limit) =>
      Effect.sync(() => {
        const before = now.getTime() - overdueSeconds * 1000;
        const heads = new Map<string, StoredDelivery>();
        for (const d of [...deliveries].sort((a, b) => a.id - b.id))
          if (
            (d.status === "pending" || d.status === "sending") &&
            !heads.has(`${d.endpointId} ${d.objectKey}`)
          )
            heads.set(`${d.endpointId} ${d.objectKey}`, d);
        return [...heads.values()]
          .filter((d) =>
            d.status === "pending"
              ? (d.nextAttemptAt?.getTime() ?? 0) <= before
              : (d.leaseUntil?.getTime() ?? 0) < before,
          )
          .slice(0, limit)
          .map((d) => ({ endpointId: d.endpointId, objectKey: d.objectKey, deliveryId: d.id }));
      }),
  });
  /** A pending delivery of `eventType` about `objectKey` to endpoint `endpointId`, due at `createdAt`. */
  const addDelivery = (
    endpointId: number,
    objectKey: string,
    createdAt: Date,
    eventType: WebhookEventType = "partnership.requested",
  ) => {
    const id = deliveries.length === 0 ? 1 : Math.max(...deliveries.map((d) => d.id)) + 1;
    const delivery: StoredDelivery = {
      id,
      endpointId,
      eventId: `evt_${id}`,
      eventType,
      objectKey,
      status: "pending",
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      nextAttemptAt: createdAt,
      createdAt,
      deliveredAt: null,
      body: JSON.stringify({ id: `evt_${id}`, type: eventType }),
      leaseUntil: null,
    };
    deliveries.push(delivery);
    return delivery;
  };
  return { layer, endpoints, deliveries, addDelivery };
}

/**
 * A scripted WebhookSender: answers each send with the next of `answers` (then 200), records
 * what it sent in `sent`, and runs `onSend` first (a test moves its clock there).
 */
export function makeWebhookSenderMemory(answers: SendOutcome[] = [], onSend: () => void = () => {}) {
  const sent: ClaimedDelivery[] = [];
  const layer = Layer.succeed(WebhookSender, {
    send: (delivery) =>
      Effect.sync(() => {
        onSend();
        sent.push(delivery);
        return answers.shift() ?? { statusCode: 200, error: null };
      }),
  });
  return { layer, sent };
}

/**
 * A WebhookUrlPolicy like production's: only https URLs whose host is not localhost or a
 * private address (a simple check of the host name), with `retry` settings (default 15 s base).
 */
export const webhookUrlPolicyStub = (retry: WebhookRetrySettings = defaultWebhookRetry) =>
  Layer.succeed(WebhookUrlPolicy, {
    check: (url) =>
      Effect.sync(() => {
        const parsed = URL.canParse(url) ? new URL(url) : null;
        if (parsed?.protocol !== "https:") return Option.some("Use an https:// URL");
        if (/^(localhost|127\.|10\.|192\.168\.)/.test(parsed.hostname))
          return Option.some("Use a public address, not a private or loopback one");
        return Option.none();
      }),
    retry,
  });

/** A recording JobQueue: `jobs` holds each enqueued kind and payload, in order. */
export function makeJobQueueRecorder() {
  const jobs: { readonly kind: JobKind; readonly payload: unknown }[] = [];
  const layer = Layer.succeed(JobQueue, {
    enqueue: (kind, payload) => Effect.sync(() => void jobs.push({ kind, payload })),
  });
  return { layer, jobs };
}
