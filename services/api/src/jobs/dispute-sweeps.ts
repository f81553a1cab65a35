/**
 * Scheduled dispute deadlines (issue 17, ADR 0018): every `everyMs` (default 5 minutes) and once
 * at start, advance every dispute whose deadline passed at the runtime Clock's now (unanswered
 * for 7 days → mediation; an unanswered proposal → accepted, resolved and settled once). The
 * state lives in PostgreSQL and each advance is a locked, refused-if-not-due update, so the sweep
 * is durable across restarts and safe with several API processes. Tests inject the clock.
 */
import { sweepDisputeDeadlines } from "@closr/core/dispute";
import type { Logger } from "pino";
import type { AppRuntime } from "../runtime.ts";

/** One pass; resolves with how many disputes moved. */
export const runDisputeSweep = (runtime: AppRuntime) => runtime.runPromise(sweepDisputeDeadlines());

/** Starts the timer; returns `stop`. */
export function startDisputeSweeps(runtime: AppRuntime, logger: Logger, everyMs = 5 * 60_000) {
  const tick = () =>
    void runDisputeSweep(runtime).catch((err) => logger.error({ err }, "dispute sweep failed"));
  const first = setTimeout(tick, 5_000);
  first.unref();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
