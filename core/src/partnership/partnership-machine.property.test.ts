/**
 * Property-based tests of the partnership machine (spec §4 Partnership): random sequences of
 * events, from random parties at increasing times, run against the invariants the machine
 * promises. A refused event is folded as "state unchanged", so every invariant is checked
 * after every step of every sequence.
 */
import { describe, expect, it } from "@effect/vitest";
import { Either, FastCheck as fc } from "effect";
import type { PartnershipEventType } from "./errors.ts";
import type { Partnership, PartnershipStatus, Party } from "./model.ts";
import { type PartnershipEvent, transition } from "./partnership-machine.ts";

type State = Pick<Partnership, "status" | "requestedBy" | "startDate" | "endDate">;

const RUNS = { fastCheck: { numRuns: 500 } };
const terminal: readonly PartnershipStatus[] = ["rejected", "withdrawn", "terminated"];
const start = new Date("2026-11-01T00:00:00Z").getTime();

const party = fc.constantFrom<Party>("business", "agent");
const eventType = fc.constantFrom<PartnershipEventType>("accept", "reject", "withdraw", "end");
/** Up to 12 events, each one to 3 days after the one before. */
const events = fc
  .array(fc.record({ type: eventType, by: party, gapMinutes: fc.integer({ min: 1, max: 4320 }) }), {
    maxLength: 12,
  })
  .map((steps) => {
    let at = start;
    return steps.map(({ type, by, gapMinutes }): PartnershipEvent => {
      at += gapMinutes * 60_000;
      return { type, by, at: new Date(at) };
    });
  });

const pending = (requestedBy: Party): State => ({
  status: "pending",
  requestedBy,
  startDate: null,
  endDate: null,
});

/** Runs the events, keeping the state on a refusal; returns every step. */
function run(initial: State, sequence: readonly PartnershipEvent[]) {
  const steps: { before: State; event: PartnershipEvent; after: State; refused: boolean }[] = [];
  let state = initial;
  for (const event of sequence) {
    const snapshot = structuredClone(state);
    const result = transition(state, event);
    // The machine is pure: the input is never mutated, accepted or not.
    expect(state).toEqual(snapshot);
    const after = Either.isRight(result) ? { ...state, ...result.right } : state;
    steps.push({ before: state, event, after, refused: Either.isLeft(result) });
    state = after;
  }
  return { steps, final: state };
}

describe("partnership machine properties", () => {
  it.prop(
    "terminal states absorb: rejected, withdrawn and terminated refuse every event",
    [party, events],
    ([requestedBy, sequence]) => {
      for (const { before, refused } of run(pending(requestedBy), sequence).steps)
        if (terminal.includes(before.status)) expect(refused).toBe(true);
    },
    RUNS,
  );

  it.prop(
    "startDate is set iff the request was accepted, and is the accept's time",
    [party, events],
    ([requestedBy, sequence]) => {
      const { steps } = run(pending(requestedBy), sequence);
      const accept = steps.find((s) => s.event.type === "accept" && !s.refused);
      for (const { after } of steps) {
        const accepted = after.status === "active" || after.status === "terminated";
        expect(after.startDate !== null).toBe(accepted);
        if (accepted) expect(after.startDate).toEqual(accept?.event.at);
      }
    },
    RUNS,
  );

  it.prop(
    "endDate is set iff terminated, never before the start",
    [party, events],
    ([requestedBy, sequence]) => {
      for (const { after } of run(pending(requestedBy), sequence).steps) {
        expect(after.endDate !== null).toBe(after.status === "terminated");
        if (after.endDate && after.startDate)
          expect(after.endDate.getTime()).toBeGreaterThanOrEqual(after.startDate.getTime());
      }
    },
    RUNS,
  );

  it.prop(
    "only the receiver accepts or rejects, only the requester withdraws, either party ends",
    [party, events],
    ([requestedBy, sequence]) => {
      for (const { before, event, refused } of run(pending(requestedBy), sequence).steps) {
        if (refused) continue;
        const isRequester = event.by === before.requestedBy;
        if (event.type === "accept" || event.type === "reject") expect(isRequester).toBe(false);
        if (event.type === "withdraw") expect(isRequester).toBe(true);
        expect(before.status).toBe(event.type === "end" ? "active" : "pending");
      }
    },
    RUNS,
  );

  it.prop(
    "a refused event leaves the state unchanged and says where it came from",
    [party, events],
    ([requestedBy, sequence]) => {
      let state = pending(requestedBy);
      for (const event of sequence) {
        const result = transition(state, event);
        if (Either.isLeft(result)) {
          expect(result.left).toMatchObject({ from: state.status, event: event.type });
          expect(result.left.reason).toEqual(expect.any(String));
        } else state = { ...state, ...result.right };
      }
    },
    RUNS,
  );

  it.prop(
    "the status follows the spec's diagram (a reference model)",
    [party, events],
    ([requestedBy, sequence]) => {
      const model: Record<PartnershipStatus, Partial<Record<PartnershipEventType, PartnershipStatus>>> = {
        pending: { accept: "active", reject: "rejected", withdraw: "withdrawn" },
        active: { end: "terminated" },
        rejected: {},
        withdrawn: {},
        terminated: {},
      };
      for (const { before, event, after, refused } of run(pending(requestedBy), sequence).steps) {
        const target = model[before.status][event.type];
        if (target === undefined) expect(refused).toBe(true);
        if (!refused) expect(after.status).toBe(target);
      }
    },
    RUNS,
  );
});
