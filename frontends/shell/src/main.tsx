/**
 * Shell entry: hydrates the server-rendered page (ADR 0047, ADR 0051: signed-in pages too) — or
 * renders into an empty #root where the bare index.html was served (the service worker's offline
 * app shell, a failed server render) — then registers the service worker. The QueryClient is
 * made here (one per page) and starts with the server's query cache, so the first render matches
 * the served HTML.
 */
import "./pwa/install-prompt-store.ts";
import "@closr/ui/styles.css";
import { remoteAreaOf } from "@closr/client";
import { preloadDeferred } from "@closr/ui";
// The public pages' stylesheets ride with the first paint: the served HTML of a lazily loaded
// public page is drawn before its chunk (and the CSS that came with it) arrives.
import "./features/static-pages/components/public-pages.css";
import "./features/verification/components/verification.css";
// So are the signed-in pages' own (ADR 0051): messages, analytics and performance.
import "./features/messages/components/messages.css";
import "./features/insights/components/insights.css";
import { type DehydratedState, hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { matchRoutes, RouterProvider } from "react-router";
import { HydratedMark } from "./app/hydrated-mark.tsx";
import { createQueryClient, Providers } from "./app/providers.tsx";
import { createAppRouter, routes } from "./app/router.tsx";
import { preloadRemoteModule } from "./federation/remote-loader.ts";
import { registerServiceWorker } from "./pwa/register-sw.ts";
import { drawnDeferred, queryDataId } from "./ssr-data.ts";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// A page in a remote's area: its module starts loading now, beside the session check.
const area = remoteAreaOf(window.location.pathname);
if (area) preloadRemoteModule(area, `/${area}`);

const queryClient = createQueryClient();
const served = document.getElementById(queryDataId)?.textContent;
if (served) hydrate(queryClient, JSON.parse(served) as DehydratedState);

// The current URL's lazy routes are loaded before the router exists, so its first render is the
// page the server drew, not a loading state (a hydration mismatch otherwise); so are the deferred
// components (tabs, menus, dialogs: ADR 0055) the server drew, so the page is whole and live when
// it says it is hydrated. Names a lazy route registers are loaded once that route is.
const drawn = drawnDeferred();
await Promise.all([
  preloadDeferred(drawn),
  ...(matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
    if (typeof route.lazy !== "function") return;
    const loaded = await route.lazy();
    Object.assign(route, { ...loaded, lazy: undefined });
  }),
]);
await preloadDeferred(drawn);
const router = createAppRouter();

// The same tree as entry-server.tsx renders (same shape, so the same useId values).
const app = (
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
    <HydratedMark />
  </StrictMode>
);

// A transition: React hydrates the page in slices of about 5 ms that yield to the browser, not
// in one long task (total blocking time).
startTransition(() => {
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
});

registerServiceWorker((path) => void router.navigate(path));
