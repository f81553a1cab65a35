/**
 * The QueryClient settings of the app (spec §7: no retry, no refetch on focus, never stale until
 * invalidated). A factory, not an instance: the caller owns the client (the shell creates one per
 * page in the browser, a server renderer one per request) and hands it to QueryClientProvider;
 * every remote's hooks read that provider's client, as react-query is a shared singleton (ADR 0048).
 */
import { QueryClient } from "@tanstack/react-query";

/** A new QueryClient with Closr's defaults (no retries, no focus refetch, data never stale). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}
