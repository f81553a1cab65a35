import { Either } from "effect";
import { describe, expect, it } from "vitest";
import type { PartnershipEventType } from "./errors.ts";
import { type PartnershipStatus, type Party, partnershipStatuses } from "./model.ts";
import { transition } from "./partnership-machine.ts";

const at = new Date("2026-11-22T10:00:00Z");
const started = new Date("2026-10-01T00:00:00Z");
const events: readonly PartnershipEventType[] = ["accept", "reject", "withdraw", "end"];
const parties: readonly Party[] = ["business", "agent"];

/**
 * The whole table: the status each (state, event, actor-is-requester) leads to, or null when the
 * pair is not allowed. Spec §4 plus issue 4 (withdraw by the requester).
 */
function expected(from: PartnershipStatus, event: PartnershipEventType, isRequester: boolean) {
  if (from === "pending" && event === "accept" && !isRequester) return "active";
  if (from === "pending" && event === "reject" && !isRequester) return "rejected";
  if (from === "pending" && event === "withdraw" && isRequester) return "withdrawn";
  if (from === "active" && event === "end") return "terminated";
  return null;
}

describe("partnership machine: every state × event × party", () => {
  for (const from of partnershipStatuses)
    for (const type of events)
      for (const requestedBy of parties)
        for (const by of parties) {
          const want = expected(from, type, by === requestedBy);
          it(`${from} + ${type} by ${by} (requested by ${requestedBy}) → ${want ?? "not allowed"}`, () => {
            const current = {
              status: from,
              requestedBy,
              startDate: from === "pending" ? null : started,
              endDate: null,
            };
            const result = transition(current, { type, by, at });
            if (want === null) {
              expect(Either.isLeft(result)).toBe(true);
              if (Either.isLeft(result)) {
                expect(result.left._tag).toBe("PartnershipTransitionNotAllowed");
                expect(result.left.from).toBe(from);
                expect(result.left.event).toBe(type);
              }
              return;
            }
            expect(Either.getOrThrow(result).status).toBe(want);
          });
        }
});

describe("partnership machine: dates", () => {
  it("accept sets startDate to the event time", () => {
    const change = Either.getOrThrow(
      transition(
        { status: "pending", requestedBy: "agent", startDate: null, endDate: null },
        { type: "accept", by: "business", at },
      ),
    );
    expect(change).toEqual({ status: "active", startDate: at, endDate: null });
  });

  it("end keeps startDate and sets endDate to the event time", () => {
    const change = Either.getOrThrow(
      transition(
        { status: "active", requestedBy: "agent", startDate: started, endDate: null },
        { type: "end", by: "agent", at },
      ),
    );
    expect(change).toEqual({ status: "terminated", startDate: started, endDate: at });
  });

  it("explains why the requester cannot accept their own request", () => {
    const result = transition(
      { status: "pending", requestedBy: "agent", startDate: null, endDate: null },
      { type: "accept", by: "agent", at },
    );
    expect(Either.isLeft(result) && result.left.reason).toBe(
      "Only the party who received the request can accept it.",
    );
  });
});
