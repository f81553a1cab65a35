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
