/**
 * Messaging routes (spec §7 GET/POST /api/messages, GET /api/users; issue 6): conversations,
 * one conversation by cursor, send, mark read, unread count, user lookup, and the live event
 * stream (Server-Sent Events, ADR 0007). The caller comes from the session only.
 */
import { createRoute } from "@hono/zod-openapi";
import {
  ConversationPage,
  ConversationsQuery,
  CounterpartParam,
  EventsQuery,
  LiveEvent,
  MarkReadRequest,
  MarkReadResult,
  Message,
  MessagePage,
  MessagesQuery,
  PublicUser,
  PublicUserPage,
  SendMessageRequest,
  UnreadCount,
  UserIdParam,
  UsersQuery,
} from "../messaging.ts";
import { body, json, signedInProblems, signedInWriteProblems } from "./route-helpers.ts";

export const listConversations = createRoute({
  method: "get",
  path: "/api/conversations",
  operationId: "listConversations",
  tags: ["messaging"],
  summary: "The caller's conversations, most recent first",
  description: "One entry per counterpart with the last message either way and the caller's unread count.",
  request: { query: ConversationsQuery },
  responses: {
    200: json(ConversationPage, "A page of conversations"),
    ...signedInProblems("validation-failed"),
  },
});

export const listMessages = createRoute({
  method: "get",
  path: "/api/messages",
  operationId: "listMessages",
  tags: ["messaging"],
  summary: "The caller's conversation with one user, by cursor",
  description:
    "Always between the caller and `with`, so nobody reads a conversation they are not part of. The first page holds the newest messages, each page oldest first; nextCursor continues with older ones. Unknown `with`: 404.",
  request: { query: MessagesQuery },
  responses: {
    200: json(MessagePage, "A page of the conversation"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const sendMessage = createRoute({
  method: "post",
  path: "/api/messages",
  operationId: "sendMessage",
  tags: ["messaging"],
  summary: "Send a message",
  description:
    "The sender is the caller (a senderId in the body must be the caller's own). Content is trimmed, 1 to 5000 characters, stored and shown as text. Both users' open tabs receive it on /api/events. Rate limited per user (30 a minute).",
  request: body(SendMessageRequest),
  responses: {
    201: json(Message, "The stored message"),
    ...signedInWriteProblems("forbidden", "not-found", "rate-limited"),
  },
});

export const markConversationRead = createRoute({
  method: "post",
  path: "/api/conversations/{userId}/read",
  operationId: "markConversationRead",
  tags: ["messaging"],
  summary: "Mark the messages received from a user as read",
  description:
    "Called when the receiver opens (or is looking at) the conversation. The sender's open tabs receive a read receipt on /api/events.",
  request: { params: CounterpartParam, ...body(MarkReadRequest) },
  responses: {
    200: json(MarkReadResult, "How many became read"),
    ...signedInWriteProblems("not-found"),
  },
});

export const getUnreadCount = createRoute({
  method: "get",
  path: "/api/messages/unread-count",
  operationId: "getUnreadCount",
  tags: ["messaging"],
  summary: "How many messages addressed to the caller are unread",
  responses: {
    200: json(UnreadCount, "The count"),
    ...signedInProblems(),
  },
});

export const listUsers = createRoute({
  method: "get",
  path: "/api/users",
  operationId: "listUsers",
  tags: ["messaging"],
  summary: "Users by username (public fields only)",
  description:
    "Users whose username contains `q` (any case), prefix matches first, then by name; never the caller. Only id, username, userType and verificationStatus.",
  request: { query: UsersQuery },
  responses: {
    200: json(PublicUserPage, "A page of users"),
    ...signedInProblems("validation-failed"),
  },
});

export const getUser = createRoute({
  method: "get",
  path: "/api/users/{id}",
  operationId: "getUser",
  tags: ["messaging"],
  summary: "One user's public fields",
  request: { params: UserIdParam },
  responses: {
    200: json(PublicUser, "The user"),
    ...signedInProblems("not-found", "validation-failed"),
  },
});

export const streamEvents = createRoute({
  method: "get",
  path: "/api/events",
  operationId: "streamEvents",
  tags: ["messaging"],
  summary: "Live events (Server-Sent Events)",
  description:
    "A text/event-stream of the caller's live events: new messages to or from them and read receipts, to every open tab of both users, from any API instance (PostgreSQL LISTEN/NOTIFY). The stream starts with `ready`; each event carries an id; a client reconnecting with Last-Event-ID (or ?lastEventId=) receives what it missed, or `reset` when that cannot be replayed. A comment line every 25 s keeps it open.",
  request: { query: EventsQuery },
  responses: {
    200: {
      description: "The event stream; each frame is described by LiveEvent.",
      content: { "text/event-stream": { schema: LiveEvent } },
    },
    ...signedInProblems("validation-failed"),
  },
});
