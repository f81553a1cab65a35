import { describe, expect, it } from "vitest";
import { InvoiceId } from "../shared/ids.ts";
import { DisputeId } from "./model.ts";
import { postDisputeMessage } from "./negotiate-dispute.ts";
import { openDispute } from "./open-dispute.ts";
import { getDispute, getDisputeCreditNote, listInvoiceDisputes, listMyDisputes } from "./read-disputes.ts";
import { disputeCast, disputeWorld, leftOf, notOwed } from "./testing/world.ts";

const { agent, business, stranger, staff, invoiceId, now } = disputeCast;

const opened = async () => {
  const world = disputeWorld();
  const dispute = await world.ok(openDispute(business, invoiceId, notOwed));
  return { ...world, dispute };
};

describe("getDispute", () => {
  it("the parties and staff read the dispute with its timeline, each as its viewer", async () => {
    const { ok, dispute } = await opened();
    await ok(postDisputeMessage(agent, dispute.id, "I can send the call logs."));
    const read = await ok(getDispute(agent, dispute.id));
    expect(read).toMatchObject({ viewer: "agent", now, dispute: { id: dispute.id, state: "open" } });
    expect(read.timeline.map((t) => t.kind)).toEqual(["opened", "message"]);
    expect((await ok(getDispute(business, dispute.id))).viewer).toBe("business");
    expect((await ok(getDispute(staff, dispute.id))).viewer).toBe("staff");
  });

  it("DisputeNotFound for an unknown id", async () => {
    const { run } = await opened();
    expect(leftOf(await run(getDispute(staff, DisputeId.make(99))))).toMatchObject({
      _tag: "DisputeNotFound",
      id: 99,
    });
  });
});

describe("listMyDisputes and listInvoiceDisputes", () => {
  it("each party lists its disputes; a party without any lists none", async () => {
    const { ok, dispute } = await opened();
    expect((await ok(listMyDisputes(business))).items.map((d) => d.id)).toEqual([dispute.id]);
    expect((await ok(listMyDisputes(stranger))).items).toEqual([]);
    expect((await ok(listInvoiceDisputes(agent, invoiceId))).map((d) => d.id)).toEqual([dispute.id]);
  });

  it("InvoiceNotFound for a stranger's look at the invoice, and for an unknown invoice", async () => {
    const { run } = await opened();
    expect(leftOf(await run(listInvoiceDisputes(stranger, invoiceId)))).toMatchObject({
      _tag: "InvoiceNotFound",
      id: 1,
    });
    expect(leftOf(await run(listInvoiceDisputes(agent, InvoiceId.make(9))))).toMatchObject({
      _tag: "InvoiceNotFound",
      id: 9,
    });
  });
});

describe("getDisputeCreditNote", () => {
  const note = {
    id: 3,
    amountCents: 10_000,
    gstCents: 0,
    feeCents: 500,
    originalAmountCents: 15_000,
    createdAt: new Date("2026-11-24T00:00:00Z"),
  } as never;

  it("the credit note of a reduced invoice, with the invoice as it stands", async () => {
    const { ok, dispute, disputes } = await opened();
    disputes.creditNotes.set(dispute.id, note);
    const read = await ok(getDisputeCreditNote(business, dispute.id));
    expect(read.note).toBe(note);
    expect(read.invoice).toMatchObject({ id: 1, amountCents: 15_000 });
    expect(read.dispute.id).toBe(dispute.id);
  });

  it("DisputeNotFound without a credit note, and for a stranger even with one", async () => {
    const { run, dispute, disputes } = await opened();
    expect(leftOf(await run(getDisputeCreditNote(agent, dispute.id)))).toMatchObject({
      _tag: "DisputeNotFound",
      id: dispute.id,
    });
    disputes.creditNotes.set(dispute.id, note);
    expect(leftOf(await run(getDisputeCreditNote(stranger, dispute.id)))).toMatchObject({
      _tag: "DisputeNotFound",
    });
  });
});
