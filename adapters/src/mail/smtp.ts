/**
 * Mailer over SMTP with nodemailer (docs/architecture.md, adapters/mail): used when SMTP_URL is set
 * (e.g. smtp://user:pass@smtp.example.com:587). Each email is rendered by the one template set
 * (templates.ts: text and HTML parts), skipped when the recipient switched its kind off, and recorded in mail_outbox, so
 * there is one audit trail of what was sent. A delivery failure is a defect; notification use
 * cases catch it (best effort, ADR 0006).
 */
import { Mailer } from "@closr/core/shared";
import { Effect, Layer } from "effect";
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type StreamTransport from "nodemailer/lib/stream-transport";
import type { Db } from "../postgres/database.ts";
import { PgDatabase } from "../postgres/database-service.ts";
import { joinAmbient } from "../postgres/transaction-scope.ts";
import { recipientWants, recordInOutbox } from "./preferences.ts";
import { renderEmail } from "./templates.ts";

export interface SmtpOptions {
  /** An smtp:// or smtps:// URL, or nodemailer transport options (tests use streamTransport). */
  readonly transport: string | SMTPTransport.Options | StreamTransport.Options;
  /** The From header, e.g. "Closr <no-reply@closr.com.au>". */
  readonly from: string;
}

export const MailerSmtp = (options: SmtpOptions) =>
  Layer.scoped(
    Mailer,
    Effect.gen(function* () {
      const db = yield* PgDatabase;
      const transport = nodemailer.createTransport(options.transport);
      yield* Effect.addFinalizer(() => Effect.sync(() => transport.close()));
      // Direct (unqueued) sends join an ambient transaction for their preference read and outbox row.
      return joinAmbient((db: Db) =>
        Mailer.of({
          send: (email) =>
            Effect.promise(async () => {
              if (!(await recipientWants(db, email))) return;
              const rendered = renderEmail(email);
              await transport.sendMail({
                from: options.from,
                to: email.to,
                subject: rendered.subject,
                text: rendered.text,
                html: rendered.html,
              });
              await recordInOutbox(db, email, rendered);
            }),
        }),
      )(db);
    }),
  );
