/**
 * In-memory NotificationRepository for unit tests. Like the Postgres adapter: a notice to a
 * profile goes to the profile's owner (`owners` maps profile keys to user ids; an unknown owner
 * stores nothing), lists are newest first with the unread count, and the sweep returns what
 * `swept` holds once.
 */
import { Effect, Layer, Option } from "effect";
import { NotificationId, type UserId } from "../../shared/ids.ts";
import type { Notice, Notification } from "../model.ts";
import { NotificationRepository, type SweptNotice } from "../ports.ts";

/** Owners of profiles, keyed `business:<id>` / `agent:<id>`. */
export type ProfileOwners = Readonly<Record<string, UserId>>;

/** A fresh in-memory notification store. `rows` holds what was created, in order. */
export function makeNotificationMemory(owners: ProfileOwners = {}, swept: SweptNotice[] = []) {
  const rows: Notification[] = [];
  const recipient = (notice: Notice): UserId | undefined =>
    "userId" in notice.to
      ? notice.to.userId
      : "agentProfileId" in notice.to
        ? owners[`agent:${notice.to.agentProfileId}`]
        : owners[`business:${notice.to.businessProfileId}`];
  const listOf = (userId: UserId, limit: number) => {
    const mine = rows.filter((row) => row.userId === userId);
    return {
      items: [...mine].reverse().slice(0, limit),
      unread: mine.filter((row) => row.readAt === null).length,
    };
  };
  const layer = Layer.succeed(NotificationRepository, {
    create: (notice) =>
      Effect.sync(() => {
        const userId = recipient(notice);
        if (userId === undefined) return Option.none();
        const row: Notification = {
          id: NotificationId.make(rows.length + 1),
          userId,
          kind: notice.kind,
          title: notice.title,
          link: notice.link,
          subjectId: notice.subjectId ?? null,
          readAt: null,
          createdAt: new Date(0),
        };
        rows.push(row);
        return Option.some(row);
      }),
    list: (userId, limit) => Effect.sync(() => listOf(userId, limit)),
    markRead: (userId, id) =>
      Effect.sync(() => {
        const index = rows.findIndex((row) => row.id === id && row.userId === userId);
        if (index < 0) return false;
        rows[index] = { ...(rows[index] as Notification), readAt: new Date(0) };
        return true;
      }),
    markAllRead: (userId) =>
      Effect.sync(() => {
        let count = 0;
        rows.forEach((row, index) => {
          if (row.userId !== userId || row.readAt !== null) return;
          rows[index] = { ...row, readAt: new Date(0) };
          count++;
        });
        return count;
      }),
    sweep: () => Effect.sync(() => swept.splice(0, swept.length)),
  });
  return { layer, rows };
}
