/**
 * Components whose code arrives when they are first drawn, not with the page (issue 31, point 5:
 * JavaScript by the time a page is interactive). An overlay's machinery — focus trapping, outside
 * dismissal, positioning; about 25 KiB gzip of react-aria — is only needed once a dialog, a menu
 * or a drawer opens, and a signed-out visitor never draws the user menu at all.
 *
 * `deferred(load, fallback)` returns a component that draws `fallback` (a node, or a function of
 * the props) until `load()` (a dynamic `import()`, its own chunk) has resolved, then the loaded
 * component with the same props. Its
 * `preload()` starts the load early (on a trigger's pointer-down or focus, so the code is usually
 * there by the time the press ends). On the server the load starts when the module is evaluated,
 * so a server render draws the component itself; the browser then keeps that served HTML until
 * the chunk has arrived and hydrates it (React keeps a suspended boundary's server HTML).
 * A failed load rejects into the nearest error boundary and is tried again on the next draw.
 */
import { type ComponentType, type ReactNode, Suspense, use } from "react";

/** A component drawn from a chunk loaded on first use, with a way to start loading it sooner. */
export type DeferredComponent<P> = ComponentType<P> & { preload: () => Promise<unknown> };

export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode | ((props: P) => ReactNode) = null,
): DeferredComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  function Loaded(props: P) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  function Deferred(props: P) {
    return (
      <Suspense fallback={typeof fallback === "function" ? fallback(props) : fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  if (typeof window === "undefined") preload().catch(() => undefined);
  return Object.assign(Deferred, { preload });
}
