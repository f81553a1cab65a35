/**
 * Query keys of the messaging feature; everything starts with "messaging" so a reset can refetch
 * it all. The unread count's key is @closr/client's (one cache entry shared with the remotes' side menus).
 */
import { unreadCountKey } from "@closr/client";

export const messagingKeys = {
  all: ["messaging"] as const,
  conversations: () => ["messaging", "conversations"] as const,
  conversation: (counterpartId: number) => ["messaging", "messages", counterpartId] as const,
  unread: () => unreadCountKey,
  users: (q: string) => ["messaging", "users", q] as const,
  user: (id: number) => ["messaging", "user", id] as const,
};
