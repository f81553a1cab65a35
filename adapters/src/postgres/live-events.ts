/**
 * Live events on PostgreSQL (ADR 0007): the `live_events` outbox, written by the messaging
 * repository in the same statement as the change it reports, NOTIFYs channel
 * `closr_live_events` on commit (trigger, migration 2026-11-23-02-messaging). Every API process
 * LISTENs once and fans events out to its own SSE clients; a reconnecting client resumes
 * after its Last-Event-ID with `replayLiveEvents`.
 */
import type { LiveEvent, LiveNotification, Message, ReadReceipt } from "@closr/core/messaging";
import { MessageId, type UserId } from "@closr/core/shared";
import { sql } from "kysely";
import type { Db } from "./database.ts";
import { listenOn, type Unlisten } from "./notifications.ts";

/** The NOTIFY channel the live_events trigger uses. */
export const liveEventsChannel = "closr_live_events";

/** Events kept for replay: one day (a tab away longer refetches everything). */
export const liveEventRetentionMs = 24 * 60 * 60 * 1000;

interface StoredEvent {
  readonly id: number | string;
  readonly kind: string;
  readonly userIds: readonly (number | string)[];
  /** Absent in a NOTIFY payload too large to carry it. */
  readonly data?: unknown;
}

/** The JSON a message event stores (dates as ISO strings). */
export const messageEventData = (m: Message) => ({
  id: m.id,
  senderId: m.senderId,
  receiverId: m.receiverId,
  content: m.content,
  read: m.read,
  sentAt: m.sentAt.toISOString(),
});

/** Maps a stored row (or a full NOTIFY payload) to core's LiveEvent. */
export function toLiveEvent(row: StoredEvent): LiveEvent {
  const id = Number(row.id);
  const userIds = row.userIds.map((u) => Number(u) as UserId);
  // biome-ignore lint/suspicious/noExplicitAny: JSON written by this module's own SQL
  const d = (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as any;
  if (row.kind === "message") {
    const message: Message = {
      id: MessageId.make(Number(d.id)),
      senderId: Number(d.senderId) as UserId,
      receiverId: Number(d.receiverId) as UserId,
      content: String(d.content),
      read: Boolean(d.read),
      sentAt: new Date(d.sentAt),
    };
    return { id, kind: "message", userIds, message };
  }
  if (row.kind === "notification") {
    const notification: LiveNotification = {
      id: Number(d.id),
      kind: String(d.kind),
      title: String(d.title),
      link: String(d.link),
      createdAt: new Date(d.createdAt),
    };
    return { id, kind: "notification", userIds, notification };
  }
  const receipt: ReadReceipt = {
    readerId: Number(d.readerId) as UserId,
    senderId: Number(d.senderId) as UserId,
    upToId: MessageId.make(Number(d.upToId)),
    count: Number(d.count),
    readAt: new Date(d.readAt),
  };
  return { id, kind: "read", userIds, receipt };
}

/** One stored event by id (for NOTIFYs that carried only the id). */
export async function readLiveEvent(db: Db, id: number): Promise<LiveEvent | undefined> {
  const row = await db
    .selectFrom("liveEvents")
    .select(["id", "kind", "userIds", "data"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toLiveEvent(row) : undefined;
}

/** The newest event id (0 when none): where a fresh connection starts. */
export async function latestLiveEventId(db: Db): Promise<number> {
  const row = await db
    .selectFrom("liveEvents")
    .select(sql<string | number | null>`max(id)`.as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * The user's events after `afterId`, oldest first, at most `limit`. `complete` is false when
 * the client cannot be brought up to date by replay (events pruned, more than `limit`, or an
 * id from another database): it must then refetch.
 */
export async function replayLiveEvents(
  db: Db,
  userId: UserId,
  afterId: number,
  limit = 500,
): Promise<{ readonly events: LiveEvent[]; readonly latestId: number; readonly complete: boolean }> {
  const bounds = await db
    .selectFrom("liveEvents")
    .select([
      sql<string | number | null>`min(id)`.as("oldest"),
      sql<string | number | null>`max(id)`.as("latest"),
    ])
    .executeTakeFirst();
  const oldest = Number(bounds?.oldest ?? 0);
  const latestId = Number(bounds?.latest ?? 0);
  if (afterId > latestId) return { events: [], latestId, complete: false };
  if (oldest > 0 && afterId < oldest - 1) return { events: [], latestId, complete: false };
  const rows = await db
    .selectFrom("liveEvents")
    .select(["id", "kind", "userIds", "data"])
    .where("id", ">", afterId)
    .where(sql<boolean>`${userId}::int = ANY(user_ids)`)
    .orderBy("id")
    .limit(limit + 1)
    .execute();
  if (rows.length > limit) return { events: [], latestId, complete: false };
  return { events: rows.map(toLiveEvent), latestId, complete: true };
}

/** Deletes events older than `before`; returns how many. */
export async function pruneLiveEvents(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom("liveEvents").where("createdAt", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * LISTENs on the live events channel; `onEvent` receives each committed event once per
 * listener (events too large for NOTIFY are read back by id). Resolves once listening.
 */
export async function listenLiveEvents(
  db: Db,
  onEvent: (event: LiveEvent) => void,
  onError: (error: unknown) => void = () => {},
): Promise<Unlisten> {
  return listenOn(db)(liveEventsChannel, (payload) => {
    try {
      const stored = JSON.parse(payload) as StoredEvent;
      if (stored.data !== undefined) {
        onEvent(toLiveEvent(stored));
        return;
      }
      readLiveEvent(db, Number(stored.id)).then((event) => event && onEvent(event), onError);
    } catch (error) {
      onError(error);
    }
  });
}
