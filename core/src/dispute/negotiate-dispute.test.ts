import { describe, expect, it } from "vitest";
import { proposeResolution } from "./mediate-dispute.ts";
import {
  answerProposal,
  postDisputeMessage,
  respondToDispute,
  withdrawDispute,
} from "./negotiate-dispute.ts";
import { openDispute } from "./open-dispute.ts";
import { DAY, disputeCast, disputeWorld, leftOf, notOwed } from "./testing/world.ts";

const { agent, business, stranger, staff, invoiceId, now } = disputeCast;

/** A world with the business's dispute open on invoice 1 (offer $50.00); mails and events cleared. */
const opened = async () => {
  const world = disputeWorld();
  const dispute = await world.ok(openDispute(business, invoiceId, notOwed));
  world.mailer.sent.length = 0;
  world.events.events.length = 0;
  return { ...world, dispute };
};

describe("openDispute", () => {
  it("the offer on the table is the opener's claim; the opener's line starts the timeline", async () => {
    const { dispute, kinds, disputes } = await opened();
    expect(dispute).toMatchObject({
      state: "open",
      opener: "business",
      invoicePaid: false,
      offer: { by: "business", amountCents: 5_000 },
      // The end of Monday 30 November in Sydney (midnight AEDT), 7 calendar days after opening.
      deadline: new Date("2026-11-30T13:00:00Z"),
      reason: "amount_not_owed",
    });
    expect(disputes.disputes).toHaveLength(1);
    expect(kinds(dispute.id)).toEqual(["opened"]);
  });

  it("InvalidDispute on a paid invoice names the paid reasons; on a refunded one the invoice", async () => {
    const world = disputeWorld();
    world.invoices.rows[0] = { ...world.invoices.rows[0]!, isPaid: true, paidAt: now };
    expect(leftOf(await world.run(openDispute(agent, invoiceId, notOwed)))).toMatchObject({
      _tag: "InvalidDispute",
      errors: [
        {
          field: "reason",
          message: "For a paid invoice choose “Charged in error” or “Services not delivered”.",
        },
      ],
    });
    world.invoices.rows[0] = { ...world.invoices.rows[0]!, refundedCents: 15_000 as never };
    const result = await world.run(
      openDispute(business, invoiceId, { ...notOwed, reason: "charged_in_error", claimedCents: 0 }),
    );
    expect(leftOf(result)).toMatchObject({
      _tag: "InvalidDispute",
      errors: [
        { field: "claimedAmount", message: "The amount owed is from $0.00 to less than $0.00." },
        { field: "invoiceId", message: "This invoice has been refunded in full." },
      ],
    });
    expect(world.disputes.disputes).toEqual([]);
  });

  it("ProfileNotFound for a user without a profile; nothing is opened", async () => {
    const world = disputeWorld();
    const nobody = { ...agent, id: 99 } as typeof agent;
    expect(leftOf(await world.run(openDispute(nobody, invoiceId, notOwed)))).toMatchObject({
      _tag: "ProfileNotFound",
      kind: "agent",
    });
    expect(world.disputes.disputes).toEqual([]);
  });
});

describe("respondToDispute", () => {
  it("a counter-offer puts the other party's amount on the table with a new 7-day deadline", async () => {
    const { ok, dispute, clock, kinds, mailer, events } = await opened();
    clock.advance(DAY);
    const after = await ok(
      respondToDispute(agent, dispute.id, {
        action: "counter",
        amountCents: 12_000,
        message: " Half were real. ",
      }),
    );
    expect(after).toMatchObject({
      state: "open",
      offer: { by: "agent", amountCents: 12_000 },
      deadline: new Date("2026-12-01T13:00:00Z"),
    });
    expect(kinds(dispute.id)).toEqual(["opened", "counter_offer"]);
    expect(events.events).toMatchObject([
      { _tag: "DisputeStepTaken", by: "agent", what: "The agent offered $120.00." },
    ]);
    expect(mailer.sent.map((m) => m.to)).toEqual(["business@example.com", "agent@example.com"]);
    expect(mailer.sent[0]?.text).toContain("The business has until");
  });

  it("rejecting sends the dispute to mediation; nothing is settled", async () => {
    const { ok, dispute, kinds, disputes } = await opened();
    const after = await ok(respondToDispute(agent, dispute.id, { action: "reject" }));
    expect(after.state).toBe("in_mediation");
    expect(kinds(dispute.id)).toEqual(["opened", "rejected", "mediation_started"]);
    expect(disputes.settlements).toEqual([]);
  });

  it("accepting a counter of $0 cancels the invoice (settled once, plan cancel)", async () => {
    const { ok, dispute, disputes } = await opened();
    await ok(respondToDispute(agent, dispute.id, { action: "counter", amountCents: 0 }));
    const after = await ok(respondToDispute(business, dispute.id, { action: "accept" }));
    expect(after).toMatchObject({ state: "resolved", settledAmountCents: 0, outcome: "invoice_cancelled" });
    expect(disputes.settlements.map((s) => s.plan.kind)).toEqual(["cancel"]);
  });

  it("DisputeTransitionRefused for an offer above the invoice; DisputeNotFound for staff and strangers", async () => {
    const { run, dispute } = await opened();
    expect(
      leftOf(await run(respondToDispute(agent, dispute.id, { action: "counter", amountCents: 15_001 }))),
    ).toMatchObject({
      _tag: "DisputeTransitionRefused",
      state: "open",
      event: "counter",
      message: "An offer is between $0.00 and the invoice amount.",
    });
    for (const user of [staff, stranger])
      expect(leftOf(await run(respondToDispute(user, dispute.id, { action: "accept" })))).toMatchObject({
        _tag: "DisputeNotFound",
        id: dispute.id,
      });
  });
});

describe("withdrawDispute", () => {
  it("DisputeTransitionRefused for the other party; a withdrawn dispute refuses further steps", async () => {
    const { run, ok, dispute } = await opened();
    expect(leftOf(await run(withdrawDispute(agent, dispute.id)))).toMatchObject({
      _tag: "DisputeTransitionRefused",
      event: "withdraw",
      message: "Only the party who opened the dispute can withdraw it.",
    });
    await ok(withdrawDispute(business, dispute.id));
    expect(leftOf(await run(withdrawDispute(business, dispute.id)))).toMatchObject({
      _tag: "DisputeTransitionRefused",
      state: "withdrawn",
      message: "This dispute is already withdrawn.",
    });
  });
});

describe("answerProposal", () => {
  /** Opened, rejected by the agent, and staff proposed $100.00. */
  const withProposal = async () => {
    const world = await opened();
    await world.ok(respondToDispute(agent, world.dispute.id, { action: "reject" }));
    await world.ok(
      proposeResolution(staff, world.dispute.id, {
        amountCents: 10_000,
        note: "Two thirds of the leads were real.",
      }),
    );
    return world;
  };

  it("both parties accepting resolves at the proposal and settles by reducing the invoice", async () => {
    const { ok, dispute, disputes, kinds } = await withProposal();
    const first = await ok(answerProposal(agent, dispute.id, true));
    expect(first).toMatchObject({ state: "proposed", proposal: { acceptedBy: ["agent"] } });
    const second = await ok(answerProposal(business, dispute.id, true));
    expect(second).toMatchObject({
      state: "resolved",
      settledAmountCents: 10_000,
      outcome: "amount_reduced",
    });
    expect(kinds(dispute.id).slice(-3)).toEqual(["proposal_accepted", "proposal_accepted", "resolved"]);
    expect(disputes.settlements.map((s) => s.plan.kind)).toEqual(["reduce"]);
  });

  it("a rejection sends it back to mediation with a fresh deadline", async () => {
    const { ok, dispute } = await withProposal();
    const after = await ok(answerProposal(business, dispute.id, false));
    expect(after).toMatchObject({ state: "in_mediation", proposal: null });
    expect(after.deadline).not.toBeNull();
  });

  it("DisputeTransitionRefused without a proposal and for a second acceptance", async () => {
    const plain = await opened();
    expect(leftOf(await plain.run(answerProposal(agent, plain.dispute.id, true)))).toMatchObject({
      _tag: "DisputeTransitionRefused",
      event: "accept_proposal",
      message: "There is no proposed resolution to answer.",
    });
    const { run, ok, dispute } = await withProposal();
    await ok(answerProposal(agent, dispute.id, true));
    expect(leftOf(await run(answerProposal(agent, dispute.id, true)))).toMatchObject({
      _tag: "DisputeTransitionRefused",
      message: "You have already accepted this resolution.",
    });
  });
});

describe("postDisputeMessage", () => {
  it("parties and staff write on the timeline; both parties are emailed", async () => {
    const { ok, dispute, disputes, mailer } = await opened();
    await ok(postDisputeMessage(agent, dispute.id, "  I can send the call logs.  "));
    await ok(postDisputeMessage(staff, dispute.id, "Please upload them as evidence."));
    expect(disputes.timeline.slice(-2).map((t) => [t.line.actor, t.line.message])).toEqual([
      ["agent", "I can send the call logs."],
      ["staff", "Please upload them as evidence."],
    ]);
    expect(mailer.sent).toHaveLength(4);
    expect(mailer.sent[2]?.text).toBe("Closr's mediation team wrote:\n\nPlease upload them as evidence.");
  });

  it("InvalidDispute for an empty message; DisputeTransitionRefused once withdrawn; DisputeNotFound for strangers", async () => {
    const { run, ok, dispute, disputes } = await opened();
    expect(leftOf(await run(postDisputeMessage(agent, dispute.id, "   ")))).toMatchObject({
      _tag: "InvalidDispute",
      errors: [{ field: "message", message: "A message is 1 to 2,000 characters." }],
    });
    expect(leftOf(await run(postDisputeMessage(stranger, dispute.id, "Hello")))).toMatchObject({
      _tag: "DisputeNotFound",
    });
    await ok(withdrawDispute(business, dispute.id));
    expect(leftOf(await run(postDisputeMessage(agent, dispute.id, "Hello")))).toMatchObject({
      _tag: "DisputeTransitionRefused",
      event: "message",
      message: "This dispute is already withdrawn.",
    });
    expect(disputes.timeline.filter((t) => t.line.kind === "message")).toEqual([]);
  });
});
