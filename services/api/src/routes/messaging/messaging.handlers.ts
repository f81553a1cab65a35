/**
 * Messaging handlers (spec §7; issue 6): see contracts/src/routes/messaging.routes.ts.
 * The caller always comes from the session: a conversation is always the caller's own with
 * `with`, and the sender of a message is the caller (a different senderId in the body is refused).
 */
import type { Db } from "@closr/adapters/postgres";
import { messagingRoutes } from "@closr/contracts";
import {
  type Conversation,
  countUnread,
  getConversation,
  getPublicUser,
  listConversations,
  type Message,
  markConversationRead,
  type PublicUser,
  type ReadReceipt,
  searchUsers,
  sendMessage,
} from "@closr/core/messaging";
import { newMessageNotification } from "@closr/core/push";
import { MessageId, type UserId } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { rateLimiter } from "hono-rate-limiter";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { pageOf } from "../../http/lists.ts";
import { problem } from "../../http/problem.ts";
import { type RateLimitRule, rateLimitStore } from "../../http/rate-limit.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";
import { notifyInBackground } from "../push/push.handlers.ts";

/** Core message → contract JSON. */
export const messageJson = (m: Message) => ({
  id: m.id,
  senderId: m.senderId as number,
  receiverId: m.receiverId as number,
  content: m.content,
  read: m.read,
  sentAt: m.sentAt.toISOString(),
});

/** Core public user → contract JSON (public fields only). */
export const publicUserJson = (u: PublicUser) => ({
  id: u.id as number,
  username: u.username,
  userType: u.userType,
  verificationStatus: u.verificationStatus,
  verifiedBadge: u.verifiedBadge ?? false,
});

/** Core read receipt → contract JSON. */
export const readReceiptJson = (r: ReadReceipt) => ({
  readerId: r.readerId as number,
  senderId: r.senderId as number,
  upToId: r.upToId,
  readAt: r.readAt.toISOString(),
});

const conversationJson = (c: Conversation) => ({
  user: publicUserJson(c.counterpart),
  lastMessage: messageJson(c.lastMessage),
  unreadCount: c.unreadCount,
});

const cursorOf = (cursor: string | undefined) => (cursor === undefined ? undefined : Number(cursor));
const nextCursor = (id: number | null) => (id === null ? null : String(id));

/** Default per-user send limit: 30 messages a minute. */
export const defaultMessageSendLimit: RateLimitRule = { limit: 30, windowMs: 60 * 1000 };

/**
 * Per-user send limit for POST /api/messages (in-process memory store, like the login limit).
 * Mount after the session resolver; other methods and signed-out requests pass through.
 */
export function messageSendLimiter(
  rule: RateLimitRule = defaultMessageSendLimit,
  db?: Db,
): MiddlewareHandler<AppEnv> {
  const store = rateLimitStore(db);
  const limiter = rateLimiter<AppEnv>({
    ...(store ? { store } : {}),
    windowMs: rule.windowMs,
    limit: rule.limit,
    standardHeaders: "draft-6",
    keyGenerator: (c) => `messages:${c.get("user")?.id}`,
    handler: (c) =>
      problem(c, "rate-limited", {
        detail: "You are sending messages too quickly. Please wait a moment and try again.",
      }),
  });
  return async (c, next) => {
    if (c.req.method !== "POST" || !c.get("user")) return next();
    return limiter(c, next);
  };
}

export function registerMessagingRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(signedIn(messagingRoutes.listConversations), async (c) => {
    const user = c.get("user");
    const q = c.req.valid("query");
    return runUseCase(
      runtime,
      c,
      listConversations(user, { beforeId: cursorOf(q.cursor), limit: q.limit }),
      (page) =>
        c.json({ items: page.items.map(conversationJson), nextCursor: nextCursor(page.nextCursor) }, 200),
    );
  });

  app.openapi(signedIn(messagingRoutes.listMessages), async (c) => {
    const user = c.get("user");
    const q = c.req.valid("query");
    return runUseCase(
      runtime,
      c,
      getConversation(user, q.with as UserId, { beforeId: cursorOf(q.cursor), limit: q.limit }),
      (page) => c.json({ items: page.items.map(messageJson), nextCursor: nextCursor(page.nextCursor) }, 200),
    );
  });

  app.openapi(signedIn(messagingRoutes.sendMessage), async (c) => {
    const user = c.get("user");
    const { senderId, receiverId, content } = c.req.valid("json");
    if (senderId !== undefined && senderId !== user.id) {
      return problem(c, "forbidden", {
        detail: "You can only send messages as yourself.",
        errors: [{ field: "senderId", message: "Must be your own user id" }],
      });
    }
    return runUseCase(runtime, c, sendMessage(user, { receiverId: receiverId as UserId, content }), (m) => {
      notifyInBackground(
        runtime,
        c.get("logger"),
        m.receiverId,
        newMessageNotification(user.id, user.username, m.content),
      );
      return c.json(messageJson(m), 201);
    });
  });

  app.openapi(signedIn(messagingRoutes.markConversationRead), async (c) => {
    const user = c.get("user");
    const { userId } = c.req.valid("param");
    const { upToId } = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      markConversationRead(user, userId as UserId, upToId === undefined ? undefined : MessageId.make(upToId)),
      (result) => c.json(result, 200),
    );
  });

  app.openapi(signedIn(messagingRoutes.getUnreadCount), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, countUnread(user), (unreadCount) => c.json({ unreadCount }, 200));
  });

  app.openapi(signedIn(messagingRoutes.listUsers), async (c) => {
    const user = c.get("user");
    const q = c.req.valid("query");
    return runUseCase(
      runtime,
      c,
      searchUsers(user, { text: q.q ?? "", page: q.page, pageSize: q.pageSize }),
      (result) => c.json(pageOf(result, publicUserJson), 200),
    );
  });

  app.openapi(signedIn(messagingRoutes.getUser), async (c) => {
    return runUseCase(runtime, c, getPublicUser(c.req.valid("param").id as UserId), (u) =>
      c.json(publicUserJson(u), 200),
    );
  });
}
