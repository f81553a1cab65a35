/** Outgoing webhook use cases without a database (issue 20, ADR 0023, ADR 0035). */
import { Effect, Either, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { aUser } from "../identity/testing/index.ts";
import { makeTestClock } from "../shared/clock.ts";
import { UserId } from "../shared/ids.ts";
import { subscriptionPlanStub } from "../subscription/testing/index.ts";
import {
  makeApiKeyMemory,
  makeJobQueueRecorder,
  makeWebhookMemory,
  makeWebhookSenderMemory,
  webhookUrlPolicyStub,
} from "./testing/index.ts";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  deliverWebhookTarget,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  sweepWebhookRetries,
  updateWebhookEndpoint,
} from "./webhook-use-cases.ts";
import { MAX_WEBHOOK_ENDPOINTS, type SendOutcome } from "./webhooks.ts";

const now = new Date("2026-11-28T00:00:00Z");
const second = 1_000;
/** User 1 is on Enterprise (API access); user 2 is on Basic. */
const enterprise = aUser(1, "business");
const basic = aUser(2, "business");
const endpointInput = {
  url: " https://hooks.example.com/closr ",
  description: " CRM sync ",
  events: ["invoice.paid", "nope", "partnership.requested"],
};
const target = { endpointId: 1, objectKey: "partnership:7" };
const firstRun = { retryInSeconds: 15, isRetry: false };

/** The webhook store, a sender answering `answers` (then 200), the URL policy, a job recorder, a movable clock. */
const world = (answers: SendOutcome[] = [], sendTakesMs = 0) => {
  const clock = makeTestClock(now);
  const store = makeWebhookMemory();
  const sender = makeWebhookSenderMemory(answers, () => clock.advance(sendTakesMs));
  const queue = makeJobQueueRecorder();
  const layer = Layer.mergeAll(
    store.layer,
    sender.layer,
    queue.layer,
    webhookUrlPolicyStub(),
    makeApiKeyMemory().layer,
    subscriptionPlanStub({ 1: "enterprise" }),
    clock.layer,
  );
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, layer) as Effect.Effect<A, E, never>));
  /** Endpoint 1 of user 1 (https://hooks.example.com/closr). */
  const withEndpoint = async () =>
    Either.getOrThrow(await run(createWebhookEndpoint(enterprise, endpointInput)));
  return { run, clock, store, sender, queue, withEndpoint };
};

const leftOf = (result: Either.Either<unknown, unknown>) => (Either.isLeft(result) ? result.left : "Right");

describe("webhook endpoints", () => {
  it("an account with API access registers an endpoint: trimmed, known events in catalogue order, its secret once", async () => {
    const { run, withEndpoint } = world();
    const created = await withEndpoint();
    expect(created).toEqual({
      endpoint: {
        id: 1,
        userId: 1,
        url: "https://hooks.example.com/closr",
        description: "CRM sync",
        events: ["partnership.requested", "invoice.paid"],
        enabled: true,
        createdAt: new Date(0),
      },
      secret: "whsec_memory1",
    });
    await run(createWebhookEndpoint(enterprise, { ...endpointInput, url: "https://two.example.com" }));
    expect(Either.getOrThrow(await run(listWebhookEndpoints(enterprise))).map((e) => e.id)).toEqual([2, 1]);
    expect(Either.getOrThrow(await run(listWebhookEndpoints(basic)))).toEqual([]);
  });

  it("ApiAccessRequired without Enterprise or a grant; InvalidWebhookEndpoint for the URL and the events", async () => {
    const { run, store } = world();
    expect(leftOf(await run(createWebhookEndpoint(basic, endpointInput)))).toMatchObject({
      _tag: "ApiAccessRequired",
    });
    expect(
      leftOf(
        await run(createWebhookEndpoint(enterprise, { ...endpointInput, url: "http://hooks.example.com" })),
      ),
    ).toEqual(
      expect.objectContaining({
        _tag: "InvalidWebhookEndpoint",
        field: "url",
        message: "Use an https:// URL",
      }),
    );
    expect(
      leftOf(await run(createWebhookEndpoint(enterprise, { ...endpointInput, url: "https://localhost/x" }))),
    ).toMatchObject({ field: "url" });
    expect(
      leftOf(await run(createWebhookEndpoint(enterprise, { ...endpointInput, events: ["nope"] }))),
    ).toEqual(
      expect.objectContaining({
        _tag: "InvalidWebhookEndpoint",
        field: "events",
        message: "Choose at least one event type",
      }),
    );
    expect(store.endpoints).toEqual([]);
  });

  it(`WebhookEndpointLimitReached at ${MAX_WEBHOOK_ENDPOINTS} endpoints`, async () => {
    const { run, store } = world();
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++)
      Either.getOrThrow(await run(createWebhookEndpoint(enterprise, endpointInput)));
    expect(leftOf(await run(createWebhookEndpoint(enterprise, endpointInput)))).toEqual(
      expect.objectContaining({ _tag: "WebhookEndpointLimitReached", limit: MAX_WEBHOOK_ENDPOINTS }),
    );
    expect(store.endpoints).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
  });

  it("the owner changes URL, description, events and enabled; another account gets WebhookEndpointNotFound", async () => {
    const { run, withEndpoint } = world();
    await withEndpoint();
    const updated = Either.getOrThrow(
      await run(
        updateWebhookEndpoint(enterprise, 1, {
          url: " https://new.example.com/hook ",
          description: " Renamed ",
          events: ["message.created"],
          enabled: false,
        }),
      ),
    );
    expect(updated).toMatchObject({
      url: "https://new.example.com/hook",
      description: "Renamed",
      events: ["message.created"],
      enabled: false,
    });
    expect(leftOf(await run(updateWebhookEndpoint(basic, 1, { enabled: false })))).toEqual(
      expect.objectContaining({ _tag: "WebhookEndpointNotFound", id: 1 }),
    );
    expect(leftOf(await run(updateWebhookEndpoint(enterprise, 1, { url: "ftp://x" })))).toMatchObject({
      _tag: "InvalidWebhookEndpoint",
      field: "url",
    });
    expect(leftOf(await run(updateWebhookEndpoint(enterprise, 1, { events: [] })))).toMatchObject({
      _tag: "InvalidWebhookEndpoint",
      field: "events",
    });
  });

  it("without access an account may still switch its endpoint off, but not on again or to another URL", async () => {
    const { run, store } = world();
    store.endpoints.push({
      endpoint: {
        id: 1,
        userId: UserId.make(2),
        url: "https://old.example.com",
        description: "",
        events: ["invoice.paid"],
        enabled: true,
        createdAt: new Date(0),
      },
      secret: "whsec_old",
    });
    expect(Either.getOrThrow(await run(updateWebhookEndpoint(basic, 1, { enabled: false }))).enabled).toBe(
      false,
    );
    expect(leftOf(await run(updateWebhookEndpoint(basic, 1, { enabled: true })))).toMatchObject({
      _tag: "ApiAccessRequired",
    });
    expect(
      leftOf(await run(updateWebhookEndpoint(basic, 1, { url: "https://new.example.com" }))),
    ).toMatchObject({
      _tag: "ApiAccessRequired",
    });
    expect(store.endpoints[0]?.endpoint).toMatchObject({ enabled: false, url: "https://old.example.com" });
  });

  it("deleting removes the endpoint and its delivery log; another's or a missing one is WebhookEndpointNotFound", async () => {
    const { run, store, withEndpoint } = world();
    await withEndpoint();
    store.addDelivery(1, "partnership:7", now);
    expect(leftOf(await run(deleteWebhookEndpoint(basic, 1)))).toMatchObject({
      _tag: "WebhookEndpointNotFound",
    });
    expect(Either.isRight(await run(deleteWebhookEndpoint(enterprise, 1)))).toBe(true);
    expect(store.endpoints).toEqual([]);
    expect(store.deliveries).toEqual([]);
    expect(leftOf(await run(deleteWebhookEndpoint(enterprise, 1)))).toEqual(
      expect.objectContaining({ _tag: "WebhookEndpointNotFound", id: 1 }),
    );
  });
});

describe("delivery log and Replay", () => {
  it("the newest deliveries first, at most `limit` (1 to 100); another's endpoint is WebhookEndpointNotFound", async () => {
    const { run, store, withEndpoint } = world();
    await withEndpoint();
    for (let i = 0; i < 3; i++) store.addDelivery(1, `invoice:${i}`, now, "invoice.paid");
    expect(Either.getOrThrow(await run(listWebhookDeliveries(enterprise, 1))).map((d) => d.id)).toEqual([
      3, 2, 1,
    ]);
    expect(Either.getOrThrow(await run(listWebhookDeliveries(enterprise, 1, 0))).map((d) => d.id)).toEqual([
      3,
    ]);
    expect(Either.getOrThrow(await run(listWebhookDeliveries(enterprise, 1, 2)))[0]).not.toHaveProperty(
      "body",
    );
    expect(leftOf(await run(listWebhookDeliveries(basic, 1)))).toEqual(
      expect.objectContaining({ _tag: "WebhookEndpointNotFound", id: 1 }),
    );
  });

  it("Replay queues a given-up delivery again, due now, and enqueues its job; not another's or one being sent", async () => {
    const { run, store, queue, withEndpoint } = world();
    await withEndpoint();
    const failed = store.addDelivery(1, "partnership:7", new Date(now.getTime() - 3_600 * second));
    store.deliveries[0] = { ...failed, status: "failed", nextAttemptAt: null, attempts: 15 };
    const replayed = Either.getOrThrow(await run(replayWebhookDelivery(enterprise, failed.id)));
    expect(replayed).toMatchObject({ id: 1, status: "pending", nextAttemptAt: now, eventId: "evt_1" });
    expect(queue.jobs).toEqual([
      { kind: "deliver-webhook", payload: { endpointId: 1, objectKey: "partnership:7", deliveryId: 1 } },
    ]);
    expect(leftOf(await run(replayWebhookDelivery(basic, failed.id)))).toEqual(
      expect.objectContaining({ _tag: "WebhookDeliveryNotFound", id: 1 }),
    );
    store.deliveries[0] = { ...(store.deliveries[0] as (typeof store.deliveries)[0]), status: "sending" };
    expect(leftOf(await run(replayWebhookDelivery(enterprise, failed.id)))).toMatchObject({
      _tag: "WebhookDeliveryNotFound",
    });
    expect(queue.jobs).toHaveLength(1);
  });
});

describe("deliverWebhookTarget", () => {
  it("sends the target's due deliveries oldest first; each accepted one is delivered", async () => {
    const { run, store, sender, withEndpoint } = world();
    await withEndpoint();
    store.addDelivery(1, "partnership:7", now);
    store.addDelivery(1, "partnership:7", now);
    store.addDelivery(1, "partnership:8", now);
    expect(Either.getOrThrow(await run(deliverWebhookTarget(target, firstRun)))).toBe(2);
    expect(sender.sent.map((d) => [d.id, d.url, d.secret, d.attempts])).toEqual([
      [1, "https://hooks.example.com/closr", "whsec_memory1", 1],
      [2, "https://hooks.example.com/closr", "whsec_memory1", 1],
    ]);
    expect(store.deliveries.map((d) => [d.id, d.status, d.deliveredAt, d.lastStatusCode])).toEqual([
      [1, "delivered", now, 200],
      [2, "delivered", now, 200],
      [3, "pending", null, null],
    ]);
  });

  it("a delivery not accepted is pending until the queue's retry and holds back the next: WebhookDeliveryRetry", async () => {
    const { run, store, sender, withEndpoint } = world([{ statusCode: 500, error: null }]);
    await withEndpoint();
    store.addDelivery(1, "partnership:7", now);
    store.addDelivery(1, "partnership:7", now);
    expect(leftOf(await run(deliverWebhookTarget(target, { retryInSeconds: 30, isRetry: false })))).toEqual(
      expect.objectContaining({ _tag: "WebhookDeliveryRetry", deliveryId: 1, reason: "not-accepted" }),
    );
    expect(store.deliveries[0]).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: 500,
      lastError: "Not accepted",
      nextAttemptAt: new Date(now.getTime() + 30 * second),
      leaseUntil: null,
    });
    expect(sender.sent.map((d) => d.id)).toEqual([1]);
  });

  it("on the job's last try a refused delivery is failed and the next one goes out", async () => {
    const { run, store, withEndpoint } = world([{ statusCode: null, error: "timeout" }]);
    await withEndpoint();
    store.addDelivery(1, "partnership:7", now);
    store.addDelivery(1, "partnership:7", now);
    expect(
      Either.getOrThrow(await run(deliverWebhookTarget(target, { retryInSeconds: null, isRetry: true }))),
    ).toBe(1);
    expect(store.deliveries.map((d) => [d.status, d.lastError])).toEqual([
      ["failed", "timeout"],
      ["delivered", null],
    ]);
  });

  it("a head not due ends a first run quietly; a retry fails with WebhookDeliveryRetry waiting", async () => {
    const { run, store, sender, clock, withEndpoint } = world();
    await withEndpoint();
    store.addDelivery(1, "partnership:7", new Date(now.getTime() + 60 * second));
    expect(Either.getOrThrow(await run(deliverWebhookTarget(target, firstRun)))).toBe(0);
    expect(leftOf(await run(deliverWebhookTarget(target, { retryInSeconds: 30, isRetry: true })))).toEqual(
      expect.objectContaining({ _tag: "WebhookDeliveryRetry", deliveryId: 1, reason: "waiting" }),
    );
    expect(sender.sent).toEqual([]);
    clock.advance(60 * second);
    expect(Either.getOrThrow(await run(deliverWebhookTarget(target, firstRun)))).toBe(1);
  });

  it("a delivery leased by a run cut by a crash is sent again once its 30 s lease ran out", async () => {
    const { run, store, clock, withEndpoint } = world();
    await withEndpoint();
    const leased = store.addDelivery(1, "partnership:7", now);
    store.deliveries[0] = {
      ...leased,
      status: "sending",
      attempts: 1,
      leaseUntil: new Date(now.getTime() + 30 * second),
    };
    expect(
      leftOf(await run(deliverWebhookTarget(target, { retryInSeconds: 30, isRetry: true }))),
    ).toMatchObject({
      reason: "waiting",
    });
    clock.advance(31 * second);
    expect(
      Either.getOrThrow(await run(deliverWebhookTarget(target, { retryInSeconds: 30, isRetry: true }))),
    ).toBe(1);
    expect(store.deliveries[0]).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("after 15 s a run queues its target again at the oldest unfinished delivery and ends", async () => {
    const { run, store, queue, withEndpoint } = world([], 10 * second);
    await withEndpoint();
    for (let i = 0; i < 3; i++) store.addDelivery(1, "partnership:7", now);
    expect(Either.getOrThrow(await run(deliverWebhookTarget(target, firstRun)))).toBe(2);
    expect(queue.jobs).toEqual([
      { kind: "deliver-webhook", payload: { endpointId: 1, objectKey: "partnership:7", deliveryId: 3 } },
    ]);
    expect(store.deliveries.map((d) => d.status)).toEqual(["delivered", "delivered", "pending"]);
  });
});

describe("sweepWebhookRetries", () => {
  it("queues each target whose oldest delivery has been due for over 10 minutes, keyed by that delivery", async () => {
    const { run, store, queue, withEndpoint } = world();
    await withEndpoint();
    const longAgo = new Date(now.getTime() - 11 * 60 * second);
    store.addDelivery(1, "partnership:7", longAgo);
    store.addDelivery(1, "partnership:7", longAgo);
    store.addDelivery(1, "partnership:8", new Date(now.getTime() - 60 * second));
    expect(Either.getOrThrow(await run(sweepWebhookRetries()))).toBe(1);
    expect(queue.jobs).toEqual([
      { kind: "deliver-webhook", payload: { endpointId: 1, objectKey: "partnership:7", deliveryId: 1 } },
    ]);
  });
});
