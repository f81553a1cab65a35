/** deferred components outside a browser (the shell's server render, ADR 0055). */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DrawnDeferred, deferred, preloadDeferred, settleDeferred } from "./deferred.tsx";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe("deferred outside a browser", () => {
  it("loads once, draws the loaded component, and records the names a render drew", async () => {
    let loads = 0;
    const Deferred = deferred("test-greeting", async () => {
      loads += 1;
      return Greeting;
    });
    const Other = deferred("test-other", async () => Greeting);
    await Promise.all([
      Deferred.preload(),
      Deferred.preload(),
      preloadDeferred(["test-greeting", "no-such"]),
    ]);
    expect(loads).toBe(1);
    const drawn = new Set<string>();
    const other = new Set<string>();
    const result = renderToString(
      <DrawnDeferred value={drawn}>
        <Deferred name="Mia" />
      </DrawnDeferred>,
    );
    // A second render with its own set: each render records into its own, never a shared one.
    renderToString(<DrawnDeferred value={other}>nothing deferred</DrawnDeferred>);
    expect(result).toContain("Hello <!-- -->Mia");
    expect([...drawn]).toEqual(["test-greeting"]);
    expect([...other]).toEqual([]);
    expect(Other.preload).toBeTypeOf("function");
  });

  it("draws the fallback while loading, and tries a failed load again", async () => {
    let attempts = 0;
    const Flaky = deferred(
      "test-flaky",
      () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new Error("offline")) : Promise.resolve(Greeting);
      },
      ({ name }: { name: string }) => <span>Loading {name}</span>,
    );
    // The load started at creation (no window) has failed; the render before it settles shows the fallback.
    expect(renderToString(<Flaky name="Jack" />)).toContain("Loading <!-- -->Jack");
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(preloadDeferred(["test-flaky"])).resolves.toBeDefined();
    expect(attempts).toBe(2);
    expect(renderToString(<Flaky name="Jack" />)).toContain("Hello <!-- -->Jack");
  });

  it("settleDeferred waits for every load, so a render right after draws the components", async () => {
    let release: (() => void) | undefined;
    const Slow = deferred(
      "test-slow",
      () =>
        new Promise<typeof Greeting>((resolve) => {
          release = () => resolve(Greeting);
        }),
      ({ name }: { name: string }) => <span>Loading {name}</span>,
    );
    const Broken = deferred("test-broken", () => Promise.reject(new Error("gone")));
    expect(renderToString(<Slow name="Kim" />)).toContain("Loading <!-- -->Kim");
    const settled = settleDeferred();
    let done = false;
    void settled.then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toBe(false);
    release?.();
    // A failed load does not fail the wait; it is left to the draw that needs it.
    await expect(settled).resolves.toBeUndefined();
    expect(renderToString(<Slow name="Kim" />)).toContain("Hello <!-- -->Kim");
    expect(Broken.preload).toBeTypeOf("function");
  });
});
