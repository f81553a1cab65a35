/**
 * Mailer adapter for development and tests: renders each email (templates.ts), stores it in the
 * mail_outbox table (unless the recipient switched its kind off) and logs one line (recipient and
 * subject, never the body). Read back with `readOutbox` / the MailOutbox port (served at
 * GET /api/dev/mailbox outside production). docs/architecture.md, adapters/mail.
 */
import { Mailer, MailOutbox, type OutboxEmail } from "@closr/core/shared";
import { Effect, Layer } from "effect";
import type { Db } from "../postgres/database.ts";
import { PgDatabase } from "../postgres/database-service.ts";
import { joinAmbient } from "../postgres/transaction-scope.ts";
import { recipientWants, recordInOutbox } from "./preferences.ts";
import { renderEmail } from "./templates.ts";

export const MailerOutboxPg = Layer.effect(
  Mailer,
  Effect.map(
    PgDatabase,
    joinAmbient((db) =>
      Mailer.of({
        send: (email) =>
          Effect.promise(async () => {
            if (!(await recipientWants(db, email))) return false;
            await recordInOutbox(db, email, renderEmail(email));
            return true;
          }).pipe(
            Effect.flatMap((sent) =>
              Effect.logDebug(
                sent ? "mail queued to outbox" : "mail skipped: recipient switched this kind off",
              ).pipe(Effect.annotateLogs({ to: email.to, subject: email.subject })),
            ),
          ),
      }),
    ),
  ),
);

/** The newest emails in the outbox, optionally for one recipient (lower-cased match). */
export async function readOutbox(
  db: Db,
  options: { to?: string; limit?: number } = {},
): Promise<OutboxEmail[]> {
  let query = db.selectFrom("mailOutbox").selectAll();
  if (options.to) query = query.where("recipient", "=", options.to.toLowerCase());
  const rows = await query
    .orderBy("id", "desc")
    .limit(options.limit ?? 50)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    to: r.recipient,
    subject: r.subject,
    text: r.body,
    html: r.html,
    kind: r.kind,
    createdAt: new Date(r.createdAt),
  }));
}

/** MailOutbox over the mail_outbox table (the development mailbox). */
export const MailOutboxPg = Layer.effect(
  MailOutbox,
  Effect.map(
    PgDatabase,
    joinAmbient((db) =>
      MailOutbox.of({ recent: (to, limit) => Effect.promise(() => readOutbox(db, { to, limit })) }),
    ),
  ),
);
