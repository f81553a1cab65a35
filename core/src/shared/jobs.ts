/**
 * JobQueue port: work that runs in the background, after the request that asked for it
 * (ADR 0010). A job is a kind and a JSON payload; the adapter stores it in PostgreSQL and an
 * in-process worker runs it with retries. Enqueueing is one insert, the same cost whatever the
 * job will later find (forgot-password relies on that: spec §7, OWASP Forgot Password).
 */
import { Context, type Effect } from "effect";
import type { Email } from "./mailer.ts";

/** The payload of a scheduled job: the start of the tick it was written for (ISO 8601). */
export interface ScheduledTick {
  readonly tick: string;
}

/** The jobs this codebase runs, with their payloads. */
export interface JobPayloads {
  /** Look the email up; if it belongs to an account, issue a reset token and email the link. */
  readonly "password-reset-request": { readonly email: string };
  /** Build "Download my data" for the user and email them the link. */
  readonly "data-export": { readonly userId: number };
  /**
   * Deliver one email (issue 21): every Mailer.send of the production Mailer writes this job,
   * inside the caller's transaction when there is one; the worker renders and sends it
   * (SMTP or the development outbox), retried with back-off.
   */
  readonly "send-email": { readonly email: Email };
  /** Scheduled (every minute): the local subscription gateway's renewals, retries, expiries. */
  readonly "local-billing": ScheduledTick;
  /** Scheduled (every minute): overdue invoices and unread messages become notifications. */
  readonly "notification-sweep": ScheduledTick;
  /** Scheduled (every 15 minutes): reviews whose blind window ended, review reminders. */
  readonly "review-sweeps": ScheduledTick;
  /** Scheduled (every 5 minutes): dispute deadlines that passed (issue 17, ADR 0018). */
  readonly "dispute-sweep": ScheduledTick;
  /** Scheduled (every 5 minutes): automatic collection of due invoices by mandate (issue 45, ADR 0064). */
  readonly "collection-sweep": ScheduledTick;
  /** Scheduled (hourly): commission lines past their holding period become payable; last month's statements are issued once (issue 43). */
  readonly "commission-sweep": ScheduledTick;
  /**
   * Scheduled (every 15 minutes): deal protection ending and expiring, agent-reported sales whose
   * confirmation window is about to end or ended (issue 43, ADR 0062).
   */
  readonly "deal-sweep": ScheduledTick;
  /**
   * Outgoing webhooks (issue 20, ADR 0023): send the due deliveries of one endpoint and one
   * object, oldest first, stopping at the first not accepted; retried by the queue (ADR 0035).
   * `deliveryId`: the delivery it was queued for (one queued job per delivery).
   */
  readonly "deliver-webhook": {
    readonly endpointId: number;
    readonly objectKey: string;
    readonly deliveryId?: number | undefined;
  };
  /**
   * Not scheduled any more (ADR 0035: the queue retries deliveries itself); kept so jobs queued
   * before remain runnable. Queues, once, a job for each delivery that is due and has none.
   */
  readonly "webhook-retries": ScheduledTick;
  /** Scheduled (hourly): expired sessions and rate-limit windows are removed. */
  readonly "maintenance-sweep": ScheduledTick;
  /** Scheduled (hourly): the daily roll-up of /analytics is rebuilt through yesterday (ADR 0026). */
  readonly "insights-rollup": ScheduledTick;
}
export type JobKind = keyof JobPayloads;

export class JobQueue extends Context.Tag("shared/JobQueue")<
  JobQueue,
  {
    /** Stores the job for the worker; resolves when it is durably queued. */
    readonly enqueue: <K extends JobKind>(kind: K, payload: JobPayloads[K]) => Effect.Effect<void>;
  }
>() {}
