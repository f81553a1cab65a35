import { Effect, Layer } from "effect";
import { describe, expect, it } from "vitest";
import type { UserId } from "../shared/ids.ts";
import { PushDeliveryFailed, PushEndpointGone } from "./errors.ts";
import { newMessageNotification, type PushSubscription } from "./model.ts";
import { PushSender, PushSubscriptions, StreamPresence } from "./ports.ts";
import { notifyUser, subscribeToPush } from "./use-cases.ts";

const ava = 1 as UserId;
const sub = (name: string): PushSubscription => ({
  endpoint: `https://push.example/${name}`,
  keys: { p256dh: "k", auth: "a" },
});

/** In-memory ports: subscriptions by user, streams open per user, and a sender whose answer per endpoint is scripted. */
function fakes(options: { open?: boolean; answers?: Record<string, "ok" | "gone" | "fail"> } = {}) {
  const stored = new Map<string, { userId: UserId; subscription: PushSubscription }>();
  const sent: string[] = [];
  const layer = Layer.mergeAll(
    Layer.succeed(
      PushSubscriptions,
      PushSubscriptions.of({
        save: (userId, subscription) =>
          Effect.sync(() => void stored.set(subscription.endpoint, { userId, subscription })),
        remove: (userId, endpoint) =>
          Effect.sync(() => void (stored.get(endpoint)?.userId === userId && stored.delete(endpoint))),
        removeEndpoint: (endpoint) => Effect.sync(() => void stored.delete(endpoint)),
        forUser: (userId) =>
          Effect.sync(() =>
            [...stored.values()].filter((s) => s.userId === userId).map((s) => s.subscription),
          ),
      }),
    ),
    Layer.succeed(
      PushSender,
      PushSender.of({
        publicKey: "public",
        send: (subscription, notification) => {
          const answer = options.answers?.[subscription.endpoint] ?? "ok";
          if (answer === "gone")
            return Effect.fail(new PushEndpointGone({ endpoint: subscription.endpoint }));
          if (answer === "fail")
            return Effect.fail(new PushDeliveryFailed({ endpoint: subscription.endpoint, reason: "503" }));
          return Effect.sync(() => void sent.push(`${subscription.endpoint} ${notification.title}`));
        },
      }),
    ),
    Layer.succeed(
      StreamPresence,
      StreamPresence.of({
        hasOpenStream: () => Effect.succeed(options.open ?? false),
        opened: () => Effect.succeed(Effect.void),
      }),
    ),
  );
  return { layer, stored, sent };
}

const message = newMessageNotification(2 as UserId, "mia.chen", "Hello there");

describe("notifyUser (issue 19: push only when the user has no open stream)", () => {
  it("sends to every browser of the user when no stream is open", async () => {
    const f = fakes();
    const outcome = await Effect.runPromise(
      Effect.gen(function* () {
        yield* subscribeToPush(ava, sub("phone"));
        yield* subscribeToPush(ava, sub("laptop"));
        yield* subscribeToPush(2 as UserId, sub("someone-else"));
        return yield* notifyUser(ava, message);
      }).pipe(Effect.provide(f.layer)),
    );
    expect(outcome).toEqual({ skipped: null, sent: 2, removed: 0, failed: 0 });
    expect(f.sent.sort()).toEqual([
      "https://push.example/laptop New message from mia.chen",
      "https://push.example/phone New message from mia.chen",
    ]);
  });

  it("sends nothing while the user has a stream open", async () => {
    const f = fakes({ open: true });
    const outcome = await Effect.runPromise(
      Effect.gen(function* () {
        yield* subscribeToPush(ava, sub("phone"));
        return yield* notifyUser(ava, message);
      }).pipe(Effect.provide(f.layer)),
    );
    expect(outcome.skipped).toBe("online");
    expect(f.sent).toEqual([]);
  });

  it("removes endpoints the push service reports gone and keeps ones that failed otherwise", async () => {
    const f = fakes({
      answers: { "https://push.example/old": "gone", "https://push.example/flaky": "fail" },
    });
    const outcome = await Effect.runPromise(
      Effect.gen(function* () {
        for (const name of ["old", "flaky", "phone"]) yield* subscribeToPush(ava, sub(name));
        return yield* notifyUser(ava, message);
      }).pipe(Effect.provide(f.layer)),
    );
    expect(outcome).toEqual({ skipped: null, sent: 1, removed: 1, failed: 1 });
    expect([...f.stored.keys()].sort()).toEqual(["https://push.example/flaky", "https://push.example/phone"]);
  });

  it("a message notification opens the conversation with the sender and previews at most 120 characters", () => {
    const long = newMessageNotification(9 as UserId, "harbourtech", "x".repeat(300));
    expect(long.url).toBe("/messages?with=9");
    expect(long.body).toHaveLength(120);
  });
});
