import { Either, FastCheck as fc } from "effect";
import { describe, expect, it } from "vitest";
import { UserId, VerificationRequestId } from "../shared/ids.ts";
import { OwnVerificationRequest, type VerificationEventType } from "./errors.ts";
import type { VerificationRequest, VerificationRequestStatus } from "./model.ts";
import { reviewerMayAct, transition, transitions, type VerificationEvent } from "./verification-machine.ts";

type State = Pick<VerificationRequest, "status" | "submittedAt" | "reviewedAt" | "reviewedBy" | "adminNotes">;

/** The diagram of issue 12, written out independently of the machine. */
const diagram: Record<string, VerificationRequestStatus> = {
  "submitted/start_review": "under_review",
  "under_review/approve": "approved",
  "under_review/reject": "rejected",
  "under_review/request_changes": "changes_requested",
  "changes_requested/resubmit": "submitted",
};

const start: State = {
  status: "submitted",
  submittedAt: new Date(0),
  reviewedAt: null,
  reviewedBy: null,
  adminNotes: null,
};

const eventTypes = Object.keys(transitions) as VerificationEventType[];
const anEvent = fc
  .record({
    type: fc.constantFrom(...eventTypes),
    at: fc.date({ min: new Date(1), max: new Date(4e12), noInvalidDate: true }),
    by: fc.integer({ min: 1, max: 1000 }).map((n) => UserId.make(n)),
    reason: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim().length > 0),
  })
  .map(({ type, at, by, reason }): VerificationEvent => {
    switch (type) {
      case "resubmit":
        return { type, at };
      case "start_review":
      case "approve":
        return { type, at, by };
      default:
        return { type, at, by, reason };
    }
  });

describe("verification machine", () => {
  it("every random sequence of events follows the diagram or is refused leaving the state unchanged", () => {
    fc.assert(
      fc.property(fc.array(anEvent, { maxLength: 30 }), (events) => {
        let state = start;
        for (const event of events) {
          const expected = diagram[`${state.status}/${event.type}`];
          const result = transition(state, event);
          if (expected === undefined) {
            expect(Either.isLeft(result)).toBe(true);
            if (Either.isLeft(result)) {
              expect(result.left._tag).toBe("VerificationTransitionNotAllowed");
              expect(result.left.from).toBe(state.status);
            }
            continue; // refused: the state is kept as it was
          }
          expect(Either.isRight(result)).toBe(true);
          if (Either.isLeft(result)) return;
          const next = result.right;
          expect(next.status).toBe(expected);
          if (event.type === "resubmit") {
            expect(next.submittedAt).toBe(event.at);
            expect(next.reviewedAt).toBeNull();
          } else if (event.type === "start_review") {
            expect(next).toEqual({ ...state, status: "under_review" });
          } else {
            expect(next.reviewedAt).toBe(event.at);
            expect(next.reviewedBy).toBe(event.by);
            expect(next.submittedAt).toBe(state.submittedAt);
            if (event.type !== "approve") expect(next.adminNotes).toBe(event.reason.trim());
          }
          state = next;
        }
      }),
      { numRuns: 500 },
    );
  });

  it("approved and rejected are final", () => {
    for (const status of ["approved", "rejected"] as const)
      for (const type of eventTypes) {
        const event = (
          type === "resubmit"
            ? { type, at: new Date() }
            : { type, at: new Date(), by: UserId.make(1), reason: "x" }
        ) as VerificationEvent;
        expect(Either.isLeft(transition({ ...start, status }, event))).toBe(true);
      }
  });

  it("explains a refusal in words", () => {
    const result = transition(start, { type: "approve", by: UserId.make(1), at: new Date() });
    expect(Either.isLeft(result) && result.left.reason).toBe(
      "Only a request under review can be approved; this one is submitted.",
    );
  });
});

describe("reviewerMayAct (four eyes)", () => {
  it("refuses the applicant and lets any other staff member act", () => {
    const request = { id: VerificationRequestId.make(5), userId: UserId.make(9) };
    expect(reviewerMayAct(request, UserId.make(9))).toEqual(
      Either.left(new OwnVerificationRequest({ id: VerificationRequestId.make(5) })),
    );
    expect(Either.isRight(reviewerMayAct(request, UserId.make(10)))).toBe(true);
  });
});
