/**
 * The deal and sale machines on random event sequences (issue 43, ≥ 500 runs each) against small
 * reference models written independently: day counts on a plain day number, no dates library.
 */
import { describe, expect, it } from "@effect/vitest";
import { Either, FastCheck as fc } from "effect";
import { sydneyDate } from "../dispute/index.ts";
import { cents } from "../shared/index.ts";
import { type DealEvent, holdsCustomer, submittedDeal, transitionDeal } from "./deal-machine.ts";
import type { DealStatus, SaleStatus } from "./model.ts";
import { reportedSale, type SaleEvent, transitionSale } from "./sale-machine.ts";

const RUNS = { fastCheck: { numRuns: 600 } };
const HOUR = 3_600_000;
/** Noon in Sydney on 2026-11-23 (AEDT, UTC+11), so whole-day steps keep the Sydney day count plain. */
const start = new Date("2026-11-23T01:00:00Z");
const party = fc.constantFrom("business" as const, "agent" as const);

/** Day number of a Sydney calendar date since the start day. */
const dayOf = (at: Date) =>
  Math.round(
    (Date.parse(`${sydneyDate(at)}T00:00:00Z`) - Date.parse(`${sydneyDate(start)}T00:00:00Z`)) / 86_400_000,
  );

/** The reference: a deal as (state, last protected day number). */
interface Ref {
  state: DealStatus["state"];
  until: number | null;
}

const refStep = (ref: Ref, e: DealEvent): Ref | null => {
  const day = dayOf(e.at);
  const now: Ref =
    ref.state === "approved" && ref.until !== null && day > ref.until
      ? { state: "expired", until: ref.until }
      : ref;
  if (e.type === "tick") return now;
  if (e.type !== "lose" && e.by !== "business") return null;
  const okDays = (n: number) => n >= 1 && n <= 365;
  switch (e.type) {
    case "approve":
      return now.state === "submitted" && okDays(e.protectionDays)
        ? { state: "approved", until: day + e.protectionDays }
        : null;
    case "reject":
      return now.state === "submitted" && (e.reason !== "other" || (e.note ?? "").trim() !== "")
        ? { state: "rejected", until: null }
        : null;
    case "renew":
      return now.state === "approved" && okDays(e.days)
        ? { state: "approved", until: Math.max(now.until ?? day, day) + e.days }
        : null;
    case "win":
      return now.state === "approved" ? { state: "won", until: now.until } : null;
    case "lose":
      return now.state === "approved" ? { state: "lost", until: now.until } : null;
  }
};

const dealEvent = fc.oneof(
  fc.record({
    type: fc.constant("approve" as const),
    by: party,
    protectionDays: fc.integer({ min: -2, max: 400 }),
  }),
  fc.record({
    type: fc.constant("reject" as const),
    by: party,
    reason: fc.constantFrom(
      "already_customer" as const,
      "house_account" as const,
      "registered_by_another" as const,
      "other" as const,
    ),
    note: fc.constantFrom(null, "", "  ", "We already sell to them."),
  }),
  fc.record({ type: fc.constant("renew" as const), by: party, days: fc.integer({ min: 0, max: 120 }) }),
  fc.record({ type: fc.constant("win" as const), by: party }),
  fc.record({ type: fc.constant("lose" as const), by: party }),
  fc.record({ type: fc.constant("tick" as const) }),
);

describe("deal machine (property-based, reference model)", () => {
  it.prop(
    "every sequence follows the reference; refusals change nothing; protection never shrinks",
    [fc.array(fc.tuple(dealEvent, fc.integer({ min: 0, max: 60 })), { maxLength: 25 })],
    ([steps]) => {
      let at = start.getTime();
      let status: DealStatus = submittedDeal();
      let ref: Ref = { state: "submitted", until: null };
      for (const [shape, days] of steps) {
        at += days * 24 * HOUR;
        const event = { ...shape, at: new Date(at) } as DealEvent;
        const expected = refStep(ref, event);
        const result = transitionDeal(status, event);
        if (expected === null) {
          expect(Either.isLeft(result)).toBe(true);
          // Refused: the caller keeps its state (an elapsed protection is applied by the next event).
          continue;
        }
        expect(Either.isRight(result)).toBe(true);
        if (Either.isLeft(result)) return;
        const next = result.right;
        expect(next.state).toBe(expected.state);
        if (expected.until !== null && next.protectedUntil !== null)
          expect(dayOf(new Date(`${next.protectedUntil}T01:00:00Z`))).toBe(expected.until);
        if (status.protectedUntil !== null && next.protectedUntil !== null)
          expect(next.protectedUntil >= status.protectedUntil).toBe(true);
        // A customer is held exactly while submitted, won, or approved and inside its protection.
        expect(holdsCustomer(next, event.at)).toBe(
          next.state === "submitted" ||
            next.state === "won" ||
            (next.state === "approved" && dayOf(event.at) <= (expected.until ?? -1)),
        );
        status = next;
        ref = expected;
      }
    },
    RUNS,
  );
});

/** The reference of a sale: state and refunded cents. */
const saleEvent = fc.oneof(
  fc.record({ type: fc.constant("confirm" as const), by: party }),
  fc.record({
    type: fc.constant("dispute" as const),
    by: party,
    note: fc.constantFrom("", "Not our customer."),
  }),
  fc.record({
    type: fc.constant("refund" as const),
    by: party,
    refundCents: fc.integer({ min: -5, max: 120_000 }),
  }),
  fc.record({ type: fc.constant("tick" as const) }),
);

describe("sale machine (property-based, reference model)", () => {
  it.prop(
    "no cent created or lost: refunds never exceed the sale; the window confirms unanswered sales",
    [
      fc.integer({ min: 1, max: 100_000 }),
      fc.constantFrom("business" as const, "agent" as const, "api" as const),
      fc.array(fc.tuple(saleEvent, fc.integer({ min: 0, max: 72 })), { maxLength: 25 }),
    ],
    ([amount, reportedBy, steps]) => {
      const confirmBy = new Date(start.getTime() + 7 * 24 * HOUR);
      let status: SaleStatus = reportedSale({ amountCents: cents(amount), reportedBy, at: start, confirmBy });
      let ref = { state: reportedBy === "agent" ? "reported" : "confirmed", refunded: 0 };
      let at = start.getTime();
      for (const [shape, hours] of steps) {
        at += hours * HOUR;
        const event = { ...shape, at: new Date(at) } as SaleEvent;
        const now =
          ref.state === "reported" && at >= confirmBy.getTime() ? { ...ref, state: "confirmed" } : ref;
        let expected: typeof ref | null = now;
        if (event.type !== "tick") {
          if (event.by !== "business") expected = null;
          else if (event.type === "confirm")
            expected =
              now.state === "reported" || now.state === "disputed" ? { ...now, state: "confirmed" } : null;
          else if (event.type === "dispute")
            expected = now.state === "reported" && event.note !== "" ? { ...now, state: "disputed" } : null;
          else {
            const left = amount - now.refunded;
            expected =
              now.state === "confirmed" && event.refundCents >= 1 && event.refundCents <= left
                ? {
                    state: event.refundCents === left ? "refunded" : "confirmed",
                    refunded: now.refunded + event.refundCents,
                  }
                : null;
          }
        }
        const result = transitionSale(status, event);
        if (expected === null) {
          expect(Either.isLeft(result)).toBe(true);
          continue;
        }
        if (Either.isLeft(result))
          expect.fail(`refused ${event.type} in ${status.state}: ${result.left.message}`);
        else {
          status = result.right;
          ref = expected;
          expect(status.state).toBe(ref.state);
          expect(status.refundedCents).toBe(ref.refunded);
          expect(status.refundedCents).toBeLessThanOrEqual(status.amountCents);
          expect(status.amountCents).toBe(amount);
          if (status.state === "confirmed") expect(status.confirmedAt).not.toBeNull();
        }
      }
    },
    RUNS,
  );
});
