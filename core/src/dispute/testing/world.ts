/**
 * One in-memory world for the dispute use-case tests: invoice 1 ($150.00, unpaid) between
 * business profile 1 (user 20) and agent profile 1 (user 10); user 30 owns an unrelated business
 * profile 2; user 40 is staff. Records emails, domain events, audit entries and stored files; the
 * clock stands at 2026-11-23 01:00 UTC and moves with `clock.advance(ms)`.
 */
import { Effect, Either, Layer } from "effect";
import { aUser } from "../../identity/testing/index.ts";
import { anInvoice, makeInvoiceMemory } from "../../invoice/testing/index.ts";
import { makeMailerMemory } from "../../partnership/testing/index.ts";
import { aBusinessProfile, anAgentProfile, makeProfilesMemory } from "../../profiles/testing/index.ts";
import { AppUrlFrom } from "../../shared/app-url.ts";
import { makeTestClock } from "../../shared/clock.ts";
import { InvoiceId } from "../../shared/ids.ts";
import { makeAuditLogMemory, makeDomainEventsRecorder, makeFileStorageMemory } from "../../shared/testing.ts";
import type { DisputeReason } from "../model.ts";
import { makeDisputeMemory } from "./index.ts";

export const disputeCast = {
  agent: aUser(10, "agent"),
  business: aUser(20, "business"),
  stranger: aUser(30, "business"),
  staff: aUser(40, "business", { role: "admin" }),
  invoiceId: InvoiceId.make(1),
  now: new Date("2026-11-23T01:00:00Z"),
} as const;

/** The business says $50.00 of the $150.00 is owed: the duplicates were not real leads. */
export const notOwed = {
  reason: "amount_not_owed" as DisputeReason,
  description: "The leads were duplicates.",
  claimedCents: 5_000,
};

/** One day in ms. */
export const DAY = 24 * 60 * 60 * 1000;

export function disputeWorld() {
  const profiles = makeProfilesMemory();
  profiles.businesses.push(aBusinessProfile({ id: 1, userId: 20 }), aBusinessProfile({ id: 2, userId: 30 }));
  profiles.agents.push(anAgentProfile({ id: 1, userId: 10 }));
  const invoices = makeInvoiceMemory();
  invoices.rows.push(anInvoice());
  const disputes = makeDisputeMemory();
  const events = makeDomainEventsRecorder();
  const audit = makeAuditLogMemory();
  const storage = makeFileStorageMemory();
  const mailer = makeMailerMemory();
  const clock = makeTestClock(disputeCast.now);
  const layer = Layer.mergeAll(
    profiles.layer,
    invoices.layer,
    disputes.layer,
    events.layer,
    audit.layer,
    storage.layer,
    mailer.layer,
    clock.layer,
    AppUrlFrom("https://closr.test"),
  );
  /** Runs a use case in this world; its Either (tagged errors on the left). */
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, layer) as Effect.Effect<A, E, never>));
  /** Runs a use case that must succeed; its value. */
  const ok = async <A, E, R>(effect: Effect.Effect<A, E, R>) => Either.getOrThrow(await run(effect));
  /** The timeline kinds of dispute `id`, in order. */
  const kinds = (id: number) => disputes.timeline.filter((t) => t.disputeId === id).map((t) => t.line.kind);
  return { profiles, invoices, disputes, events, audit, storage, mailer, clock, run, ok, kinds };
}

/** The error of a failed run, or undefined when it succeeded. */
export const leftOf = (result: Either.Either<unknown, unknown>) =>
  Either.isLeft(result) ? result.left : undefined;
