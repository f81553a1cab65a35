import { describe, expect, it } from "vitest";
import { mediationQueue, proposeResolution } from "./mediate-dispute.ts";
import { DisputeId } from "./model.ts";
import { respondToDispute } from "./negotiate-dispute.ts";
import { openDispute } from "./open-dispute.ts";
import { disputeCast, disputeWorld, leftOf, notOwed } from "./testing/world.ts";

const { agent, business, staff, invoiceId, now } = disputeCast;
const note = "Two thirds of the leads were real.";

/** A world whose dispute on invoice 1 the agent rejected: in mediation. */
const inMediation = async () => {
  const world = disputeWorld();
  const dispute = await world.ok(openDispute(business, invoiceId, notOwed));
  await world.ok(respondToDispute(agent, dispute.id, { action: "reject" }));
  world.mailer.sent.length = 0;
  world.events.events.length = 0;
  return { ...world, dispute };
};

describe("proposeResolution", () => {
  it("staff propose a total: proposed with a 2-day answer period, audit-logged, both parties told", async () => {
    const { ok, dispute, audit, mailer, events, kinds } = await inMediation();
    const after = await ok(proposeResolution(staff, dispute.id, { amountCents: 10_000, note: `  ${note} ` }));
    expect(after).toMatchObject({
      state: "proposed",
      proposal: { amountCents: 10_000, note, acceptedBy: [] },
    });
    expect(after.deadline?.getTime()).toBeGreaterThan(now.getTime());
    expect(audit.entries).toEqual([
      {
        actorUserId: staff.id,
        action: "dispute.resolution_proposed",
        subjectType: "dispute",
        subjectId: String(dispute.id),
        before: { state: "in_mediation" },
        after: { state: "proposed", amountCents: 10_000, note },
      },
    ]);
    expect(kinds(dispute.id).at(-1)).toBe("proposed");
    expect(events.events).toMatchObject([{ _tag: "DisputeStepTaken", by: "staff" }]);
    expect(mailer.sent).toHaveLength(2);
    expect(mailer.sent[0]?.text).toContain("Proposed resolution: the business pays $100.00 in total.");
  });

  it("InvalidDispute for a short note; DisputeTransitionRefused while the parties negotiate or above the invoice", async () => {
    const { run, dispute, audit } = await inMediation();
    expect(
      leftOf(await run(proposeResolution(staff, dispute.id, { amountCents: 10_000, note: "short" }))),
    ).toMatchObject({
      _tag: "InvalidDispute",
      errors: [
        { field: "note", message: "Explain the resolution to both parties (at least 10 characters)." },
      ],
    });
    expect(
      leftOf(await run(proposeResolution(staff, dispute.id, { amountCents: 20_000, note }))),
    ).toMatchObject({
      _tag: "DisputeTransitionRefused",
      event: "propose",
      message: "A resolution is between $0.00 and the invoice amount.",
    });
    const fresh = disputeWorld();
    const open = await fresh.ok(openDispute(business, invoiceId, notOwed));
    expect(
      leftOf(await fresh.run(proposeResolution(staff, open.id, { amountCents: 1_000, note }))),
    ).toMatchObject({
      _tag: "DisputeTransitionRefused",
      state: "open",
      message: "A resolution can be proposed only while the dispute is in mediation.",
    });
    expect(audit.entries).toEqual([]);
  });

  it("DisputeNotFound for a dispute that does not exist; NotMediator for a party", async () => {
    const { run, dispute } = await inMediation();
    expect(
      leftOf(await run(proposeResolution(staff, DisputeId.make(99), { amountCents: 1, note }))),
    ).toMatchObject({ _tag: "DisputeNotFound", id: 99 });
    expect(
      leftOf(await run(proposeResolution(business, dispute.id, { amountCents: 1, note }))),
    ).toMatchObject({
      _tag: "NotMediator",
    });
  });
});

describe("mediationQueue", () => {
  it("staff see disputes in mediation or proposed, not open ones, with the clock's now", async () => {
    const { ok, dispute } = await inMediation();
    const queue = await ok(mediationQueue(staff));
    expect(queue.items.map((d) => d.id)).toEqual([dispute.id]);
    expect(queue.now).toEqual(now);
  });

  it("NotMediator for a party", async () => {
    const { run } = await inMediation();
    expect(leftOf(await run(mediationQueue(agent)))).toMatchObject({ _tag: "NotMediator" });
  });
});
