/**
 * The job handlers of this process (ADR 0010, ADR 0015): each runs a core use case on the
 * shared runtime. A rejection is a failed attempt (retried with back-off, then failed and shown
 * in the admin queue view). Scheduled kinds (schedules.ts) run once per tick across processes.
 */
import type { JobHandlers } from "@closr/adapters/jobs";
import { MailDelivery } from "@closr/adapters/mail";
import {
  PgDatabase,
  refreshInsightsRollup,
  sweepFinishedJobs,
  sweepRateLimits,
} from "@closr/adapters/postgres";
import { runCommissionSweep } from "@closr/core/commission";
import { runDataExport, runPasswordResetRequest, SessionStore } from "@closr/core/identity";
import { deliverWebhookTarget, sweepWebhookRetries } from "@closr/core/integrations";
import { sweepNotifications } from "@closr/core/notification";
import { expireInvitations } from "@closr/core/opportunity";
import { runLocalBilling } from "@closr/core/subscription";
import { Effect } from "effect";
import type { AppRuntime } from "../runtime.ts";
import { runCollectionSweep } from "./collection-sweeps.ts";
import { runDealSweep } from "./deal-sweeps.ts";
import { runDisputeSweep } from "./dispute-sweeps.ts";
import { runReviewSweeps } from "./review-sweeps.ts";

export const jobHandlers = (runtime: AppRuntime): JobHandlers => ({
  "password-reset-request": (payload) => runtime.runPromise(runPasswordResetRequest(payload)),
  "data-export": (payload) => runtime.runPromise(runDataExport(payload)),
  // The queued Mailer's deliveries: SMTP (or the development outbox) now.
  "send-email": ({ email }) => runtime.runPromise(Effect.flatMap(MailDelivery, (d) => d.send(email))),
  // The local subscription gateway's renewals, retries and expiries (no-op with Stripe; issue 13).
  "local-billing": () => runtime.runPromise(runLocalBilling()),
  // Time-based notifications (issue 18): overdue invoices, messages unread for a few minutes;
  // and opportunity invitations unanswered for 48 hours expire (issue 44, ADR 0065).
  "notification-sweep": () =>
    runtime.runPromise(Effect.zipLeft(sweepNotifications(), expireInvitations(), { concurrent: false })),
  // Review sweeps (issue 22): blind windows ending, 3- and 10-day reminders.
  "review-sweeps": () => runReviewSweeps(runtime),
  // Dispute deadlines (issue 17, ADR 0018): unanswered → mediation, silent proposal → accepted.
  "dispute-sweep": () => runDisputeSweep(runtime),
  // Automatic collection (issue 45, ADR 0064): notices, failures told, due invoices charged once.
  "collection-sweep": () => runCollectionSweep(runtime),
  // The commission ledger (issue 43, ADR 0063): lines released to payable, last month's statements issued.
  "commission-sweep": () => runtime.runPromise(runCommissionSweep()),
  // Deals and sales (issue 43, ADR 0062): protection notices and expiry, sales confirmed by the clock.
  "deal-sweep": () => runDealSweep(runtime),
  // Outgoing webhooks (issue 20, ADR 0023): one endpoint's due deliveries of one object, in order;
  // a delivery not accepted fails the job, which the queue retries with back-off (ADR 0035).
  "deliver-webhook": (target, run) =>
    runtime.runPromise(
      deliverWebhookTarget(target, { retryInSeconds: run.retryInSeconds, isRetry: run.retryCount > 0 }),
    ),
  // No longer scheduled (ADR 0035); queues a job, once, for deliveries whose job was lost.
  "webhook-retries": () => runtime.runPromise(sweepWebhookRetries()),
  // Expired sessions, rate-limit windows, and queue rows done over 30 days ago.
  "maintenance-sweep": () =>
    runtime.runPromise(
      Effect.gen(function* () {
        const removed = yield* (yield* SessionStore).removeExpired(new Date());
        const db = yield* PgDatabase;
        yield* Effect.promise(() => sweepRateLimits(db, new Date()));
        yield* Effect.promise(() => sweepFinishedJobs(db, new Date(Date.now() - 30 * 24 * 60 * 60 * 1000)));
        return removed;
      }),
    ),
  // The daily roll-up of /analytics (issue 18, ADR 0026), rebuilt through yesterday (Sydney).
  "insights-rollup": () =>
    runtime.runPromise(Effect.flatMap(PgDatabase, (db) => Effect.promise(() => refreshInsightsRollup(db)))),
});
