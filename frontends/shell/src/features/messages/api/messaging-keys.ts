/** Query keys of the messaging feature; everything starts with "messaging" so a reset can refetch it all. */
export const messagingKeys = {
  all: ["messaging"] as const,
  conversations: () => ["messaging", "conversations"] as const,
  conversation: (counterpartId: number) => ["messaging", "messages", counterpartId] as const,
  unread: () => ["messaging", "unread"] as const,
  users: (q: string) => ["messaging", "users", q] as const,
  user: (id: number) => ["messaging", "user", id] as const,
};
