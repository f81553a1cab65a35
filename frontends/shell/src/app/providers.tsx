/**
 * The providers around the router (spec §7: no retry, no refetch on focus, never stale).
 * The QueryClient and the router are made by the caller and passed in (ADR 0047): one of each per
 * request in the server entry, one of each per page in main.tsx. Nothing here is module-level.
 * `createQueryClient` (the app's query defaults) lives in @closr/client (ADR 0048).
 */
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";

export { createQueryClient } from "@closr/client";

/** `children` is the router: RouterProvider in the browser, StaticRouterProvider on the server. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
