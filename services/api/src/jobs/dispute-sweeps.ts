/**
 * Scheduled dispute deadlines (issue 17, ADR 0018): the `dispute-sweep` scheduled job (every 5
 * minutes, one run per tick across processes; adapters/src/jobs/schedules.ts, ADR 0022) advances
 * every dispute whose deadline passed at the runtime Clock's now (unanswered for 7 days →
 * mediation; an unanswered proposal → accepted, resolved and settled once). The state lives in
 * PostgreSQL and each advance is a locked, refused-if-not-due update, so a repeated or late run
 * is harmless. Tests inject the clock.
 */
import { sweepDisputeDeadlines } from "@closr/core/dispute";
import type { AppRuntime } from "../runtime.ts";

/** One pass; resolves with how many disputes moved. */
export const runDisputeSweep = (runtime: AppRuntime) => runtime.runPromise(sweepDisputeDeadlines());
