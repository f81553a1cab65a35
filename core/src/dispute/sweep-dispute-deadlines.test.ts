import { describe, expect, it } from "vitest";
import { proposeResolution } from "./mediate-dispute.ts";
import { respondToDispute } from "./negotiate-dispute.ts";
import { openDispute } from "./open-dispute.ts";
import { sweepDisputeDeadlines } from "./sweep-dispute-deadlines.ts";
import { DAY, disputeCast, disputeWorld, notOwed } from "./testing/world.ts";

const { agent, business, staff, invoiceId } = disputeCast;

describe("sweepDisputeDeadlines", () => {
  it("moves nothing before a deadline", async () => {
    const { ok, disputes } = disputeWorld();
    await ok(openDispute(business, invoiceId, notOwed));
    expect(await ok(sweepDisputeDeadlines())).toBe(0);
    expect(disputes.disputes[0]?.state).toBe("open");
  });

  it("an unanswered offer goes to mediation once the 7 days passed (and only once)", async () => {
    const { ok, clock, disputes, kinds, events } = disputeWorld();
    const dispute = await ok(openDispute(business, invoiceId, notOwed));
    clock.advance(8 * DAY);
    expect(await ok(sweepDisputeDeadlines())).toBe(1);
    expect(disputes.disputes[0]?.state).toBe("in_mediation");
    expect(kinds(dispute.id)).toEqual(["opened", "mediation_started"]);
    expect(events.events.at(-1)).toMatchObject({
      _tag: "DisputeStepTaken",
      by: "system",
      what: "No agreement was reached in time.",
    });
    expect(await ok(sweepDisputeDeadlines())).toBe(0);
  });

  it("an unanswered proposal counts as accepted: resolved at the proposal and settled", async () => {
    const { ok, clock, disputes } = disputeWorld();
    const dispute = await ok(openDispute(business, invoiceId, notOwed));
    await ok(respondToDispute(agent, dispute.id, { action: "reject" }));
    await ok(
      proposeResolution(staff, dispute.id, {
        amountCents: 10_000,
        note: "Two thirds of the leads were real.",
      }),
    );
    clock.advance(3 * DAY);
    expect(await ok(sweepDisputeDeadlines())).toBe(1);
    expect(disputes.disputes[0]).toMatchObject({
      state: "resolved",
      settledAmountCents: 10_000,
      outcome: "amount_reduced",
    });
    expect(disputes.settlements.map((s) => s.id)).toEqual([dispute.id]);
  });
});
