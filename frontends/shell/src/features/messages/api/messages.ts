/**
 * One conversation (GET /api/messages?with=, newest page first, each page oldest first) and
 * sending (POST /api/messages). A sent message is appended to the open conversation (spec §4);
 * live events (hooks/use-live-events.ts) add the other side's messages and read marks.
 */

import { apiClient, toApiError } from "@closr/client";
import type { components } from "@closr/contracts/client";
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { messagingKeys } from "./messaging-keys.ts";

export type Message = components["schemas"]["Message"];
export type MessagePage = components["schemas"]["MessagePage"];
export type ConversationData = InfiniteData<MessagePage, string | undefined>;

export async function getMessages(counterpartId: number, cursor: string | undefined): Promise<MessagePage> {
  const { data, error, response } = await apiClient.GET("/api/messages", {
    params: { query: { with: counterpartId, limit: 50, ...(cursor ? { cursor } : {}) } },
  });
  if (error !== undefined || !data) throw toApiError(error, response);
  return data;
}

/** The conversation with `counterpartId`; `fetchNextPage` loads older messages. */
export function useConversation(counterpartId: number | undefined) {
  return useInfiniteQuery({
    queryKey: messagingKeys.conversation(counterpartId ?? 0),
    queryFn: ({ pageParam }) => getMessages(counterpartId!, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: counterpartId !== undefined,
  });
}

/** Every loaded message of a conversation, oldest first. */
export function messagesOf(data: InfiniteData<MessagePage, unknown> | undefined): Message[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.items);
}

/** Adds a message to a cached conversation (newest page) unless it is there already. */
export function appendMessage(queryClient: QueryClient, counterpartId: number, message: Message) {
  queryClient.setQueryData<ConversationData>(messagingKeys.conversation(counterpartId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.items.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    const items = [...newest!.items, message].sort((a, b) => a.id - b.id);
    return { ...data, pages: [{ ...newest!, items }, ...older] };
  });
}

/** Marks cached messages from `senderId` up to `upToId` as read. */
export function markCachedRead(
  queryClient: QueryClient,
  counterpartId: number,
  senderId: number,
  upToId: number,
) {
  queryClient.setQueryData<ConversationData>(messagingKeys.conversation(counterpartId), (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => ({
      ...page,
      items: page.items.map((m) => {
        if (m.senderId !== senderId || m.read || m.id > upToId) return m;
        changed = true;
        return { ...m, read: true };
      }),
    }));
    return changed ? { ...data, pages } : data;
  });
}

/** Sends a message to `receiverId`; on success it is appended to the conversation. */
export function useSendMessage(receiverId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (content: string) => {
      if (receiverId === undefined) throw new Error("Choose a conversation first.");
      const { data, error, response } = await apiClient.POST("/api/messages", {
        body: { receiverId, content },
      });
      if (error !== undefined || !data) throw toApiError(error, response);
      return data;
    },
    onSuccess: (message) => {
      appendMessage(queryClient, message.receiverId, message);
      queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
    },
  });
}
