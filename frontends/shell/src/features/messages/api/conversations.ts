/**
 * The conversation list (GET /api/conversations, most recent first, by cursor) and marking a
 * conversation read (POST /api/conversations/{userId}/read), which refreshes the unread count
 * (its query lives in @closr/client: `useUnreadCount`, `unreadCountKey`).
 */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
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
