/**
 * Mailer port: sends one plain-text email. The development default stores it in an outbox
 * (readable at GET /api/dev/mailbox); production sends through SMTP. Delivery failures are
 * defects; callers that must not fail on mail catch them (notifications are best effort).
 */
import { Context, type Effect } from "effect";

export interface Email {
  /** One recipient address. */
  readonly to: string;
  readonly subject: string;
  /** Plain text body. */
  readonly text: string;
}

export class Mailer extends Context.Tag("shared/Mailer")<
  Mailer,
  { readonly send: (email: Email) => Effect.Effect<void> }
>() {}

/** One email as the outbox keeps it. */
export interface OutboxEmail extends Email {
  readonly id: number;
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
