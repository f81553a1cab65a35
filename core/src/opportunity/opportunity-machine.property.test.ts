/**
 * Property tests of the opportunity and application machines (issue 44): random event sequences
 * folded with refusals as "unchanged", invariants checked after every step (500 runs each).
 */
import { describe, expect, it } from "@effect/vitest";
import { Either, FastCheck as fc } from "effect";
import type { ApplicationStatus, Opportunity } from "./model.ts";
import {
  type ApplicationEventType,
  applicationTransition,
  invitationTransition,
  type OpportunityEventType,
  opportunityTransition,
} from "./opportunity-machine.ts";
import { anInvitation, anOpportunity } from "./testing/index.ts";

const RUNS = { fastCheck: { numRuns: 500 } };
const start = new Date("2026-12-01T00:00:00Z").getTime();
const at = (minutes: number) => new Date(start + minutes * 60_000);

const opportunityEvent = fc.constantFrom<OpportunityEventType>(
  "publish",
  "pause",
  "resume",
  "withdraw",
  "fill",
);
const applicationEvent = fc.record({
  type: fc.constantFrom<ApplicationEventType>("shortlist", "interview", "approve", "decline", "withdraw"),
  by: fc.constantFrom<"business" | "agent">("business", "agent"),
});

describe("opportunity machine properties", () => {
  it.prop(
    "places never exceed the wanted number; closed absorbs; only published fills; filled means full",
    [fc.integer({ min: 1, max: 5 }), fc.array(opportunityEvent, { maxLength: 30 })],
    ([wanted, events]) => {
      let state: Opportunity = anOpportunity({ status: "draft", publishedAt: null, placesWanted: wanted });
      events.forEach((type, i) => {
        const result = opportunityTransition(state, { type, at: at(i) });
        if (state.status === "closed") expect(Either.isLeft(result)).toBe(true);
        if (type === "fill" && state.status !== "published") expect(Either.isLeft(result)).toBe(true);
        if (Either.isRight(result)) {
          if (type === "fill") expect(result.right.placesFilled).toBe(state.placesFilled + 1);
          else expect(result.right.placesFilled).toBe(state.placesFilled);
          state = { ...state, ...result.right };
        }
        expect(state.placesFilled).toBeLessThanOrEqual(state.placesWanted);
        expect(state.status === "closed" && state.closedReason === "filled").toBe(
          state.status === "closed" &&
            state.placesFilled === state.placesWanted &&
            state.closedReason !== "withdrawn",
        );
        // Published, paused or filled means it was published once; a draft can be withdrawn unpublished.
        if (state.status === "published" || state.status === "paused" || state.closedReason === "filled")
          expect(state.publishedAt).not.toBeNull();
      });
    },
    RUNS,
  );
});

describe("application machine properties", () => {
  const final: readonly ApplicationStatus[] = ["approved", "declined", "withdrawn"];
  it.prop(
    "final states absorb; only the agent withdraws; approval only from shortlisted or interview; the business never withdraws",
    [fc.array(applicationEvent, { maxLength: 20 })],
    ([events]) => {
      let status: ApplicationStatus = "submitted";
      events.forEach(({ type, by }, i) => {
        const result = applicationTransition({ status }, { type, by, at: at(i) });
        if (final.includes(status)) expect(Either.isLeft(result)).toBe(true);
        if (type === "withdraw" && by === "business") expect(Either.isLeft(result)).toBe(true);
        if (type !== "withdraw" && by === "agent") expect(Either.isLeft(result)).toBe(true);
        if (Either.isRight(result)) {
          if (result.right === "approved") expect(["shortlisted", "interview"]).toContain(status);
          status = result.right;
        }
      });
    },
    RUNS,
  );

  it.prop(
    "an invitation is answered at most once, and expires exactly when 48 hours have passed",
    [
      fc.array(
        fc.record({
          type: fc.constantFrom<"accept" | "decline" | "expire">("accept", "decline", "expire"),
          minutes: fc.integer({ min: 0, max: 6000 }),
        }),
        { maxLength: 10 },
      ),
    ],
    ([events]) => {
      let invitation = anInvitation();
      let answers = 0;
      for (const { type, minutes } of events) {
        const when = at(minutes);
        const result = invitationTransition(invitation, { type, at: when });
        const late = when.getTime() >= invitation.expiresAt.getTime();
        if (Either.isRight(result)) {
          answers++;
          expect(result.right === "expired").toBe(late);
          invitation = { ...invitation, status: result.right };
        }
      }
      expect(answers).toBeLessThanOrEqual(1);
    },
    RUNS,
  );
});
