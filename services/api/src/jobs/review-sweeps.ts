/**
 * Review sweeps (issue 22, ADR 0013): fold reviews whose 14-day blind window ended into
 * reputations, and send the 3- and 10-day reminder emails. Both are idempotent (a review is
 * counted once, a reminder row is written once). They run as the scheduled `review-sweeps` job
 * every 15 minutes, once per tick across processes (issue 21, adapters/src/jobs/schedules.ts).
 */
import { publishDueReviews, sendReviewReminders } from "@closr/core/review";
import { Effect } from "effect";
import type { AppRuntime } from "../runtime.ts";

/** One pass of both sweeps; resolves with what each did. */
export const runReviewSweeps = (runtime: AppRuntime) =>
  runtime.runPromise(
    Effect.all({ published: publishDueReviews(), reminders: sendReviewReminders() }, { concurrency: 1 }),
  );
