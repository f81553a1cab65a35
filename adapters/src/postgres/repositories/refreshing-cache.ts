/**
 * A per-process cache of values that may be up to `maxAgeMs` old (ADR 0043), refreshed ahead of
 * that age so that no caller waits for a reload while the key is in use: search totals, keyword
 * plans, vocabulary candidates and search viewers.
 *
 * - An entry younger than its refresh age is answered from memory.
 * - An entry past its refresh age (a random point between `refreshAt[0]` and `refreshAt[1]` of
 *   `maxAgeMs`, drawn per entry, so entries loaded together do not all reload together) is still
 *   answered from memory while one background load replaces it (stale-while-revalidate).
 * - An entry `maxAgeMs` old or more is never answered: the caller waits for a load.
 * - Concurrent callers of a missing key share one load (single flight).
 * - `clear()` forgets everything, and a load started before it never stores its value after it
 *   (a profile write through this process is seen by the next search).
 * A failed load is not cached; its callers get the rejection, a background one is dropped.
 */
import { LRUCache } from "lru-cache";

export interface RefreshingCacheOptions {
  /** Most keys kept; least recently used first out. */
  readonly max: number;
  /** No answer older than this, ms. */
  readonly maxAgeMs: number;
  /** The refresh point's range, as fractions of maxAgeMs (default [0.7, 0.9]). */
  readonly refreshAt?: readonly [number, number];
  /** The clock, ms (tests). */
  readonly now?: () => number;
  /** A number in [0, 1) (tests). */
  readonly random?: () => number;
}

interface Entry<V> {
  readonly value: V;
  readonly loadedAt: number;
  readonly refreshAfter: number;
  refreshing: boolean;
}

export interface RefreshingCache<V> {
  /** The value of `key`: from memory when young enough, else from `load` (see the module doc). */
  readonly get: (key: string, load: () => Promise<V>) => Promise<V>;
  /** Forgets every value; loads in flight do not store theirs. */
  readonly clear: () => void;
}

export function makeRefreshingCache<V>(options: RefreshingCacheOptions): RefreshingCache<V> {
  const now = options.now ?? (() => performance.now());
  const random = options.random ?? Math.random;
  const [from, to] = options.refreshAt ?? [0.7, 0.9];
  const entries = new LRUCache<string, Entry<V>>({ max: options.max });
  const inFlight = new Map<string, Promise<V>>();
  let generation = 0;

  const store = (key: string, value: V, at: number) =>
    entries.set(key, {
      value,
      loadedAt: at,
      refreshAfter: at + options.maxAgeMs * (from + (to - from) * random()),
      refreshing: false,
    });

  const load = (key: string, loader: () => Promise<V>): Promise<V> => {
    const started = generation;
    const at = now();
    const loading = loader().then(
      (value) => {
        if (generation === started) store(key, value, at);
        inFlight.delete(key);
        return value;
      },
      (error: unknown) => {
        inFlight.delete(key);
        throw error;
      },
    );
    inFlight.set(key, loading);
    return loading;
  };

  return {
    get: (key, loader) => {
      const entry = entries.get(key);
      const t = now();
      if (entry && t - entry.loadedAt < options.maxAgeMs) {
        if (t >= entry.refreshAfter && !entry.refreshing && !inFlight.has(key)) {
          entry.refreshing = true;
          load(key, loader).catch(() => {
            entry.refreshing = false;
          });
        }
        return Promise.resolve(entry.value);
      }
      return inFlight.get(key) ?? load(key, loader);
    },
    clear: () => {
      generation++;
      entries.clear();
      inFlight.clear();
    },
  };
}
