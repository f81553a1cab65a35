/**
 * Messaging model (spec §3 messages, §2.10, §5): one-to-one messages between users, the
 * conversation list, read receipts, and the live events each user's open tabs receive.
 */
import type { MessageId, UserId } from "../shared/ids.ts";

/** Content rules (spec §5: not empty or whitespace only; the database allows 1..5000 characters). */
export const messageRules = { maxLength: 5000 } as const;

/** Page sizes (cursor pages; docs/architecture.md API conventions). */
export const messagingPageSizes = {
  messages: { default: 50, max: 100 },
  conversations: { default: 20, max: 50 },
  users: { default: 20, max: 50 },
} as const;

/** A user as another user may see them: public fields only (spec §7 GET /api/users). */
export interface PublicUser {
  readonly id: UserId;
  readonly username: string;
  readonly userType: "business" | "agent";
  readonly verificationStatus: "unverified" | "pending" | "verified";
  /** Verified AND the user's plan grants the badge (subscription's showsVerifiedBadge; ADR 0042). */
  readonly verifiedBadge?: boolean;
}

export interface Message {
  readonly id: MessageId;
  readonly senderId: UserId;
  readonly receiverId: UserId;
  /** Plain text, 1..5000 characters, never blank; shown as text, never as HTML. */
  readonly content: string;
  /** True once the receiver has opened the conversation after it arrived. */
  readonly read: boolean;
  readonly sentAt: Date;
}

/** What send stores; the id and read flag come from the store. */
export interface NewMessage {
  readonly senderId: UserId;
  readonly receiverId: UserId;
  readonly content: string;
  readonly sentAt: Date;
}

/** One row of the conversation list: the counterpart, the last message either way, and how many of theirs are unread. */
export interface Conversation {
  readonly counterpart: PublicUser;
  readonly lastMessage: Message;
  readonly unreadCount: number;
}

/** The reader has read every message from the sender up to and including `upToId`. */
export interface ReadReceipt {
  readonly readerId: UserId;
  readonly senderId: UserId;
  readonly upToId: MessageId;
  /** How many messages this receipt turned read. */
  readonly count: number;
  readonly readAt: Date;
}

/** A page in a cursor-paged list: `nextCursor` continues it, null at the end. */
export interface CursorPage<T> {
  readonly items: readonly T[];
  readonly nextCursor: number | null;
}

/**
 * What a user's open tabs learn live (both parties of each event): a new message, or a read
 * receipt. `id` orders events and is the SSE event id a reconnecting client resumes from.
 */
export type LiveEvent =
  | {
      readonly id: number;
      readonly kind: "message";
      readonly userIds: readonly UserId[];
      readonly message: Message;
    }
  | {
      readonly id: number;
      readonly kind: "read";
      readonly userIds: readonly UserId[];
      readonly receipt: ReadReceipt;
    }
  | {
      readonly id: number;
      readonly kind: "notification";
      readonly userIds: readonly UserId[];
      readonly notification: LiveNotification;
    };

/** A new notification of the user (issue 18, the bell), as the live stream carries it. */
export interface LiveNotification {
  readonly id: number;
  readonly kind: string;
  readonly title: string;
  readonly link: string;
  readonly createdAt: Date;
}
