/**
 * Scheduled review sweeps (issue 22, ADR 0013): every `everyMs` (default 15 minutes) and once at
 * start, fold reviews whose 14-day blind window ended into reputations, and send the 3- and
 * 10-day reminder emails. Both are idempotent (a review is counted once, a reminder row is
 * written once), so several API processes may run them side by side.
 */
import { publishDueReviews, sendReviewReminders } from "@closr/core/review";
import { Effect } from "effect";
import type { Logger } from "pino";
import type { AppRuntime } from "../runtime.ts";

/** One pass of both sweeps; resolves with what each did. */
export const runReviewSweeps = (runtime: AppRuntime) =>
  runtime.runPromise(
    Effect.all({ published: publishDueReviews(), reminders: sendReviewReminders() }, { concurrency: 1 }),
  );

/** Starts the timer; returns `stop`. */
export function startReviewSweeps(runtime: AppRuntime, logger: Logger, everyMs = 15 * 60_000) {
  const tick = () =>
    void runReviewSweeps(runtime).catch((err) => logger.error({ err }, "review sweep failed"));
  const first = setTimeout(tick, 5_000);
  first.unref();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
