/**
 * Deals and sales over time (issue 43, ADR 0062): the `deal-sweep` scheduled job (every 15
 * minutes, one run per tick across processes; adapters/src/jobs/schedules.ts) runs core's
 * `sweepDeals` then `sweepSales` at the runtime Clock's now: both parties are told once when a
 * deal's protection ends within 7 days, deals whose protection ended (Sydney) expire, both are told
 * 48 hours before an agent-reported sale counts as confirmed, and the ones whose window ended are
 * confirmed (SaleConfirmed, by "system"). Each change is a locked, refused-if-not-due update in its
 * own unit of work, so a repeated or late run is harmless.
 */
import { sweepDeals, sweepSales } from "@closr/core/deal";
import { Effect } from "effect";
import type { AppRuntime } from "../runtime.ts";

/** One pass; resolves with how many deals expired or were noticed, and sales confirmed or noticed. */
export const runDealSweep = (runtime: AppRuntime) =>
  runtime.runPromise(Effect.all({ deals: sweepDeals(), sales: sweepSales() }, { concurrency: 1 }));
