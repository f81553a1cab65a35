/**
 * Messaging schemas (spec §2.10, §3 messages, §5 Message, §7 GET/POST /api/messages,
 * GET /api/users; issue 6). `senderId`, `receiverId` and every user id are user ids. Messages
 * and conversations page by cursor `{ items, nextCursor }`; users page by number.
 */
import { z } from "@hono/zod-openapi";
import { pageSchema, paging } from "./common.ts";
import { UserType, VerificationStatus } from "./identity.ts";

export const messageMaxLength = 5000;

const userId = (name: string, where: "query" | "path" | "body", description?: string) => {
  const message = `${name} must be a positive whole number`;
  const base = where === "body" ? z.number({ error: message }) : z.coerce.number({ error: message });
  return base
    .int({ error: message })
    .min(1, { error: message })
    .max(2_147_483_647, { error: message })
    .openapi({
      ...(where === "body" ? {} : { param: { name, in: where } }),
      ...(description ? { description } : {}),
    });
};

const cursor = z
  .string()
  .regex(/^[0-9]{1,15}$/, { error: "cursor must be a nextCursor from a previous page" })
  .optional()
  .openapi({
    param: { name: "cursor", in: "query" },
    description: "Opaque: the nextCursor of the previous page. Absent: the first page.",
  });

const limit = (max: number, fallback: number) =>
  z.coerce
    .number({ error: `limit must be a whole number from 1 to ${max}` })
    .int({ error: `limit must be a whole number from 1 to ${max}` })
    .min(1, { error: `limit must be a whole number from 1 to ${max}` })
    .max(max, { error: `limit must be a whole number from 1 to ${max}` })
    .default(fallback)
    .openapi({ param: { name: "limit", in: "query" } });

// ---- answers ----------------------------------------------------------------------------

export const PublicUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    userType: UserType,
    verificationStatus: VerificationStatus,
    verifiedBadge: z.boolean().openapi({
      description:
        "Show the Verified badge: verified AND the user's plan grants the badge (Professional, Enterprise, Agent Pro; ADR 0042).",
    }),
  })
  .openapi("PublicUser", { description: "A user as others see them: public fields only." });
export type PublicUser = z.infer<typeof PublicUser>;

export const Message = z
  .object({
    id: z.number().int(),
    senderId: z.number().int(),
    receiverId: z.number().int(),
    content: z.string().openapi({ description: "Plain text (never HTML), 1 to 5000 characters." }),
    read: z.boolean().openapi({ description: "True once the receiver has opened the conversation." }),
    sentAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Message");
export type Message = z.infer<typeof Message>;

export const MessagePage = z
  .object({
    items: z.array(Message).openapi({ description: "Oldest first within the page." }),
    nextCursor: z
      .string()
      .nullable()
      .openapi({ description: "Continues with older messages; null at the start." }),
  })
  .openapi("MessagePage", {
    description: "One page of a conversation. The first page holds the newest messages.",
  });

export const Conversation = z
  .object({
    user: PublicUser,
    lastMessage: Message,
    unreadCount: z.number().int().openapi({ description: "Messages from `user` the caller has not read." }),
  })
  .openapi("Conversation");
export type Conversation = z.infer<typeof Conversation>;

export const ConversationPage = z
  .object({
    items: z.array(Conversation).openapi({ description: "Most recent conversation first." }),
    nextCursor: z.string().nullable(),
  })
  .openapi("ConversationPage");

export const PublicUserPage = pageSchema(PublicUser, "PublicUserPage");

export const UnreadCount = z
  .object({
    unreadCount: z.number().int().openapi({ description: "Unread messages addressed to the caller." }),
  })
  .openapi("UnreadCount");

export const ReadReceipt = z
  .object({
    readerId: z.number().int(),
    senderId: z.number().int(),
    upToId: z
      .number()
      .int()
      .openapi({ description: "Every message from senderId to readerId up to this id is read." }),
    readAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("ReadReceipt");
export type ReadReceipt = z.infer<typeof ReadReceipt>;

export const MarkReadResult = z
  .object({
    markedRead: z
      .number()
      .int()
      .openapi({ description: "Messages this call turned read (0 when none were unread)." }),
    upToId: z.number().int().nullable(),
  })
  .openapi("MarkReadResult");

export const LiveEvent = z
  .discriminatedUnion("event", [
    z.object({ event: z.literal("message"), id: z.string(), data: Message }),
    z.object({ event: z.literal("read"), id: z.string(), data: ReadReceipt }),
    z.object({
      event: z.literal("notification"),
      id: z.string(),
      data: z.object({
        id: z.number().int(),
        kind: z.string(),
        title: z.string(),
        link: z.string(),
        createdAt: z.string(),
      }),
    }),
    z.object({
      event: z.literal("ready"),
      id: z.string(),
      data: z.object({ latestId: z.string() }),
    }),
    z.object({ event: z.literal("reset"), id: z.string(), data: z.object({ reason: z.string() }) }),
  ])
  .openapi("LiveEvent", {
    description:
      "One Server-Sent Events frame: `event` is the SSE event name, `id` the SSE id (send it back as Last-Event-ID), `data` the JSON in the frame's data line. message: a message to or from the caller. read: a read receipt for a conversation of the caller. notification: a new notification of the caller (refetch the bell). ready: sent first, the stream is live. reset: the stream could not resume; refetch conversations and messages.",
  });
export type LiveEvent = z.infer<typeof LiveEvent>;

// ---- inputs -----------------------------------------------------------------------------

export const SendMessageRequest = z
  .strictObject({
    receiverId: userId("receiverId", "body", "The user to send to (not oneself)."),
    content: z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? "Message cannot be empty"
            : "Message must be text",
      })
      .trim()
      .min(1, { error: "Message cannot be empty" })
      .max(messageMaxLength, { error: `Message must be at most ${messageMaxLength} characters` }),
    senderId: z
      .number()
      .int()
      .optional()
      .openapi({ description: "Accepted for compatibility (spec §7); must be the caller's own id." }),
  })
  .openapi("SendMessageRequest");
export type SendMessageRequest = z.input<typeof SendMessageRequest>;

export const MarkReadRequest = z
  .strictObject({
    upToId: z
      .number({ error: "upToId must be a message id" })
      .int({ error: "upToId must be a message id" })
      .min(1, { error: "upToId must be a message id" })
      .optional()
      .openapi({ description: "Mark only messages up to this id (those the reader has seen); absent: all." }),
  })
  .openapi("MarkReadRequest");

export const MessagesQuery = z.object({
  with: userId("with", "query", "The other user of the conversation."),
  cursor,
  limit: limit(100, 50),
});

export const ConversationsQuery = z.object({ cursor, limit: limit(50, 20) });

export const UsersQuery = z.object({
  q: z
    .string()
    .max(100, { error: "Search must be at most 100 characters" })
    .optional()
    .openapi({ param: { name: "q", in: "query" }, description: "Part of a username, any case." }),
  ...paging(50, 20),
});

export const UserIdParam = z.object({ id: userId("id", "path") });
export const CounterpartParam = z.object({ userId: userId("userId", "path") });

export const EventsQuery = z.object({
  lastEventId: z
    .string()
    .regex(/^[0-9]{1,15}$/, { error: "lastEventId must be an event id" })
    .optional()
    .openapi({
      param: { name: "lastEventId", in: "query" },
      description:
        "Resume after this event id when the Last-Event-ID header cannot be sent (a new EventSource).",
    }),
});
