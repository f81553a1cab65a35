/**
 * Messaging repositories on PostgreSQL: MessageRepositoryPg and UserDirectoryPg.
 * A send and a read receipt each run as one statement that also writes the live event
 * (data-modifying CTEs), so the change and its NOTIFY commit together or not at all.
 * Conversations come from messages_pair_idx (one pair, by id); the conversation list from
 * messages_sender_idx / messages_receiver_idx; unread counts from messages_receiver_unread_idx.
 */
import {
  type Conversation,
  type Message,
  MessageRepository,
  MessageUserNotFound,
  type PublicUser,
  UserDirectory,
} from "@closr/core/messaging";
import { MessageId, type UserId } from "@closr/core/shared";
import { isPlanId, showsVerifiedBadge } from "@closr/core/subscription";
import { Effect, Option } from "effect";
import { sql } from "kysely";
import type { Db } from "../database.ts";
import { ambientLayer } from "../transaction-scope.ts";

interface MessageRow {
  id: number | string;
  senderId: number;
  receiverId: number;
  content: string;
  read: boolean;
  sentAt: Date | string;
}

const toMessage = (row: MessageRow): Message => ({
  id: MessageId.make(Number(row.id)),
  senderId: Number(row.senderId) as UserId,
  receiverId: Number(row.receiverId) as UserId,
  content: row.content,
  read: row.read,
  sentAt: new Date(row.sentAt),
});

const toPublicUser = (row: {
  id: number;
  username: string;
  userType: "business" | "agent";
  verificationStatus: "unverified" | "pending" | "verified";
  planId: string | null;
}): PublicUser => ({
  id: Number(row.id) as UserId,
  username: row.username,
  userType: row.userType,
  verificationStatus: row.verificationStatus,
  // The badge reads the one catalogue (ADR 0042).
  verifiedBadge: showsVerifiedBadge(
    row.verificationStatus,
    row.planId && isPlanId(row.planId) ? row.planId : null,
    row.userType,
  ),
});

/** SQLSTATE 23503 (foreign key violation) on either driver. */
const foreignKeyViolation = (error: unknown): boolean => {
  if (typeof error !== "object" || error === null) return false;
  const e = error as { code?: unknown; cause?: unknown };
  return e.code === "23503" || (e.cause !== undefined && foreignKeyViolation(e.cause));
};

const messageColumns = ["id", "senderId", "receiverId", "content", "read", "sentAt"] as const;

const makeMessageRepository = (db: Db) =>
  MessageRepository.of({
    send: (input) =>
      Effect.tryPromise({
        try: () =>
          sql<MessageRow>`
            WITH m AS (
              INSERT INTO messages (sender_id, receiver_id, content, sent_at)
              VALUES (${input.senderId}, ${input.receiverId}, ${input.content}, ${input.sentAt.toISOString()}::timestamptz)
              RETURNING id, sender_id, receiver_id, content, read, sent_at
            ), e AS (
              INSERT INTO live_events (kind, user_ids, data)
              SELECT 'message', ARRAY[m.sender_id, m.receiver_id], jsonb_build_object(
                'id', m.id, 'senderId', m.sender_id, 'receiverId', m.receiver_id,
                'content', m.content, 'read', m.read, 'sentAt', ${input.sentAt.toISOString()}::text)
              FROM m
            )
            SELECT id, sender_id, receiver_id, content, read, sent_at FROM m`.execute(db),
        catch: (error) => error,
      }).pipe(
        Effect.map((result) => toMessage(result.rows[0]!)),
        Effect.catchAll((error) =>
          foreignKeyViolation(error)
            ? Effect.fail(new MessageUserNotFound({ field: "receiverId" }))
            : Effect.die(error),
        ),
      ),

    conversation: (userId, counterpartId, { beforeId, limit }) =>
      Effect.promise(async () => {
        let query = db
          .selectFrom("messages")
          .select(messageColumns)
          .where(sql`least(sender_id, receiver_id)`, "=", Math.min(userId, counterpartId))
          .where(sql`greatest(sender_id, receiver_id)`, "=", Math.max(userId, counterpartId))
          .orderBy("id", "desc")
          .limit(limit + 1);
        if (beforeId !== undefined) query = query.where("id", "<", beforeId);
        const rows = await query.execute();
        const page = rows.slice(0, limit).reverse().map(toMessage);
        return { items: page, nextCursor: rows.length > limit ? (page[0]?.id ?? null) : null };
      }),

    conversations: (userId, { beforeId, limit }) =>
      Effect.promise(async () => {
        const before = beforeId === undefined ? sql`` : sql`WHERE p.last_id < ${beforeId}`;
        const result = await sql<
          MessageRow & {
            counterpartId: number;
            username: string;
            userType: "business" | "agent";
            verificationStatus: "unverified" | "pending" | "verified";
            planId: string | null;
            unreadCount: number;
          }
        >`
          WITH sides AS (
            SELECT receiver_id AS counterpart, max(id) AS last_id FROM messages WHERE sender_id = ${userId} GROUP BY receiver_id
            UNION ALL
            SELECT sender_id, max(id) FROM messages WHERE receiver_id = ${userId} GROUP BY sender_id
          ), p AS (
            SELECT counterpart, max(last_id) AS last_id FROM sides GROUP BY counterpart
          )
          SELECT m.id, m.sender_id, m.receiver_id, m.content, m.read, m.sent_at,
            u.id AS counterpart_id, u.username, u.user_type, u.verification_status, u.plan_id,
            (SELECT count(*)::int FROM messages x
              WHERE x.receiver_id = ${userId} AND x.sender_id = p.counterpart AND NOT x.read) AS unread_count
          FROM p
          JOIN messages m ON m.id = p.last_id
          JOIN users u ON u.id = p.counterpart
          ${before}
          ORDER BY p.last_id DESC
          LIMIT ${limit + 1}`.execute(db);
        const items: Conversation[] = result.rows.slice(0, limit).map((row) => ({
          counterpart: toPublicUser({ ...row, id: row.counterpartId }),
          lastMessage: toMessage(row),
          unreadCount: Number(row.unreadCount),
        }));
        return {
          items,
          nextCursor: result.rows.length > limit ? items[items.length - 1]!.lastMessage.id : null,
        };
      }),

    markRead: (readerId, senderId, upToId, readAt) =>
      Effect.promise(async () => {
        const upTo = upToId === undefined ? sql`` : sql`AND id <= ${upToId}`;
        const result = await sql<{ n: number; upTo: number | string | null }>`
          WITH r AS (
            UPDATE messages SET read = true
            WHERE receiver_id = ${readerId} AND sender_id = ${senderId} AND NOT read ${upTo}
            RETURNING id
          ), agg AS (
            SELECT count(*)::int AS n, max(id) AS up_to FROM r
          ), e AS (
            INSERT INTO live_events (kind, user_ids, data)
            SELECT 'read', ARRAY[${readerId}::int, ${senderId}::int], jsonb_build_object(
              'readerId', ${readerId}::int, 'senderId', ${senderId}::int, 'upToId', agg.up_to,
              'count', agg.n, 'readAt', ${readAt.toISOString()}::text)
            FROM agg WHERE agg.n > 0
          )
          SELECT n, up_to FROM agg`.execute(db);
        const row = result.rows[0];
        if (!row || Number(row.n) === 0 || row.upTo === null) return undefined;
        return { readerId, senderId, upToId: MessageId.make(Number(row.upTo)), count: Number(row.n), readAt };
      }),

    unreadCount: (userId) =>
      Effect.promise(() =>
        db
          .selectFrom("messages")
          .select(sql<number>`count(*)::int`.as("n"))
          .where("receiverId", "=", userId)
          .where("read", "=", false)
          .executeTakeFirstOrThrow(),
      ).pipe(Effect.map((row) => Number(row.n))),
  });

/** `text` with LIKE's wildcards escaped. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const publicColumns = ["id", "username", "userType", "verificationStatus", "planId"] as const;

const makeUserDirectory = (db: Db) =>
  UserDirectory.of({
    findPublic: (id) =>
      Effect.promise(() =>
        db.selectFrom("users").select(publicColumns).where("id", "=", id).executeTakeFirst(),
      ).pipe(Effect.map((row) => Option.fromNullable(row).pipe(Option.map(toPublicUser)))),
    search: ({ text, excludeId, page, pageSize }) =>
      Effect.promise(async () => {
        const pattern = likeEscape(text.toLowerCase());
        const base = db
          .selectFrom("users")
          .where("id", "<>", excludeId)
          .where(sql`lower(username)`, "like", `%${pattern}%`);
        const [rows, count] = await Promise.all([
          base
            .select(publicColumns)
            .orderBy(sql`lower(username) LIKE ${`${pattern}%`}`, "desc")
            .orderBy(sql`lower(username)`)
            .orderBy("id")
            .limit(pageSize)
            .offset((page - 1) * pageSize)
            .execute(),
          base.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
        ]);
        return { items: rows.map(toPublicUser), total: Number(count.total) };
      }),
  });

export const MessageRepositoryPg = ambientLayer(MessageRepository, makeMessageRepository);
export const UserDirectoryPg = ambientLayer(UserDirectory, makeUserDirectory);
