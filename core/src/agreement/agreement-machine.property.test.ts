/**
 * Property-based tests of the agreement machine (issue 17): random sequences of events from random
 * parties, every invariant checked after every step. A refused event leaves the state unchanged.
 */
import { describe, expect, it } from "@effect/vitest";
import { Either, FastCheck as fc } from "effect";
import type { Party } from "../partnership/index.ts";
import { type AgreementEvent, type AgreementMachineState, transition } from "./agreement-machine.ts";
import type { AgreementStage } from "./model.ts";

const RUNS = { fastCheck: { numRuns: 500 } };
const party = fc.constantFrom<Party>("business", "agent");
const event: fc.Arbitrary<AgreementEvent> = fc.oneof(
  fc.record({
    type: fc.constantFrom<"edit" | "propose" | "counter" | "amend" | "end">(
      "edit",
      "propose",
      "counter",
      "amend",
      "end",
    ),
    by: party,
  }),
  fc.record({ type: fc.constant("sign" as const), by: party, version: fc.integer({ min: 0, max: 8 }) }),
);
/** Mostly negotiation events, so sequences reach signed and amended states often. */
const events = fc.array(event, { maxLength: 30 });
const draft: AgreementMachineState = { stage: "draft", versions: [] };

function run(sequence: readonly AgreementEvent[]) {
  const steps: {
    before: AgreementMachineState;
    event: AgreementEvent;
    after: AgreementMachineState;
    refused: boolean;
  }[] = [];
  let state = draft;
  for (const e of sequence) {
    const snapshot = structuredClone(state);
    const result = transition(state, e);
    expect(state).toEqual(snapshot);
    const after = Either.isRight(result) ? result.right : state;
    if (Either.isLeft(result)) {
      expect(result.left._tag).toBe("AgreementTransitionNotAllowed");
      expect(result.left.from).toBe(state.stage);
      expect(result.left.event).toBe(e.type);
    }
    steps.push({ before: state, event: e, after, refused: Either.isLeft(result) });
    state = after;
  }
  return steps;
}

describe("agreement machine properties", () => {
  it.prop(
    "a version is signed only when both parties signed that exact version",
    [events],
    ([sequence]) => {
      for (const { after } of run(sequence))
        for (const v of after.versions) {
          if (v.status === "signed" || v.status === "superseded")
            expect([...v.signedBy].sort()).toEqual(["agent", "business"]);
          expect(new Set(v.signedBy).size).toBe(v.signedBy.length);
        }
    },
    RUNS,
  );

  it.prop(
    "at most one version is in force, and the stage signed means exactly one",
    [events],
    ([sequence]) => {
      for (const { after } of run(sequence)) {
        const inForce = after.versions.filter((v) => v.status === "signed").length;
        expect(inForce).toBeLessThanOrEqual(1);
        if (after.stage === "signed") expect(inForce).toBe(1);
        if (after.stage === "ended") expect(inForce).toBe(0);
      }
    },
    RUNS,
  );

  it.prop(
    "versions are immutable: numbered 1..n in order, proposer never changes, a proposal is new",
    [events],
    ([sequence]) => {
      for (const { before, after, event, refused } of run(sequence)) {
        expect(after.versions.map((v) => v.number)).toEqual(after.versions.map((_, i) => i + 1));
        for (const [i, v] of before.versions.entries())
          expect(after.versions[i]?.proposedBy).toBe(v.proposedBy);
        if (!refused && event.type === "propose") {
          expect(after.versions).toHaveLength(before.versions.length + 1);
          expect(after.versions.at(-1)).toMatchObject({
            proposedBy: event.by,
            status: "proposed",
            signedBy: [],
          });
        } else expect(after.versions).toHaveLength(before.versions.length);
      }
    },
    RUNS,
  );

  it.prop(
    "a countered version keeps no path to signing: later signatures only land on the newest proposal",
    [events],
    ([sequence]) => {
      for (const { before, after, event, refused } of run(sequence)) {
        if (refused || event.type !== "sign") continue;
        expect(event.version).toBe(before.versions.at(-1)?.number);
        // Only the newest version's signatures changed.
        for (const [i, v] of before.versions.slice(0, -1).entries())
          expect(after.versions[i]?.signedBy).toEqual(v.signedBy);
      }
    },
    RUNS,
  );

  it.prop(
    "the stage follows the issue's diagram (a reference model); ended absorbs",
    [events],
    ([sequence]) => {
      const allowed: Record<AgreementStage, Partial<Record<AgreementEvent["type"], AgreementStage[]>>> = {
        draft: { edit: ["draft"], propose: ["proposed"], end: ["ended"] },
        proposed: { counter: ["draft"], sign: ["proposed", "signed"], end: ["ended"] },
        signed: { amend: ["draft"], end: ["ended"] },
        ended: {},
      };
      for (const { before, event, after, refused } of run(sequence)) {
        const targets = allowed[before.stage][event.type];
        if (targets === undefined) expect(refused).toBe(true);
        else if (!refused) expect(targets).toContain(after.stage);
        if (!refused && event.type === "counter")
          expect(event.by).not.toBe(before.versions.at(-1)?.proposedBy);
      }
    },
    RUNS,
  );
});
