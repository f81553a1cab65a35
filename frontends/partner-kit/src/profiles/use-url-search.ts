/**
 * Search state that lives in the URL query string (shareable; back/forward and reload keep
 * it). `update` sets or clears keys and goes back to page 1 unless the page itself changes.
 * Updates build on the latest requested query, not on the last render's: react-router's
 * functional `setSearchParams` reads the params of the render it was created in, so two quick
 * changes (a select, then another) would otherwise lose the first.
 */
import { useCallback, useEffect, useRef } from "react";
import { useSearchParams } from "react-router";

export type SearchPatch = Record<string, string | number | undefined>;

export function useUrlSearch() {
  const [params, setParams] = useSearchParams();
  const tracker = useRef<SearchTracker | null>(null);
  tracker.current ??= searchTracker(params);
  const track = tracker.current;
  useEffect(() => track.commit(params), [track, params]);
  const update = useCallback(
    (patch: SearchPatch) => setParams(track.request(applySearchPatch(track.latest(), patch))),
    [track, setParams],
  );
  const reset = useCallback(() => setParams(track.request(new URLSearchParams())), [track, setParams]);
  return { params, update, reset };
}

export type SearchTracker = ReturnType<typeof searchTracker>;

/**
 * The query the next change builds on (the logic of `useUrlSearch`, pure). Navigations are
 * transitions: on a slow device an earlier one can commit after a later change was asked for,
 * and taking its params as the latest would lose that change. So a committed URL becomes the
 * latest only once it shows what was asked for, or when nothing is pending (back/forward, a link).
 */
export function searchTracker(initial: URLSearchParams) {
  let latest = initial;
  let committed = initial.toString();
  let pending: string | null = null;
  return {
    /** The query changes build on. */
    latest: () => latest,
    /** The router committed `params` (the URL on screen). */
    commit(params: URLSearchParams) {
      committed = params.toString();
      if (pending !== null && committed !== pending) return;
      pending = null;
      latest = params;
    },
    /** `next` is asked for: it is the latest from now on; returns it. */
    request(next: URLSearchParams) {
      latest = next;
      // Asking for the query already on screen commits no new params: nothing to wait for.
      pending = next.toString() === committed ? null : next.toString();
      return next;
    },
  };
}

/**
 * The query after `patch`: a key set to undefined or "" is removed, any other value set (as a
 * string); the page goes back to 1 (its key removed) unless the patch sets the page itself.
 * Returns a new URLSearchParams; `current` is not changed.
 */
export function applySearchPatch(current: URLSearchParams, patch: SearchPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  if (!("page" in patch)) next.delete("page");
  return next;
}

/** A value from `allowed`, or undefined when the URL holds something else. */
export function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A whole number ≥ 1 from the URL, or undefined. */
export function pageFrom(value: string | null): number | undefined {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : undefined;
}
