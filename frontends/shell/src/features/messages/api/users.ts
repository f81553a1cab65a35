/** Users by username for starting a conversation (GET /api/users?q=) and one user for a deep link (GET /api/users/{id}). */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { messagingKeys } from "./messaging-keys.ts";

export type PublicUser = components["schemas"]["PublicUser"];

/** Users whose username contains `q` (runs only for a non-empty `q`). */
export function useUserSearch(q: string) {
  return useQuery({
    queryKey: messagingKeys.users(q),
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/users", {
        params: { query: { q, pageSize: 20 } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** One user's public fields (404 → error). */
export function usePublicUser(id: number | undefined) {
  return useQuery({
    queryKey: messagingKeys.user(id ?? 0),
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/users/{id}", {
        params: { path: { id: id! } },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    enabled: id !== undefined,
  });
}
