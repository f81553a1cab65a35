/**
 * Marks `<html data-hydrated>` once React owns the page (end-to-end tests wait for it; ADR 0047),
 * including a remote's page the server drew (ADR 0053), which React hydrates only when the
 * remote's JavaScript has arrived: the mark waits for every area `expectServedRemote` named to
 * report `servedRemoteHydrated` (its page hydrated, or failed and shows the retry card).
 * Rendered beside the providers on the server and in the browser alike: React's `useId` values
 * follow the tree's shape, so both trees must have the same children for ids to match.
 */
import { useEffect } from "react";

/** Served remote pages not hydrated yet: area name → what reports it hydrated. */
const pending = new Map<string, () => void>();
const waits: Promise<void>[] = [];

/** The served page holds remote `name`'s page: the hydrated mark waits for it (browser, hydration render). */
export function expectServedRemote(name: string): void {
  if (pending.has(name)) return;
  waits.push(new Promise<void>((resolve) => pending.set(name, resolve)));
}

/** Remote `name`'s area is hydrated (or gave up): no-op when nothing waits for it. */
export function servedRemoteHydrated(name: string): void {
  pending.get(name)?.();
}

export function HydratedMark() {
  useEffect(() => {
    void Promise.all(waits).then(() => {
      document.documentElement.dataset.hydrated = "true";
    });
  }, []);
  return null;
}
