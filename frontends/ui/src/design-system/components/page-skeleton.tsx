/**
 * A page body's outline while its code or the remote it lives in is on its way, and `deferredPage`
 * — a page whose code is its own chunk (issue 31, point 5: a remote's pages are split by route,
 * so a page downloads its own code, not its whole area's; ADR 0056).
 */
import type { ComponentType } from "react";
import { type DeferredComponent, deferred } from "../deferred.tsx";

/** Skeleton lines one under another. */
const column = { display: "flex", flexDirection: "column", gap: 10 } as const;

/**
 * A still placeholder bar. Not the shimmering `Skeleton`: an animated background is repainted
 * every frame, main-thread time a phone needs for starting the app (docs/benchmarks.md).
 */
function Bone({ width, height = "1rem" }: { width: string; height?: string }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: "block",
        width,
        height,
        borderRadius: "var(--radius-sm)",
        background: "var(--color-border)",
      }}
    />
  );
}

/**
 * About the size of an area's first screen (title and description, a row of tiles, a panel), so
 * the page replaces it with little shift. `label` is read by assistive technology.
 */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div className="stack-lg" role="status" aria-busy="true" data-remote-skeleton="">
      <span className="visually-hidden">{label}</span>
      <div style={column}>
        <Bone width="min(18rem, 75%)" height="2.2rem" />
        <Bone width="min(26rem, 95%)" height="1.2rem" />
      </div>
      <div style={{ display: "grid", gap: 16, gridTemplateColumns: "repeat(auto-fit, minmax(12rem, 1fr))" }}>
        {[0, 1, 2].map((tile) => (
          <div key={tile} className="card card-content" style={{ ...column, minHeight: "9.5rem" }}>
            <Bone width="55%" />
            <Bone width="30%" height="2rem" />
            <Bone width="70%" height="0.85rem" />
          </div>
        ))}
      </div>
      <Bone width="100%" height="18rem" />
    </div>
  );
}

/**
 * A page whose code `load` imports as its own chunk (`() => import("./x-page.tsx").then((m) =>
 * m.XPage)`), drawn with `PageSkeleton` until it has arrived. `name` is unique among deferred
 * components ("agent/invoices"): the server records the pages it drew under it and the browser
 * loads those before hydrating the served page (deferred.tsx).
 */
export function deferredPage<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): DeferredComponent<P> {
  return deferred(name, load, <PageSkeleton label="Loading page" />);
}
