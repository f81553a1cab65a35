/**
 * The signed-in user's unread message count (GET /api/messages/unread-count), shared by the
 * shell (bell, Messages links, bottom bar, drawer) and the remotes' dashboard side menus.
 * react-query is a Module Federation singleton and the shell provides the one QueryClient, so
 * every app's bundled copy of this hook reads ONE query cache entry (ADR 0048).
 *
 * Live-update contract: whoever learns that the count changed (the shell's event stream on a
 * new message or a read receipt, marking a conversation read) invalidates `unreadCountKey`.
 * The key starts with "messaging", so invalidating `["messaging"]` refetches it too.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../api/client.ts";
import { toApiError } from "../api/problem.ts";
import { useCurrentUser } from "../session/session-api.ts";

export const unreadCountKey = ["messaging", "unread"] as const;

/** GET /api/messages/unread-count: messages addressed to the caller not yet read (an integer ≥ 0). */
export async function getUnreadCount(): Promise<number> {
  const { data, error, response } = await apiClient.GET("/api/messages/unread-count");
  if (error !== undefined || !data) throw toApiError(error, response);
  return data.unreadCount;
}

export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: unreadCountKey, queryFn: getUnreadCount });

/** Unread messages addressed to the signed-in user; 0 while signed out, loading or after a failure. */
export function useUnreadCount(): number {
  const { data: user } = useCurrentUser();
  const { data } = useQuery({ ...unreadCountQueryOptions(), enabled: Boolean(user) });
  return user ? (data ?? 0) : 0;
}
