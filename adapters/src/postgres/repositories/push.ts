/**
 * Push on PostgreSQL (issue 19): `PushSubscriptions` over push_subscriptions (unique endpoint:
 * a re-subscription or another user's sign-in on the same browser takes the row over) and
 * `StreamPresence` over live_streams (one row per open SSE stream, across every process).
 */
import type { PushSubscription } from "@closr/core/push";
import { PushSubscriptions, StreamPresence } from "@closr/core/push";
import { Effect } from "effect";
import { sql } from "kysely";
import type { Db } from "../database.ts";
import { ambientLayer } from "../transaction-scope.ts";

/** A stream row older than this is a leftover of a stopped process (streams close after 10 min, ADR 0007). */
export const STREAM_ROW_MAX_AGE_MS = 11 * 60 * 1000;

const makePushSubscriptions = (db: Db) =>
  PushSubscriptions.of({
    save: (userId, subscription) =>
      Effect.promise(() =>
        db
          .insertInto("pushSubscriptions")
          .values({
            userId,
            endpoint: subscription.endpoint,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
          })
          .onConflict((oc) =>
            oc.column("endpoint").doUpdateSet((eb) => ({
              userId: eb.ref("excluded.userId"),
              p256dh: eb.ref("excluded.p256dh"),
              auth: eb.ref("excluded.auth"),
            })),
          )
          .execute(),
      ),
    remove: (userId, endpoint) =>
      Effect.promise(() =>
        db
          .deleteFrom("pushSubscriptions")
          .where("userId", "=", userId)
          .where("endpoint", "=", endpoint)
          .execute(),
      ),
    removeEndpoint: (endpoint) =>
      Effect.promise(() => db.deleteFrom("pushSubscriptions").where("endpoint", "=", endpoint).execute()),
    forUser: (userId) =>
      Effect.promise(async () => {
        const rows = await db
          .selectFrom("pushSubscriptions")
          .select(["endpoint", "p256dh", "auth"])
          .where("userId", "=", userId)
          .orderBy("id")
          .execute();
        return rows.map(
          (row): PushSubscription => ({
            endpoint: row.endpoint,
            keys: { p256dh: row.p256dh, auth: row.auth },
          }),
        );
      }),
  });

const makeStreamPresence = (db: Db) =>
  StreamPresence.of({
    hasOpenStream: (userId) =>
      Effect.promise(async () => {
        const row = await db
          .selectFrom("liveStreams")
          .select(sql<number>`1`.as("one"))
          .where("userId", "=", userId)
          .where("openedAt", ">", new Date(Date.now() - STREAM_ROW_MAX_AGE_MS))
          .limit(1)
          .executeTakeFirst();
        return row !== undefined;
      }),
    opened: (userId) =>
      Effect.promise(async () => {
        // Leftovers of stopped processes go whenever a stream opens (cheap, indexed).
        await db
          .deleteFrom("liveStreams")
          .where("openedAt", "<", new Date(Date.now() - STREAM_ROW_MAX_AGE_MS))
          .execute();
        const { id } = await db
          .insertInto("liveStreams")
          .values({ userId })
          .returning("id")
          .executeTakeFirstOrThrow();
        return Effect.promise(() =>
          db
            .deleteFrom("liveStreams")
            .where("id", "=", id)
            .execute()
            .then(() => undefined),
        );
      }),
  });

export const PushSubscriptionsPg = ambientLayer(PushSubscriptions, makePushSubscriptions);
export const StreamPresencePg = ambientLayer(StreamPresence, makeStreamPresence);
