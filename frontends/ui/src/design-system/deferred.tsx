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
 * so a server render draws the component itself. The server also records which deferred
 * components a page drew (a `DrawnDeferred` set provided around the render: the render's own,
 * never a module variable, issue 47 item 4), and the browser loads those (`preloadDeferred`, by
 * name) before it hydrates: a served form inside deferred tabs is live as soon as the page says it
 * is hydrated, instead of waiting for a chunk after hydration.
 * A failed load rejects into the nearest error boundary and is tried again on the next draw.
 */
import { type ComponentType, createContext, type ReactNode, Suspense, use } from "react";

/**
 * A component drawn from a chunk loaded on first use, with ways to start loading it sooner:
 * `preload()` (rejects if the load fails) and `prefetch()` (for event handlers: a failure is left
 * to the draw that needs the component, which rejects into its error boundary).
 */
export type DeferredComponent<P> = ComponentType<P> & {
  preload: () => Promise<unknown>;
  prefetch: () => void;
};

/** Every deferred component's `preload`, by name. */
const registry = new Map<string, () => Promise<unknown>>();

/**
 * Where a server render records the names of the deferred components it draws: a Set the render
 * creates and provides around its tree (undefined: nothing is recorded, as in the browser).
 */
export const DrawnDeferred = createContext<Set<string> | undefined>(undefined);

/** Loads the named deferred components (unknown names are skipped); rejects if one fails. */
export function preloadDeferred(names: readonly string[]): Promise<unknown> {
  return Promise.all(names.map((name) => registry.get(name)?.()));
}

/**
 * Waits until every deferred component known so far has loaded or failed (failures are left to
 * the draw that needs the component). The server calls it before a render, so a render draws
 * the components themselves, including those of a remote's server bundle loaded just before.
 */
export function settleDeferred(): Promise<void> {
  return Promise.all([...registry.values()].map((preload) => preload().catch(() => undefined))).then(
    () => undefined,
  );
}

/**
 * A component drawn from the chunk `load` imports. `name` is unique among deferred components
 * (it links the server's record to the browser's preload).
 */
export function deferred<P extends object>(
  name: string,
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
    use(DrawnDeferred)?.add(name);
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
  registry.set(name, preload);
  if (typeof window === "undefined") preload().catch(() => undefined);
  const prefetch = () => {
    preload().catch(() => undefined);
  };
  return Object.assign(Deferred, { preload, prefetch });
}
