import { describe, expect, it } from "vitest";
import { makeRefreshingCache } from "./refreshing-cache.ts";

/** A cache on a hand-driven clock, refreshing at exactly `refreshAt` × maxAge (no jitter). */
const setup = (refreshAt = 0.8) => {
  let t = 0;
  const cache = makeRefreshingCache<number>({
    max: 10,
    maxAgeMs: 1000,
    refreshAt: [refreshAt, refreshAt],
    now: () => t,
    random: () => 0,
  });
  let loads = 0;
  const gates: ((v: number) => void)[] = [];
  /** A load that resolves when the test opens its gate. */
  const gated = () =>
    new Promise<number>((resolve) => {
      loads++;
      gates.push(resolve);
    });
  return {
    cache,
    gated,
    loads: () => loads,
    open: (v: number) => gates.shift()!(v),
    at: (ms: number) => {
      t = ms;
    },
  };
};

describe("makeRefreshingCache", () => {
  it("shares one load among concurrent callers of a missing key", async () => {
    const s = setup();
    const a = s.cache.get("k", s.gated);
    const b = s.cache.get("k", s.gated);
    s.open(7);
    expect(await Promise.all([a, b])).toEqual([7, 7]);
    expect(s.loads()).toBe(1);
  });

  it("answers a young entry from memory and a stale one while a single background load replaces it", async () => {
    const s = setup();
    const first = s.cache.get("k", s.gated);
    s.open(1);
    await first;
    s.at(500);
    expect(await s.cache.get("k", s.gated)).toBe(1);
    expect(s.loads()).toBe(1);
    s.at(850); // past the refresh point, before the maximum age
    expect(await s.cache.get("k", s.gated)).toBe(1);
    expect(await s.cache.get("k", s.gated)).toBe(1);
    expect(s.loads()).toBe(2);
    s.open(2);
    await new Promise((r) => setTimeout(r, 0));
    expect(await s.cache.get("k", s.gated)).toBe(2);
    expect(s.loads()).toBe(2);
  });

  it("never answers an entry of the maximum age: the caller waits for the load", async () => {
    const s = setup();
    const first = s.cache.get("k", s.gated);
    s.open(1);
    await first;
    s.at(1000);
    const next = s.cache.get("k", s.gated);
    let settled = false;
    void next.then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toBe(false);
    s.open(2);
    expect(await next).toBe(2);
  });

  it("does not keep a value whose load started before clear()", async () => {
    const s = setup();
    const before = s.cache.get("k", s.gated);
    s.cache.clear();
    s.open(1);
    expect(await before).toBe(1);
    const after = s.cache.get("k", s.gated);
    s.open(2);
    expect(await after).toBe(2);
    expect(s.loads()).toBe(2);
  });

  it("does not cache a failed load", async () => {
    const s = setup();
    await expect(s.cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await s.cache.get("k", () => Promise.resolve(3))).toBe(3);
  });

  it("draws each entry's refresh point within the range, so entries loaded together refresh apart", async () => {
    let t = 0;
    let r = 0;
    const draws = [0, 0.5, 0.999];
    const cache = makeRefreshingCache<string>({
      max: 10,
      maxAgeMs: 1000,
      now: () => t,
      random: () => draws[r++ % draws.length]!,
    });
    for (const k of ["a", "b", "c"]) await cache.get(k, async () => `${k}0`);
    const reloaded: string[] = [];
    const probe = async (ms: number) => {
      t = ms;
      for (const k of ["a", "b", "c"])
        await cache.get(k, async () => {
          reloaded.push(k);
          return `${k}1`;
        });
    };
    await probe(699);
    expect(reloaded).toEqual([]);
    await probe(701); // a refreshes at 700 ms (0.7 of the maximum age)
    expect(reloaded).toEqual(["a"]);
    await probe(801); // b at 800 ms
    expect(reloaded).toEqual(["a", "b"]);
    await probe(899); // c at ~900 ms, not yet
    expect(reloaded).toEqual(["a", "b"]);
  });
});
