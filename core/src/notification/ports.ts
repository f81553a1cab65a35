/** Notification ports. Infrastructure failures are defects. */
import { Context, type Effect, type Option } from "effect";
import type { NotificationId, UserId } from "../shared/ids.ts";
import type { Notice, Notification, NotificationList } from "./model.ts";

/** A notification the sweep created, with its recipient's address for the email that follows it. */
export interface SweptNotice {
  readonly notification: Notification;
  readonly email: string;
}

export class NotificationRepository extends Context.Tag("notification/NotificationRepository")<
  NotificationRepository,
  {
    /**
     * Stores the notice for its recipient and, in the same statement, the live event that brings
     * it to their open tabs (ADR 0007). None when the recipient (profile owner) does not exist.
     */
    readonly create: (notice: Notice) => Effect.Effect<Option.Option<Notification>>;
    /** The user's newest `limit` notifications and their unread count. */
    readonly list: (userId: UserId, limit: number) => Effect.Effect<NotificationList>;
    /** Marks one read; false when the user has no such notification. */
    readonly markRead: (userId: UserId, id: NotificationId) => Effect.Effect<boolean>;
    /** Marks all the user's notifications read; how many were unread. */
    readonly markAllRead: (userId: UserId) => Effect.Effect<number>;
    /**
     * Time-based notices at `now`, each once: invoices past their due date (Sydney day) and
     * messages unread for `unreadMinutes`. Several processes may sweep: one at a time runs.
     */
    readonly sweep: (now: Date, unreadMinutes: number) => Effect.Effect<readonly SweptNotice[]>;
  }
>() {}
