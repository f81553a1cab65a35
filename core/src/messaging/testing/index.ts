/**
 * In-memory messaging ports and object mothers for unit tests. The memory store follows the
 * same rules as the PostgreSQL adapter: ids ascend, pages are newest first and chronological
 * inside, and every send and read receipt is recorded as a live event for both parties.
 */
import { Effect, Layer, Option } from "effect";
import { MessageId, type UserId } from "../../shared/ids.ts";
import { MessageUserNotFound } from "../errors.ts";
import type { Conversation, LiveEvent, Message, PublicUser } from "../model.ts";
import { MessageRepository, UserDirectory } from "../ports.ts";

/** A public user with defaults (a business named user<id>). */
export const aPublicUser = (overrides: Omit<Partial<PublicUser>, "id"> & { id: number }): PublicUser => ({
  username: `user${overrides.id}`,
  userType: "business",
  verificationStatus: "unverified",
  ...overrides,
  id: overrides.id as UserId,
});

export function makeMessagingMemory(users: readonly PublicUser[]) {
  const messages: Message[] = [];
  const events: LiveEvent[] = [];
  let nextEventId = 1;
  const byId = new Map(users.map((u) => [u.id, u]));
  const between = (a: UserId, b: UserId) =>
    messages.filter(
      (m) => (m.senderId === a && m.receiverId === b) || (m.senderId === b && m.receiverId === a),
    );

  const repository = Layer.succeed(MessageRepository, {
    send: (input) =>
      Effect.suspend(() => {
        if (!byId.has(input.receiverId)) return Effect.fail(new MessageUserNotFound({ field: "receiverId" }));
        const message: Message = { ...input, id: MessageId.make(messages.length + 1), read: false };
        messages.push(message);
        events.push({
          id: nextEventId++,
          kind: "message",
          userIds: [input.senderId, input.receiverId],
          message,
        });
        return Effect.succeed(message);
      }),
    conversation: (userId, counterpartId, { beforeId, limit }) =>
      Effect.sync(() => {
        const older = between(userId, counterpartId).filter((m) => beforeId === undefined || m.id < beforeId);
        const page = older.slice(-limit);
        return { items: page, nextCursor: older.length > limit ? (page[0]?.id ?? null) : null };
      }),
    conversations: (userId, { beforeId, limit }) =>
      Effect.sync(() => {
        const last = new Map<UserId, Message>();
        for (const m of messages) {
          if (m.senderId !== userId && m.receiverId !== userId) continue;
          last.set(m.senderId === userId ? m.receiverId : m.senderId, m);
        }
        const rows: Conversation[] = [...last]
          .map(([counterpartId, lastMessage]) => ({
            counterpart: byId.get(counterpartId)!,
            lastMessage,
            unreadCount: messages.filter(
              (m) => m.senderId === counterpartId && m.receiverId === userId && !m.read,
            ).length,
          }))
          .filter((c) => beforeId === undefined || c.lastMessage.id < beforeId)
          .sort((a, b) => b.lastMessage.id - a.lastMessage.id);
        const page = rows.slice(0, limit);
        return {
          items: page,
          nextCursor: rows.length > limit ? page[page.length - 1]!.lastMessage.id : null,
        };
      }),
    markRead: (readerId, senderId, upToId, readAt) =>
      Effect.sync(() => {
        let count = 0;
        let max = 0;
        messages.forEach((m, i) => {
          if (
            m.senderId === senderId &&
            m.receiverId === readerId &&
            !m.read &&
            (upToId === undefined || m.id <= upToId)
          ) {
            messages[i] = { ...m, read: true };
            count++;
            max = Math.max(max, m.id);
          }
        });
        if (count === 0) return undefined;
        const receipt = { readerId, senderId, upToId: MessageId.make(max), count, readAt };
        events.push({ id: nextEventId++, kind: "read", userIds: [readerId, senderId], receipt });
        return receipt;
      }),
    unreadCount: (userId) =>
      Effect.sync(() => messages.filter((m) => m.receiverId === userId && !m.read).length),
  });

  const directory = Layer.succeed(UserDirectory, {
    findPublic: (id) => Effect.sync(() => Option.fromNullable(byId.get(id))),
    search: ({ text, excludeId, page, pageSize }) =>
      Effect.sync(() => {
        const needle = text.toLowerCase();
        const found = users
          .filter((u) => u.id !== excludeId && u.username.toLowerCase().includes(needle))
          .sort(
            (a, b) =>
              Number(!a.username.toLowerCase().startsWith(needle)) -
                Number(!b.username.toLowerCase().startsWith(needle)) || a.username.localeCompare(b.username),
          );
        return { items: found.slice((page - 1) * pageSize, page * pageSize), total: found.length };
      }),
  });

  return { layer: Layer.merge(repository, directory), messages, events };
}
