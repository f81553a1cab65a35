/**
 * The conversation list (GET /api/conversations, most recent first, by cursor), the unread
 * count for the Messages link and the bell (GET /api/messages/unread-count), and marking a
 * conversation read (POST /api/conversations/{userId}/read).
 */
import type { components } from "@closr/contracts/client";
import { apiClient, toApiError, useCurrentUser } from "@closr/ui";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { messagingKeys } from "./messaging-keys.ts";

export type Conversation = components["schemas"]["Conversation"];
export type ConversationPage = components["schemas"]["ConversationPage"];

export async function getConversations(cursor: string | undefined): Promise<ConversationPage> {
  const { data, error, response } = await apiClient.GET("/api/conversations", {
    params: { query: { limit: 30, ...(cursor ? { cursor } : {}) } },
  });
  if (error !== undefined || !data) throw toApiError(error, response);
  return data;
}

/** The caller's conversations, page by page. */
export function useConversations() {
  return useInfiniteQuery({
    queryKey: messagingKeys.conversations(),
    queryFn: ({ pageParam }) => getConversations(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Unread messages addressed to the signed-in user; 0 while signed out or loading. */
export function useUnreadCount(): number {
  const { data: user } = useCurrentUser();
  const { data } = useQuery({
    queryKey: messagingKeys.unread(),
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET("/api/messages/unread-count");
      if (error !== undefined || !data) throw toApiError(error, response);
      return data.unreadCount;
    },
    enabled: Boolean(user),
  });
  return user ? (data ?? 0) : 0;
}

/** Marks the messages received from `counterpartId` as read, up to `upToId`. */
export function useMarkRead(counterpartId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (upToId: number) => {
      const { data, error, response } = await apiClient.POST("/api/conversations/{userId}/read", {
        params: { path: { userId: counterpartId } },
        body: { upToId },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: (result) => {
      if (result.markedRead === 0) return;
      queryClient.invalidateQueries({ queryKey: messagingKeys.unread() });
      queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
    },
  });
}
