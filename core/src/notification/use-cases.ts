/**
 * Notification use cases (issue 18): record a notice (best effort; the other contexts' domain
 * events reach it through subscriber.ts), list the bell, mark read, and the periodic sweep for
 * time-based notices.
 * Emails follow the notices that have no email of their own through the Mailer, whose adapter
 * honours the recipient's notification preferences (issue 15).
 */
import { Effect, Option } from "effect";
import { type User, UserRepository } from "../identity/index.ts";
import { InvoiceRepository } from "../invoice/index.ts";
import { AppUrl } from "../shared/app-url.ts";
import { Clock } from "../shared/clock.ts";
import { publishEvent } from "../shared/domain-events.ts";
import type { InvoiceId, NotificationId } from "../shared/ids.ts";
import { type NotificationKind as EmailKind, Mailer } from "../shared/mailer.ts";
import { atomically } from "../shared/unit-of-work.ts";
import { NotificationNotFound } from "./errors.ts";
import { type Notice, type Notification, type NotificationKind, UNREAD_MESSAGE_MINUTES } from "./model.ts";
import { NotificationRepository } from "./ports.ts";

/** The email preference each kind that emails on its own belongs to (others email in their context). */
const emailKinds: Partial<Record<NotificationKind, EmailKind>> = {
  invoice_raised: "invoices",
  invoice_overdue: "invoices",
  invoice_paid: "payments",
  collection_scheduled: "payments",
  collection_failed: "payments",
  mandate_changed: "payments",
  message_unread: "messages-digest",
};

/** Emails a notification when its kind has no email of its own; best effort. */
const emailFor = (notification: Notification, to: string) =>
  Effect.gen(function* () {
    const kind = emailKinds[notification.kind];
    const mailer = yield* Effect.serviceOption(Mailer);
    if (!kind || Option.isNone(mailer)) return;
    const appUrl = yield* Effect.serviceOption(AppUrl);
    const url = Option.match(appUrl, {
      onNone: () => notification.link,
      onSome: (app) => `${app.origin}${notification.link}`,
    });
    yield* mailer.value.send({
      to,
      subject: notification.title,
      text: `${notification.title}.\n\nOpen Closr to see it: ${url}\n\n— Closr`,
      kind,
      action: { label: "Open in Closr", url },
    });
  }).pipe(Effect.catchAllCause(() => Effect.void));

/**
 * Records a notice for its recipient (and emails it when its kind has no email of its own).
 * Best effort and optional: a failure is logged and never fails the caller's change, and a
 * runtime without the notification repository (unit tests of other contexts) skips it.
 */
export const notify = (notice: Notice) =>
  Effect.gen(function* () {
    const repository = yield* Effect.serviceOption(NotificationRepository);
    if (Option.isNone(repository)) return;
    const created = yield* repository.value.create(notice);
    if (Option.isNone(created) || !emailKinds[notice.kind]) return;
    const users = yield* Effect.serviceOption(UserRepository);
    if (Option.isNone(users)) return;
    const user = yield* users.value.findById(created.value.userId);
    if (Option.isSome(user)) yield* emailFor(created.value, user.value.email);
  }).pipe(
    Effect.catchAllCause((cause) => Effect.logWarning("notification failed", cause)),
    Effect.withSpan("notification.notify"),
  );

/** The caller's newest notifications (at most `limit`, 1..100) and unread count. */
export const listNotifications = Effect.fn("notification.list")(function* (user: User, limit = 30) {
  return yield* (yield* NotificationRepository).list(user.id, Math.min(Math.max(limit, 1), 100));
});

/** Marks one of the caller's notifications read; another user's id → NotificationNotFound. */
export const markNotificationRead = Effect.fn("notification.markRead")(function* (
  user: User,
  id: NotificationId,
) {
  const done = yield* (yield* NotificationRepository).markRead(user.id, id);
  if (!done) return yield* new NotificationNotFound({ id });
  return yield* (yield* NotificationRepository).list(user.id, 30);
});

/** Marks all the caller's notifications read. */
export const markAllNotificationsRead = Effect.fn("notification.markAllRead")(function* (user: User) {
  yield* (yield* NotificationRepository).markAllRead(user.id);
  return yield* (yield* NotificationRepository).list(user.id, 30);
});

/**
 * The periodic sweep: overdue invoices and messages unread for a few minutes become
 * notifications once, each followed by its email. Returns how many were created.
 */
export const sweepNotifications = Effect.fn("notification.sweep")(function* () {
  const now = yield* (yield* Clock).now;
  const swept = yield* (yield* NotificationRepository).sweep(now, UNREAD_MESSAGE_MINUTES);
  for (const { notification, email } of swept) yield* emailFor(notification, email);
  // InvoiceOverdue once, when its notice is created (webhooks subscribe, ADR 0023, 0037).
  const invoices = yield* Effect.serviceOption(InvoiceRepository);
  for (const { notification } of swept) {
    if (notification.kind !== "invoice_overdue" || notification.subjectId === null || Option.isNone(invoices))
      continue;
    const invoice = yield* invoices.value.findById(notification.subjectId as InvoiceId);
    if (Option.isSome(invoice)) yield* publishEvent({ _tag: "InvoiceOverdue", invoice: invoice.value });
  }
  return swept.length;
}, atomically);
