/**
 * Search state that lives in the URL query string (shareable; back/forward and reload keep
 * it). `update` sets or clears keys and goes back to page 1 unless the page itself changes.
 */
import { useCallback } from "react";
import { useSearchParams } from "react-router";

export type SearchPatch = Record<string, string | number | undefined>;

export function useUrlSearch() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: SearchPatch) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || value === "") next.delete(key);
          else next.set(key, String(value));
        }
        if (!("page" in patch)) next.delete("page");
        return next;
      });
    },
    [setParams],
  );
  const reset = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  return { params, update, reset };
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
