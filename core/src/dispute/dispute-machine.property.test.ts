/**
 * The dispute machine on random event sequences (issue 17, ADR 0018): terminal states absorb,
 * refused events change nothing, deadlines only move forward, a resolution is always within the
 * invoice amount, and only the opener withdraws.
 */
import { describe, expect, it } from "@effect/vitest";
import { Either, FastCheck as fc } from "effect";
import { advance, type DisputeEvent, openedStatus, transitionDispute } from "./dispute-machine.ts";
import { type DisputeStatus, disputeOutcome, isTerminal } from "./model.ts";

const RUNS = { fastCheck: { numRuns: 300 } };
const start = new Date("2026-11-23T00:00:00Z");
const party = fc.constantFrom("business" as const, "agent" as const);
const HOUR = 3_600_000;

/** Events with times as offsets (hours) added to a running clock, so time never goes backwards. */
const eventArb = (total: number) =>
  fc.oneof(
    fc.record({ type: fc.constant("accept" as const), by: party }),
    fc.record({
      type: fc.constant("counter" as const),
      by: party,
      amountCents: fc.integer({ min: -10, max: total + 10 }),
    }),
    fc.record({ type: fc.constant("reject" as const), by: party }),
    fc.record({
      type: fc.constant("propose" as const),
      amountCents: fc.integer({ min: 0, max: total }),
      note: fc.constant("Split it."),
    }),
    fc.record({ type: fc.constant("accept_proposal" as const), by: party }),
    fc.record({ type: fc.constant("reject_proposal" as const), by: party }),
    fc.record({ type: fc.constant("withdraw" as const), by: party }),
    fc.record({ type: fc.constant("tick" as const) }),
  );

const scenario = fc.integer({ min: 1, max: 1_000_000 }).chain((total) =>
  fc.record({
    total: fc.constant(total),
    paid: fc.boolean(),
    opener: party,
    claimed: fc.integer({ min: 0, max: total - 1 }),
    steps: fc.array(fc.tuple(eventArb(total), fc.integer({ min: 0, max: 24 * 10 })), { maxLength: 30 }),
  }),
);

describe("dispute machine (property-based)", () => {
  it.prop(
    "every sequence: terminal absorbs, refusals change nothing, settlement within bounds",
    [scenario],
    ([{ total, paid, opener, claimed, steps }]) => {
      let at = start.getTime();
      let status: DisputeStatus = openedStatus({
        opener,
        invoicePaid: paid,
        invoiceAmountCents: total,
        claimedCents: claimed,
        at: start,
      });
      for (const [shape, hours] of steps) {
        at += hours * HOUR;
        const event = { ...shape, at: new Date(at) } as DisputeEvent;
        const before = status;
        const result = transitionDispute(before, event);
        if (Either.isLeft(result)) {
          // Refused: the caller keeps its state; nothing was mutated.
          expect(status).toBe(before);
          continue;
        }
        const next = result.right;
        if (isTerminal(before.state)) expect.fail("a terminal state accepted an event");
        if (event.type === "withdraw") {
          expect(event.by).toBe(opener);
          expect(next.state).toBe("withdrawn");
        }
        if (next.state === "resolved") {
          expect(next.settledAmountCents).not.toBeNull();
          expect(next.settledAmountCents).toBeGreaterThanOrEqual(0);
          expect(next.settledAmountCents).toBeLessThanOrEqual(total);
          expect(next.outcome).toBe(disputeOutcome(next, next.settledAmountCents ?? 0));
          expect(next.deadline).toBeNull();
        } else if (!isTerminal(next.state)) {
          expect(next.deadline).not.toBeNull();
          // The parties' deadlines are always ahead of the event that set or kept them (staff's
          // mediation deadline may already be overdue when the sweep ran late).
          if (next.state !== "in_mediation") expect((next.deadline as Date).getTime()).toBeGreaterThan(at);
        }
        if (next.state === "open") expect(next.offer.amountCents).toBeLessThanOrEqual(total);
        if (next.state === "proposed") expect(next.proposal).not.toBeNull();
        status = next;
      }
      if (isTerminal(status.state)) {
        const later = new Date(at + 365 * 24 * HOUR);
        for (const e of [
          { type: "tick", at: later },
          { type: "withdraw", by: opener, at: later },
        ] as DisputeEvent[])
          expect(Either.isLeft(transitionDispute(status, e))).toBe(true);
        expect(advance(status, later)).toBe(status);
      }
    },
    RUNS,
  );

  it.prop(
    "silence: an open dispute left alone goes to mediation; a proposal left alone is accepted",
    [fc.boolean(), party, fc.integer({ min: 100, max: 100_000 })],
    ([paid, opener, total]) => {
      const opened = openedStatus({
        opener,
        invoicePaid: paid,
        invoiceAmountCents: total,
        claimedCents: 0,
        at: start,
      });
      const later = new Date(start.getTime() + 10 * 24 * HOUR);
      const mediated = Either.getOrThrow(transitionDispute(opened, { type: "tick", at: later }));
      expect(mediated.state).toBe("in_mediation");
      const proposed = Either.getOrThrow(
        transitionDispute(mediated, {
          type: "propose",
          amountCents: Math.floor(total / 2),
          note: "Half each.",
          at: later,
        }),
      );
      expect(proposed.state).toBe("proposed");
      const half = Either.getOrThrow(
        transitionDispute(proposed, { type: "accept_proposal", by: opener, at: later }),
      );
      expect(half.state).toBe("proposed");
      const resolved = Either.getOrThrow(
        transitionDispute(half, { type: "tick", at: new Date(later.getTime() + 5 * 24 * HOUR) }),
      );
      expect(resolved.state).toBe("resolved");
      expect(resolved.settledAmountCents).toBe(Math.floor(total / 2));
      expect(resolved.outcome).toBe(paid ? "partial_refund" : "amount_reduced");
    },
    RUNS,
  );
});

describe("dispute machine (examples)", () => {
  const opened = openedStatus({
    opener: "business",
    invoicePaid: false,
    invoiceAmountCents: 10_000,
    claimedCents: 0,
    at: start,
  });
  const at = new Date(start.getTime() + HOUR);

  it("the opener cannot accept their own offer; the other side can", () => {
    expect(Either.isLeft(transitionDispute(opened, { type: "accept", by: "business", at }))).toBe(true);
    const accepted = Either.getOrThrow(transitionDispute(opened, { type: "accept", by: "agent", at }));
    expect(accepted).toMatchObject({
      state: "resolved",
      settledAmountCents: 0,
      outcome: "invoice_cancelled",
    });
  });

  it("a counter-offer of half, accepted by the opener, reduces the amount", () => {
    const countered = Either.getOrThrow(
      transitionDispute(opened, { type: "counter", by: "agent", amountCents: 5_000, at }),
    );
    expect(countered.offer).toEqual({ by: "agent", amountCents: 5_000 });
    const resolved = Either.getOrThrow(transitionDispute(countered, { type: "accept", by: "business", at }));
    expect(resolved).toMatchObject({
      state: "resolved",
      settledAmountCents: 5_000,
      outcome: "amount_reduced",
    });
  });

  it("an answer after the 7 days is refused: the dispute already went to mediation", () => {
    const late = new Date(start.getTime() + 9 * 24 * HOUR);
    const result = transitionDispute(opened, { type: "accept", by: "agent", at: late });
    expect(Either.isLeft(result) && result.left.state).toBe("in_mediation");
  });

  it("the agent cannot withdraw the business's dispute", () => {
    expect(Either.isLeft(transitionDispute(opened, { type: "withdraw", by: "agent", at }))).toBe(true);
  });
});
