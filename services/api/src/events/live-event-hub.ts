/**
 * The live event hub: one per API process (ADR 0007). It LISTENs once on PostgreSQL's
 * `closr_live_events` channel (PGlite's in-process listen in the embedded default) and hands
 * each committed event to the open SSE connections of the users it concerns, so a message
 * posted to any process reaches every open tab of both users on every process. It also
 * replays missed events for a reconnecting client and prunes events older than a day.
 */
import {
  type Db,
  latestLiveEventId,
  listenLiveEvents,
  liveEventRetentionMs,
  PgDatabase,
  pruneLiveEvents,
  replayLiveEvents,
  type Unlisten,
} from "@closr/adapters/postgres";
import type { LiveEvent } from "@closr/core/messaging";
import type { UserId } from "@closr/core/shared";
import { Context, Effect, Layer } from "effect";

/** One open SSE stream: receives the user's events; `close` ends it (shutdown). */
export interface LiveSubscriber {
  readonly deliver: (event: LiveEvent) => void;
  readonly close: () => void;
}

export interface LiveEventHubService {
  /** Adds a subscriber for the user's events; returns the function that removes it. */
  readonly subscribe: (userId: UserId, subscriber: LiveSubscriber) => () => void;
  /** Events of the user after `afterId` (see replayLiveEvents). */
  readonly replay: (userId: UserId, afterId: number) => ReturnType<typeof replayLiveEvents>;
  /** The newest event id, where a fresh stream starts. */
  readonly latestId: () => Promise<number>;
  /** Open subscribers in this process. */
  readonly size: () => number;
  /** Ends every open stream (graceful shutdown, issue 21); keeps listening. */
  readonly closeAll: () => void;
}

export class LiveEventHub extends Context.Tag("api/LiveEventHub")<LiveEventHub, LiveEventHubService>() {}

/** Builds a started hub over an open database; `stop` unlistens and closes every stream. */
export async function startLiveEventHub(
  db: Db,
  options: { onError?: (error: unknown) => void; pruneEveryMs?: number } = {},
): Promise<LiveEventHubService & { readonly stop: () => Promise<void> }> {
  const byUser = new Map<number, Set<LiveSubscriber>>();
  let count = 0;
  const onError = options.onError ?? (() => {});

  const dispatch = (event: LiveEvent) => {
    for (const userId of event.userIds) {
      const subscribers = byUser.get(userId);
      if (!subscribers) continue;
      for (const subscriber of subscribers) {
        try {
          subscriber.deliver(event);
        } catch (error) {
          onError(error);
        }
      }
    }
  };

  const unlisten: Unlisten = await listenLiveEvents(db, dispatch, onError);
  const prune = setInterval(
    () => {
      pruneLiveEvents(db, new Date(Date.now() - liveEventRetentionMs)).catch(onError);
    },
    options.pruneEveryMs ?? 60 * 60 * 1000,
  );
  prune.unref();

  return {
    subscribe: (userId, subscriber) => {
      const set = byUser.get(userId) ?? new Set<LiveSubscriber>();
      byUser.set(userId, set);
      set.add(subscriber);
      count++;
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        count--;
        set.delete(subscriber);
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
      };
    },
    replay: (userId, afterId) => replayLiveEvents(db, userId, afterId),
    latestId: () => latestLiveEventId(db),
    size: () => count,
    closeAll: () => {
      for (const set of [...byUser.values()]) for (const subscriber of [...set]) subscriber.close();
    },
    stop: async () => {
      clearInterval(prune);
      for (const set of byUser.values()) for (const subscriber of set) subscriber.close();
      byUser.clear();
      count = 0;
      await unlisten();
    },
  };
}

/** The hub as a scoped Layer: started with the runtime, stopped when the runtime is disposed. */
export const LiveEventHubLive = Layer.scoped(
  LiveEventHub,
  Effect.gen(function* () {
    const db = yield* PgDatabase;
    const hub = yield* Effect.acquireRelease(
      Effect.promise(() =>
        startLiveEventHub(db, { onError: (error) => console.error("live events: %s", error) }),
      ),
      (started) => Effect.promise(() => started.stop()),
    );
    return hub;
  }),
);
