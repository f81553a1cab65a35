/**
 * The providers around the router (spec §7: no retry, no refetch on focus, never stale).
 * The QueryClient and the router are made by the caller and passed in (ADR 0047): one of each per
 * request in the server entry, one of each per page in main.tsx. Nothing here is module-level.
 * `createQueryClient` (the app's query defaults) lives in @closr/client (ADR 0048).
 */
import { useCurrentUser } from "@closr/client";
import { setDisplayTimeZone } from "@closr/ui";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";

export { createQueryClient } from "@closr/client";

/**
 * Dates below format in the signed-in user's zone (Australia/Sydney signed out; ADR 0059). Set
 * while rendering, before the page below it renders: on the server inside one synchronous
 * renderToString (entry-server.tsx restores the default after it), in the browser from the same
 * session the server rendered with, so served HTML and hydration format alike.
 */
function DisplayTimeZone({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  setDisplayTimeZone(user?.timeZone);
  return children;
}

/** `children` is the router: RouterProvider in the browser, StaticRouterProvider on the server. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <DisplayTimeZone>{children}</DisplayTimeZone>
    </QueryClientProvider>
  );
}
