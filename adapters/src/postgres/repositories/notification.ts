/**
 * NotificationRepository on PostgreSQL (issue 18, ADR 0014). A notice and its live event
 * (live_events kind 'notification', ADR 0007) are written by one statement, so the bell's
 * live update commits with the notification or not at all. The sweep runs under a
 * transaction-scoped advisory lock so that, with several API processes, one sweeps at a time.
 */

import { businessDate } from "@closr/core/invoice";
import {
  type Notice,
  type Notification,
  type NotificationKind,
  NotificationRepository,
  type SweptNotice,
} from "@closr/core/notification";
import { NotificationId, UserId } from "@closr/core/shared";
import { Effect, Option } from "effect";
import { sql } from "kysely";
import type { Db } from "../database.ts";
import { isOverdueSql } from "../invoice-state-sql.ts";
import { ambientLayer, transact } from "../transaction-scope.ts";

type Row = {
  id: number | string;
  userId: number;
  kind: string;
  title: string;
  link: string;
  subjectId: number | null;
  readAt: Date | string | null;
  createdAt: Date | string;
};

const toNotification = (row: Row): Notification => ({
  id: NotificationId.make(Number(row.id)),
  userId: UserId.make(Number(row.userId)),
  kind: row.kind as NotificationKind,
  title: row.title,
  link: row.link,
  subjectId: row.subjectId === null ? null : Number(row.subjectId),
  readAt: row.readAt ? new Date(row.readAt) : null,
  createdAt: new Date(row.createdAt),
});

/** The JSON a notification live event carries (dates as ISO strings). */
export const notificationEventData = (n: Notification) => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  link: n.link,
  createdAt: n.createdAt.toISOString(),
});

/** The recipient's user id as SQL: the user, or the owner of a profile. */
const recipientSql = (notice: Notice) =>
  "userId" in notice.to
    ? sql`SELECT id AS user_id FROM users WHERE id = ${notice.to.userId}`
    : "agentProfileId" in notice.to
      ? sql`SELECT user_id FROM agent_profiles WHERE id = ${notice.to.agentProfileId}`
      : sql`SELECT user_id FROM business_profiles WHERE id = ${notice.to.businessProfileId}`;

/** Inserts notifications from `source` (columns user_id, kind, title, link, subject_id) and their live events. */
const insertWithEvents = (source: ReturnType<typeof sql>) => sql<Row>`
  WITH n AS (
    INSERT INTO notifications (user_id, kind, title, link, subject_id)
    ${source}
    ON CONFLICT DO NOTHING
    RETURNING id, user_id, kind, title, link, subject_id, read_at, created_at
  ), e AS (
    INSERT INTO live_events (kind, user_ids, data)
    SELECT 'notification', ARRAY[n.user_id], json_build_object(
      'id', n.id, 'kind', n.kind, 'title', n.title, 'link', n.link,
      'createdAt', to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::jsonb
    FROM n
  )
  SELECT id, user_id, kind, title, link, subject_id, read_at, created_at FROM n`;

const list = async (db: Db, userId: number, limit: number) => {
  const [rows, unread] = await Promise.all([
    db
      .selectFrom("notifications")
      .select(["id", "userId", "kind", "title", "link", "subjectId", "readAt", "createdAt"])
      .where("userId", "=", userId)
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("notifications")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("userId", "=", userId)
      .where("readAt", "is", null)
      .executeTakeFirst(),
  ]);
  return { items: rows.map(toNotification), unread: Number(unread?.n ?? 0) };
};

/** Overdue invoices (both parties) and messages unread for `minutes`, not yet notified. */
const sweep = (db: Db, now: Date, minutes: number): Promise<SweptNotice[]> =>
  transact(db, async (tx) => {
    const locked = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(18018) AS ok`.execute(tx);
    if (!locked.rows[0]?.ok) return [];
    const today = businessDate(now);
    const overdue = await insertWithEvents(sql`
      SELECT p.user_id, 'invoice_overdue', 'Invoice #' || i.id || ' is overdue',
             CASE WHEN p.side = 'business' THEN '/business/payments' ELSE '/agent/invoices' END, i.id
      FROM invoices i
      CROSS JOIN LATERAL (
        SELECT 'business' AS side, b.user_id FROM business_profiles b WHERE b.id = i.business_id
        UNION ALL SELECT 'agent', a.user_id FROM agent_profiles a WHERE a.id = i.agent_id
      ) p
      WHERE NOT i.is_paid AND i.due_date >= ${today}::date - 60 AND ${isOverdueSql("i", today)}`).execute(tx);
    const unread = await insertWithEvents(sql`
      SELECT m.receiver_id, 'message_unread', 'Unread message from ' || u.username,
             '/messages?with=' || m.sender_id, m.sender_id
      FROM messages m JOIN users u ON u.id = m.sender_id
      WHERE NOT m.read
        AND m.sent_at <= ${now.toISOString()}::timestamptz - make_interval(mins => ${minutes})
        AND m.sent_at > ${now.toISOString()}::timestamptz - interval '1 day'
      GROUP BY m.receiver_id, m.sender_id, u.username
      HAVING NOT EXISTS (
        SELECT 1 FROM notifications n
        WHERE n.user_id = m.receiver_id AND n.kind = 'message_unread' AND n.subject_id = m.sender_id
          AND n.created_at >= max(m.sent_at))`).execute(tx);
    const created = [...overdue.rows, ...unread.rows].map(toNotification);
    if (created.length === 0) return [];
    const emails = await tx
      .selectFrom("users")
      .select(["id", "email"])
      .where(
        "id",
        "in",
        created.map((n) => n.userId),
      )
      .execute();
    const byUser = new Map(emails.map((u) => [Number(u.id), u.email]));
    return created.flatMap((notification) => {
      const email = byUser.get(notification.userId);
      return email ? [{ notification, email }] : [];
    });
  });

const makeNotificationRepository = (db: Db) =>
  NotificationRepository.of({
    create: (notice) =>
      Effect.promise(() =>
        insertWithEvents(
          sql`SELECT r.user_id, ${notice.kind}, ${notice.title}, ${notice.link}, ${notice.subjectId ?? null}::int
              FROM (${recipientSql(notice)}) r`,
        ).execute(db),
      ).pipe(Effect.map((result) => Option.fromNullable(result.rows[0]).pipe(Option.map(toNotification)))),
    list: (userId, limit) => Effect.promise(() => list(db, userId, limit)),
    markRead: (userId, id) =>
      Effect.promise(async () => {
        const found = await db
          .updateTable("notifications")
          .set({ readAt: sql`coalesce(read_at, now())` })
          .where("userId", "=", userId)
          .where("id", "=", id)
          .executeTakeFirst();
        return Number(found.numUpdatedRows) > 0;
      }),
    markAllRead: (userId) =>
      Effect.promise(async () => {
        const done = await db
          .updateTable("notifications")
          .set({ readAt: sql`now()` })
          .where("userId", "=", userId)
          .where("readAt", "is", null)
          .executeTakeFirst();
        return Number(done.numUpdatedRows);
      }),
    sweep: (now, minutes) => Effect.promise(() => sweep(db, now, minutes)),
  });

export const NotificationRepositoryPg = ambientLayer(NotificationRepository, makeNotificationRepository);
