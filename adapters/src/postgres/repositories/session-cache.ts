/**
 * A per-process cache in front of the session store (issue 21, ADR 0015). A request's session
 * lookup is answered from memory for at most `ttlMs` (default 30 s) instead of a join on every
 * request. Revocation takes effect everywhere at once: a trigger NOTIFYs `closr_sessions` with
 * the user id whenever a session row is deleted (logout, reset, password change, suspension,
 * deletion, expiry sweep) or the user row changes (role, suspension, verification), and every
 * process LISTENs and drops that user's cached sessions. In this process the drop is also
 * immediate (`revokeCachedSessions`), before the NOTIFY round trip.
 * Only found sessions are cached; an unknown token always reaches the database.
 */
import type { SessionStore } from "@closr/core/identity";
import { Effect, Option } from "effect";
import { LRUCache } from "lru-cache";
import type { Db } from "../database.ts";
import { listenOn } from "../notifications.ts";

/** The channel the migration 2026-11-23-14-operations NOTIFYs on; payload: the user id. */
export const SESSIONS_CHANNEL = "closr_sessions";

type Store = SessionStore["Type"];
type Found = Option.Option.Value<Effect.Effect.Success<ReturnType<Store["findActive"]>>>;

/** Every session cache of this process (one per app; tests run several in one process). */
const caches = new Set<(userId: number) => void>();

/**
 * Drops the cached sessions of `userId` in this process (the NOTIFY does it in the others).
 * Every cache of the process drops them, whatever database or transaction the caller holds (a
 * repository joined to the ambient unit of work has no cache of its own); another app's extra
 * miss costs one lookup.
 */
export function revokeCachedSessions(userId: number): void {
  for (const drop of caches) drop(userId);
}

export interface SessionCacheOptions {
  /** How long a found session is trusted without asking the database, ms (default 30 000). */
  readonly ttlMs?: number;
  /** Most sessions kept (default 20 000). */
  readonly max?: number;
}

/**
 * Wraps `store` with the cache; acquires a LISTEN on `closr_sessions` for the layer's scope.
 * When the database cannot LISTEN (not opened by openDatabase) the store is returned as is.
 */
export const cachedSessionStore = (db: Db, store: Store, options: SessionCacheOptions = {}) =>
  Effect.gen(function* () {
    const cache = new LRUCache<string, Found>({ max: options.max ?? 20_000, ttl: options.ttlMs ?? 30_000 });
    const drop = (userId: number) => {
      for (const [hash, entry] of cache.entries()) if (entry.session.userId === userId) cache.delete(hash);
    };
    let listen: ReturnType<typeof listenOn>;
    try {
      listen = listenOn(db);
    } catch {
      return store;
    }
    yield* Effect.acquireRelease(
      Effect.promise(async () => {
        caches.add(drop);
        return listen(SESSIONS_CHANNEL, (payload) => drop(Number(payload)));
      }),
      (unlisten) =>
        Effect.promise(async () => {
          caches.delete(drop);
          cache.clear();
          await unlisten().catch(() => {});
        }),
    );
    const cached: Store = {
      ...store,
      findActive: (tokenHash, now) =>
        Effect.suspend(() => {
          const hit = cache.get(tokenHash);
          if (hit && hit.session.expiresAt > now) return Effect.succeed(Option.some(hit));
          return store.findActive(tokenHash, now).pipe(
            Effect.tap((found) =>
              Effect.sync(() => {
                if (Option.isSome(found)) cache.set(tokenHash, found.value);
                else cache.delete(tokenHash);
              }),
            ),
          );
        }),
      renew: (tokenHash, expiresAt, renewedAt) =>
        store.renew(tokenHash, expiresAt, renewedAt).pipe(
          Effect.tap(() =>
            Effect.sync(() => {
              const hit = cache.get(tokenHash);
              if (hit) cache.set(tokenHash, { ...hit, session: { ...hit.session, expiresAt, renewedAt } });
            }),
          ),
        ),
      remove: (tokenHash) =>
        Effect.sync(() => cache.get(tokenHash)).pipe(
          Effect.tap(() => store.remove(tokenHash)),
          Effect.tap((hit) =>
            Effect.sync(() => {
              cache.delete(tokenHash);
              if (hit) revokeCachedSessions(hit.session.userId);
            }),
          ),
          Effect.asVoid,
        ),
    };
    return cached;
  });
