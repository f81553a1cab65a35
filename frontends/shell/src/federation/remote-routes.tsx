/**
 * Mounts a remote's routes under its base path: loads the remote the first time the user
 * enters it (the area's frame with a skeleton page meanwhile), renders its routes with a 404
 * fallback, and shows a retry card if loading or rendering fails.
 *
 * On the server (ADR 0053), when the server entry has the remote's server bundle
 * (`ServerRemotesContext`), the area renders the remote's real page with its data; the browser's
 * hydration render then renders the remote's route tree too, which suspends until the remote's
 * JavaScript arrives — React keeps the served HTML meanwhile and hydrates it then (a flag in the
 * shipped query cache, `remoteServedKey`, says which the server drew). Without a server bundle
 * (ADR 0051) the server renders the area's frame — the side menu the remote's pages sit in, with
 * live badges — around a skeleton of the page body, the browser's hydration draws the same, then
 * swaps in the remote's page when it arrives.
 */

import { type RemoteName, SideMenuLayout } from "@closr/client";
import { partyAreas, partyNavItems } from "@closr/partner-kit";
import { PageSkeleton, preloadDeferred } from "@closr/ui";
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Suspense, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { type RouteObject, useRoutes } from "react-router";
import { expectServedRemote, servedRemoteHydrated } from "../app/hydrated-mark.tsx";
import { NotFoundPage } from "../features/errors/components/not-found-page.tsx";
import { drawnDeferred } from "../ssr-data.ts";
import { RemoteErrorBoundary } from "./remote-error-boundary.tsx";
import { loadRemoteModule } from "./remote-loader.ts";
import { remoteServedKey, ServerRemotesContext } from "./server-remotes.ts";

const labels: Record<RemoteName, string> = {
  business: "Business workspace",
  agent: "Agent workspace",
  admin: "Admin panel",
};

/** A remote's area: the remote, its base path, and whether the next load must re-register it (Retry). */
type AreaProps = { name: RemoteName; basePath: string; forceRef: { current: boolean } };

function RemoteRouteTree({ name, basePath, forceRef }: AreaProps) {
  const { data } = useSuspenseQuery({
    queryKey: ["remote-module", name],
    queryFn: async () => {
      const force = forceRef.current;
      forceRef.current = false;
      const module = await loadRemoteModule(name, basePath, force);
      // A remote's pages are their own chunks (deferredPage): the served page's chunk is loaded
      // before the first render, so hydration finds it there (a failure is left to the page).
      await preloadDeferred(drawnDeferred()).catch(() => undefined);
      return module;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  // Committed: a served page of this remote is hydrated now (the hydrated mark waits for it).
  useEffect(() => servedRemoteHydrated(name), [name]);
  return <RemotePages routes={data.routes} />;
}

/** A remote's routes with the shell's 404 page as the fallback. */
function RemotePages({ routes }: { routes: RouteObject[] }) {
  return useRoutes([...routes, { path: "*", element: <NotFoundPage /> }]);
}

/**
 * What an area shows before its remote's page: the frame that page sits in (business and agent:
 * the party's side menu, as partner-kit's PartyLayout draws it; admin: none) around a skeleton.
 */
export function RemoteSkeleton({ name }: { name: RemoteName }) {
  const body = <PageSkeleton label={`Loading ${labels[name].toLowerCase()}`} />;
  if (name === "admin") return <div className="container section">{body}</div>;
  return (
    <SideMenuLayout label={partyAreas[name].menuLabel} items={partyNavItems(name)}>
      {body}
    </SideMenuLayout>
  );
}

const noSubscription = () => () => undefined;

/**
 * True on the server and during the browser's hydration of the served page, false afterwards and
 * on every render the browser starts itself (a client-side navigation, a bare index.html).
 */
const useServedRender = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

/**
 * The area's content when the served HTML holds the skeleton (or on a page the browser renders
 * itself): the skeleton while hydrating the served page, the remote's route tree afterwards.
 */
function SkeletonThenRemote({ name, basePath, forceRef }: AreaProps) {
  return useServedRender() ? (
    <RemoteSkeleton name={name} />
  ) : (
    <RemoteRouteTree name={name} basePath={basePath} forceRef={forceRef} />
  );
}

/**
 * A remote's area: its route tree (loaded on first entry), a skeleton while it loads, a retry card
 * when loading or rendering fails. On the server: the remote's pages when the server has its
 * server bundle, else the skeleton; in the browser's hydration render, whichever the server drew.
 *
 * The served remote page stays in a dehydrated Suspense boundary until the remote's JavaScript
 * arrives; React client-renders such a boundary (dropping the served HTML) if it receives new
 * props first. So the boundary's element is memoised: a re-render of this component (the session
 * refreshing, the guard) hands React the same element and it leaves the boundary alone.
 */
export function RemoteRoutes({ name, basePath }: { name: RemoteName; basePath: string }) {
  const queryClient = useQueryClient();
  const serverRemotes = useContext(ServerRemotesContext);
  const serverModule = serverRemotes?.module(name, basePath);
  if (serverModule) serverRemotes?.rendered.add(name);
  // Browser: did the server draw this remote's page (hydrate it once the remote loads)? Read once.
  const [hydrateServed] = useState(() => {
    const servedPage = !serverRemotes && queryClient.getQueryData(remoteServedKey(name)) === true;
    if (servedPage) expectServedRemote(name);
    return servedPage;
  });
  const forceRef = useRef(false);
  return useMemo(() => {
    const onRetry = () => {
      forceRef.current = true;
      queryClient.resetQueries({ queryKey: ["remote-module", name], exact: true });
    };
    return (
      <RemoteErrorBoundary
        title={`${labels[name]} is unavailable`}
        onRetry={onRetry}
        onError={() => servedRemoteHydrated(name)}
      >
        <Suspense fallback={<RemoteSkeleton name={name} />}>
          {serverModule ? (
            <RemotePages routes={serverModule.routes} />
          ) : hydrateServed ? (
            <RemoteRouteTree name={name} basePath={basePath} forceRef={forceRef} />
          ) : (
            <SkeletonThenRemote name={name} basePath={basePath} forceRef={forceRef} />
          )}
        </Suspense>
      </RemoteErrorBoundary>
    );
  }, [name, basePath, queryClient, serverModule, hydrateServed]);
}
