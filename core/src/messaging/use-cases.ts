/**
 * Messaging use cases (spec §2.10, §5, §6; issue 6): send a message, read one conversation by
 * cursor, list conversations newest first, mark a conversation read, count unread, and look
 * users up by username. The caller is always the signed-in user; a conversation is always
 * between the caller and `counterpartId`, so nobody reads a conversation they are not part of.
 * Errors: InvalidMessageContent (422), CannotMessageSelf (422), MessageUserNotFound (404).
 */
import { Effect, Option } from "effect";
import { Clock } from "../shared/clock.ts";
import { publishEvent } from "../shared/domain-events.ts";
import type { MessageId, UserId } from "../shared/ids.ts";
import { CannotMessageSelf, InvalidMessageContent, MessageUserNotFound } from "./errors.ts";
import { messageRules, messagingPageSizes } from "./model.ts";
import { MessageRepository, UserDirectory, type UserSearch } from "./ports.ts";

/** Who is asking: only the id matters here, and it comes from the session. */
export interface Caller {
  readonly id: UserId;
}

/**
 * Checks content (spec §5: blocked when empty or whitespace only; at most 5000 characters)
 * and returns it without leading and trailing whitespace.
 */
export const validateContent = (content: string) => {
  const trimmed = content.trim();
  if (trimmed.length === 0)
    return Effect.fail(new InvalidMessageContent({ message: "Message cannot be empty" }));
  if (trimmed.length > messageRules.maxLength)
    return Effect.fail(
      new InvalidMessageContent({ message: `Message must be at most ${messageRules.maxLength} characters` }),
    );
  return Effect.succeed(trimmed);
};

const requireCounterpart = (id: UserId, field: string) =>
  Effect.flatMap(UserDirectory, (directory) => directory.findPublic(id)).pipe(
    Effect.flatMap(
      Option.match({
        onNone: () => Effect.fail(new MessageUserNotFound({ field })),
        onSome: Effect.succeed,
      }),
    ),
  );

const clampLimit = (limit: number | undefined, sizes: { readonly default: number; readonly max: number }) =>
  Math.min(Math.max(1, Math.floor(limit ?? sizes.default)), sizes.max);

/** Sends `content` from the caller to `receiverId`; both parties' open tabs receive it live. */
export const sendMessage = Effect.fn("messaging.sendMessage")(function* (
  caller: Caller,
  input: { readonly receiverId: UserId; readonly content: string },
) {
  const content = yield* validateContent(input.content);
  if (input.receiverId === caller.id) return yield* new CannotMessageSelf();
  // An unknown receiver fails in the store (MessageUserNotFound), which saves a lookup per send.
  const sentAt = yield* (yield* Clock).now;
  const sent = yield* (yield* MessageRepository).send({
    senderId: caller.id,
    receiverId: input.receiverId,
    content,
    sentAt,
  });
  yield* publishEvent({ _tag: "MessageSent", message: sent });
  return sent;
});

/** The caller's conversation with `counterpartId`, newest page first (each page oldest first). */
export const getConversation = Effect.fn("messaging.getConversation")(function* (
  caller: Caller,
  counterpartId: UserId,
  page: { readonly beforeId?: number | undefined; readonly limit?: number | undefined } = {},
) {
  const counterpart = yield* requireCounterpart(counterpartId, "with");
  const messages = yield* (yield* MessageRepository).conversation(caller.id, counterpartId, {
    beforeId: page.beforeId,
    limit: clampLimit(page.limit, messagingPageSizes.messages),
  });
  return { counterpart, ...messages };
});

/** The caller's conversations, the most recent first, with unread counts. */
export const listConversations = Effect.fn("messaging.listConversations")(function* (
  caller: Caller,
  page: { readonly beforeId?: number | undefined; readonly limit?: number | undefined } = {},
) {
  return yield* (yield* MessageRepository).conversations(caller.id, {
    beforeId: page.beforeId,
    limit: clampLimit(page.limit, messagingPageSizes.conversations),
  });
});

/**
 * The caller has opened the conversation with `counterpartId`: every message they received
 * from that user (up to `upToId` when given) becomes read, and the sender's tabs learn it.
 */
export const markConversationRead = Effect.fn("messaging.markConversationRead")(function* (
  caller: Caller,
  counterpartId: UserId,
  upToId?: MessageId,
) {
  if (counterpartId === caller.id) return yield* new CannotMessageSelf();
  yield* requireCounterpart(counterpartId, "userId");
  const readAt = yield* (yield* Clock).now;
  const receipt = yield* (yield* MessageRepository).markRead(caller.id, counterpartId, upToId, readAt);
  return { markedRead: receipt?.count ?? 0, upToId: receipt?.upToId ?? null };
});

/** How many messages addressed to the caller are unread (the Messages link and the bell). */
export const countUnread = Effect.fn("messaging.countUnread")(function* (caller: Caller) {
  return yield* (yield* MessageRepository).unreadCount(caller.id);
});

/** Users whose username contains `text`, except the caller; public fields only. */
export const searchUsers = Effect.fn("messaging.searchUsers")(function* (caller: Caller, query: UserSearch) {
  const pageSize = clampLimit(query.pageSize, messagingPageSizes.users);
  const result = yield* (yield* UserDirectory).search({
    text: query.text.trim(),
    excludeId: caller.id,
    page: Math.max(1, Math.floor(query.page)),
    pageSize,
  });
  return { ...result, page: query.page, pageSize };
});

/** One user's public fields (the header of a conversation opened by deep link). */
export const getPublicUser = Effect.fn("messaging.getPublicUser")(function* (id: UserId) {
  return yield* requireCounterpart(id, "id");
});
