/** Messaging ports. Infrastructure failures are defects; the error channel holds domain errors. */
import { Context, type Effect, type Option } from "effect";
import type { MessageId, UserId } from "../shared/ids.ts";
import type { Counted, Paging } from "../shared/paging.ts";
import type { MessageUserNotFound } from "./errors.ts";
import type { Conversation, CursorPage, Message, NewMessage, PublicUser, ReadReceipt } from "./model.ts";

export class MessageRepository extends Context.Tag("messaging/MessageRepository")<
  MessageRepository,
  {
    /**
     * Stores a message and, atomically with it, the live event that tells both parties.
     * Fails with MessageUserNotFound when the receiver does not exist (also under races).
     */
    readonly send: (message: NewMessage) => Effect.Effect<Message, MessageUserNotFound>;
    /**
     * Messages between `userId` and `counterpartId`, newest page first, each page in
     * chronological order; `beforeId` continues with older messages.
     */
    readonly conversation: (
      userId: UserId,
      counterpartId: UserId,
      page: { readonly beforeId: number | undefined; readonly limit: number },
    ) => Effect.Effect<CursorPage<Message>>;
    /** One row per counterpart, the most recent conversation first; `beforeId` is a last message id. */
    readonly conversations: (
      userId: UserId,
      page: { readonly beforeId: number | undefined; readonly limit: number },
    ) => Effect.Effect<CursorPage<Conversation>>;
    /**
     * Marks read every unread message from `senderId` to `readerId` (up to `upToId` when
     * given) and records the receipt's live event atomically; undefined when none was unread.
     */
    readonly markRead: (
      readerId: UserId,
      senderId: UserId,
      upToId: MessageId | undefined,
      readAt: Date,
    ) => Effect.Effect<ReadReceipt | undefined>;
    /** Unread messages addressed to the user, from anyone. */
    readonly unreadCount: (userId: UserId) => Effect.Effect<number>;
  }
>() {}

/** A page of the users whose username contains `text`. */
export interface UserSearch extends Paging {
  readonly text: string;
}

export class UserDirectory extends Context.Tag("messaging/UserDirectory")<
  UserDirectory,
  {
    readonly findPublic: (id: UserId) => Effect.Effect<Option.Option<PublicUser>>;
    /** Users whose username contains `text` (case-insensitive), except `excludeId`; prefix matches first, then by name. */
    readonly search: (
      query: UserSearch & { readonly excludeId: UserId },
    ) => Effect.Effect<Counted<PublicUser>>;
  }
>() {}
