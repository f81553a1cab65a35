/**
 * Mounts a remote's routes under its base path: loads the remote the first time the user
 * enters it (spinner meanwhile), renders its routes with a 404 fallback, and shows a retry
 * card if loading or rendering fails.
 */

import type { RemoteName } from "@closr/client";
import { PageSpinner } from "@closr/ui";
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Suspense, useRef } from "react";
import { useRoutes } from "react-router";
import { NotFoundPage } from "../features/errors/components/not-found-page.tsx";
import { RemoteErrorBoundary } from "./remote-error-boundary.tsx";
import { loadRemoteModule } from "./remote-loader.ts";

const labels: Record<RemoteName, string> = {
  business: "Business workspace",
  agent: "Agent workspace",
  admin: "Admin panel",
};

function RemoteRouteTree({
  name,
  basePath,
  forceRef,
}: {
  name: RemoteName;
  basePath: string;
  forceRef: { current: boolean };
}) {
  const { data } = useSuspenseQuery({
    queryKey: ["remote-module", name],
    queryFn: () => {
      const force = forceRef.current;
      forceRef.current = false;
      return loadRemoteModule(name, basePath, force);
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return useRoutes([...data.routes, { path: "*", element: <NotFoundPage /> }]);
}

export function RemoteRoutes({ name, basePath }: { name: RemoteName; basePath: string }) {
  const queryClient = useQueryClient();
  const forceRef = useRef(false);
  const onRetry = () => {
    forceRef.current = true;
    queryClient.resetQueries({ queryKey: ["remote-module", name], exact: true });
  };
  return (
    <RemoteErrorBoundary title={`${labels[name]} is unavailable`} onRetry={onRetry}>
      <Suspense fallback={<PageSpinner label={`Loading ${labels[name].toLowerCase()}`} />}>
        <RemoteRouteTree name={name} basePath={basePath} forceRef={forceRef} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
