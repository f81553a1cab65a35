/**
 * The durable Mailer (issue 21, transactional outbox; replaces ADR 0006's send-after-commit):
 * `send` writes a `send-email` job and returns; the job queue's worker then delivers it through
 * MailDelivery (SMTP or the development outbox), retrying with back-off (ADR 0015 policy), so a
 * crash or an SMTP outage no longer loses the email. Inside `withTransaction` the job is written in
 * that transaction: it exists exactly when the change commits, and a failed write rolls the change
 * back (`writeInScope`). Callers in core are unchanged:
 * whatever calls `Mailer.send` gets this path.
 */
import { type Email, Mailer } from "@closr/core/shared";
import { Context, Effect, Layer } from "effect";
import { enqueueJob } from "../jobs/job-queue.ts";
import { PgDatabase } from "../postgres/database-service.ts";
import { writeInScope } from "../postgres/transaction-scope.ts";

/** The delivery behind the queue: renders and sends one email now (MailerSmtp / MailerOutboxPg). */
export class MailDelivery extends Context.Tag("adapters/MailDelivery")<
  MailDelivery,
  { readonly send: (email: Email) => Effect.Effect<void> }
>() {}

/** Only the Email fields, as plain JSON (a job payload). */
const payloadOf = (email: Email): Email => ({
  to: email.to,
  subject: email.subject,
  text: email.text,
  ...(email.kind ? { kind: email.kind } : {}),
  ...(email.action ? { action: { label: email.action.label, url: email.action.url } } : {}),
});

/** Mailer that enqueues a `send-email` job (see the module doc). */
export const MailerQueued = Layer.effect(
  Mailer,
  Effect.map(PgDatabase, (db) =>
    Mailer.of({
      send: (email) =>
        writeInScope(db, (trx) => enqueueJob(db, "send-email", { email: payloadOf(email) }, trx)).pipe(
          Effect.zipRight(Effect.logDebug("mail queued").pipe(Effect.annotateLogs({ to: email.to }))),
        ),
    }),
  ),
);

/** MailDelivery from a delivering Mailer layer (SMTP or the outbox). */
export const MailDeliveryFrom = <E, R>(delivering: Layer.Layer<Mailer, E, R>) =>
  Layer.effect(
    MailDelivery,
    Effect.map(Mailer, (mailer) => MailDelivery.of({ send: mailer.send })),
  ).pipe(Layer.provide(delivering));
