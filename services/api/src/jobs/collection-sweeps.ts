/**
 * Automatic collection (issue 45, ADR 0064): the `collection-sweep` scheduled job (every 5
 * minutes, one run per tick across processes; adapters/src/jobs/schedules.ts) runs
 * `runCollectionSweep` on Sydney's date at the runtime Clock's now: the local gateway's BECS
 * clearing, advance notices, failures told, and each due invoice charged once (the attempt is
 * recorded under the invoice's lock, then sent with the per-invoice-and-attempt idempotency key,
 * so a crash mid-batch or a second process never charges twice).
 */
import { runCollectionSweep as sweep } from "@closr/core/collection";
import type { AppRuntime } from "../runtime.ts";

/** One pass; resolves with what it did. */
export const runCollectionSweep = (runtime: AppRuntime) => runtime.runPromise(sweep());
