/**
 * Mailer port: sends one email. The development default stores it in an outbox (readable at
 * GET /api/dev/mailbox); production sends through SMTP. Every adapter renders the email through
 * the one template set (adapters/src/mail/templates.ts): an HTML part and a plain-text part.
 * Delivery failures are defects; callers that must not fail on mail catch them (notifications
 * are best effort).
 *
 * Backward compatible: `to`, `subject` and `text` are all a caller must give. `kind` marks a
 * notification the recipient can switch off (Settings → Notifications); the adapter then skips
 * the email when the recipient's preference for that kind is off. `action` adds a button
 * (HTML) and a link line (text).
 */
import { Context, type Effect } from "effect";

/** Notification kinds a user can switch off (issue 15, Settings → Notifications). */
export const notificationKinds = [
  "connection-requests",
  "acceptances",
  "invoices",
  "payments",
  "messages-digest",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export interface Email {
  /** One recipient address. */
  readonly to: string;
  readonly subject: string;
  /** Plain text body (paragraphs separated by a blank line). */
  readonly text: string;
  /** A notification the recipient may switch off; absent = a service email, always sent. */
  readonly kind?: NotificationKind | undefined;
  /** A call to action: a button in HTML, "label: url" in text. */
  readonly action?: { readonly label: string; readonly url: string } | undefined;
}

export class Mailer extends Context.Tag("shared/Mailer")<
  Mailer,
  { readonly send: (email: Email) => Effect.Effect<void> }
>() {}

/** One email as the outbox keeps it. */
export interface OutboxEmail {
  readonly id: number;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The HTML part; null for rows written before emails had one. */
  readonly html: string | null;
  /** The notification kind, when the email is one a user can switch off. */
  readonly kind: string | null;
  readonly createdAt: Date;
}

/**
 * The outbox of sent emails, read back for the development mailbox (GET /api/dev/mailbox); the
 * service serves it only outside production.
 */
export class MailOutbox extends Context.Tag("shared/MailOutbox")<
  MailOutbox,
  {
    /** The newest emails to `to` (matched lower-cased), newest first, at most `limit`. */
    readonly recent: (to: string, limit: number) => Effect.Effect<readonly OutboxEmail[]>;
  }
>() {}
