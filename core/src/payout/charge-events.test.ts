/**
 * decideChargeEvent (ADR 0041) and the invoice machine on what it decides (ADR 0049): gateway
 * refunds and card disputes, without I/O.
 */
import { describe, expect, it } from "@effect/vitest";
import { Either } from "effect";
import { displayState, type InvoiceLedger } from "../invoice/index.ts";
import { anInvoice } from "../invoice/testing/index.ts";
import { cents, refundSplit } from "../shared/index.ts";
import {
  type ChargeAction,
  type ChargeEvent,
  type ChargeLedger,
  decideChargeEvent,
  decideChargeWithInvoice,
  type GatewayRefund,
  holdTransferStep,
} from "./charge-events.ts";
import { applyChargeActions } from "./testing/index.ts";

/** The paid invoice of the payment: A$1,100 with A$100 GST and a A$50 fee. */
const paidInvoice = anInvoice({
  amountCents: 110_000,
  subtotalCents: 100_000,
  gstCents: 10_000,
  platformFeeCents: 5_000,
  isPaid: true,
  paidAt: new Date("2026-11-05T00:00:00Z"),
});

/** A$1,100 with A$100 GST and a A$50 fee, nothing refunded yet. */
const ledger = (change: Partial<ChargeLedger> = {}): ChargeLedger => ({
  amountCents: cents(110_000),
  refundedCents: cents(0),
  applicationFeeCents: cents(5_000),
  gstCents: cents(10_000),
  recorded: [],
  terminal: new Set(),
  holds: [],
  invoice: paidInvoice,
  ...change,
});

const refund = (
  id: string,
  amount: number,
  status: GatewayRefund["status"] = "succeeded",
  createdInApp = false,
) => ({
  refundId: id,
  amountCents: cents(amount),
  status,
  createdInApp,
});

const refunded = (...refunds: GatewayRefund[]): ChargeEvent => ({
  id: "evt_1",
  type: "charge.refunded",
  paymentIntentId: "pi_1",
  refunds,
});

const dispute = (status: string, amount = 110_000): ChargeEvent => ({
  id: "evt_d",
  type: status === "won" || status === "lost" ? "charge.dispute.closed" : "charge.dispute.created",
  paymentIntentId: "pi_1",
  dispute: { disputeId: "dp_1", amountCents: cents(amount), status: status as "won" },
});

/** Applies the actions to the ledger as the repository does. */
const apply = (l: ChargeLedger, actions: readonly ChargeAction[]): ChargeLedger =>
  applyChargeActions(l, actions, () => 1);

describe("gateway refunds", () => {
  it("records a partial Dashboard refund with ADR 0011's split, then the rest after it", () => {
    const first = decideChargeEvent(ledger(), refunded(refund("re_1", 10_000)));
    expect(first).toEqual([
      {
        type: "record-refund",
        refundId: "re_1",
        refundedBefore: 0,
        split: refundSplit({
          amountCents: 110_000,
          feeCents: 5_000,
          gstCents: 10_000,
          refundedSoFarCents: 0,
          refundCents: 10_000,
        }),
        reason: "Refunded in the Stripe Dashboard",
      },
    ]);
    const after = apply(ledger(), first);
    const rest = decideChargeEvent(after, refunded(refund("re_1", 10_000), refund("re_2", 100_000)));
    expect(rest).toMatchObject([{ type: "record-refund", refundId: "re_2", refundedBefore: 10_000 }]);
    const done = apply(after, rest);
    const gst = done.recorded.reduce((s, r) => s + r.split.gstRefundCents, 0);
    const fee = done.recorded.reduce((s, r) => s + r.split.feeRefundCents, 0);
    expect({ refunded: done.refundedCents, gst, fee }).toEqual({
      refunded: 110_000,
      gst: 10_000,
      fee: 5_000,
    });
  });

  it("changes nothing on a replay, for an app-made refund, or beyond the amount", () => {
    const once = apply(ledger(), decideChargeEvent(ledger(), refunded(refund("re_1", 10_000))));
    expect(decideChargeEvent(once, refunded(refund("re_1", 10_000)))).toEqual([]);
    expect(decideChargeEvent(ledger(), refunded(refund("re_app", 10_000, "succeeded", true)))).toEqual([]);
    expect(
      decideChargeEvent(ledger({ refundedCents: cents(100_001) }), refunded(refund("re_3", 10_000))),
    ).toEqual([]);
    expect(decideChargeEvent(ledger(), refunded(refund("re_4", 10_000, "requires_action")))).toEqual([]);
  });

  it("reverses a recorded refund that failed, once; a late succeeded for it is ignored", () => {
    const recorded = apply(ledger(), decideChargeEvent(ledger(), refunded(refund("re_1", 5_000, "pending"))));
    const failed = decideChargeEvent(recorded, refunded(refund("re_1", 5_000, "failed")));
    expect(failed.map((a) => a.type)).toEqual(["remember-terminal", "reverse-refund"]);
    const reversed = apply(recorded, failed);
    expect(reversed.refundedCents).toBe(0);
    expect(decideChargeEvent(reversed, refunded(refund("re_1", 5_000, "failed")))).toEqual([]);
    expect(decideChargeEvent(reversed, refunded(refund("re_1", 5_000, "succeeded")))).toEqual([]);
    // Failed before it was ever recorded: remembered, and a later succeeded records nothing.
    const early = apply(ledger(), decideChargeEvent(ledger(), refunded(refund("re_9", 5_000, "canceled"))));
    expect(early.refundedCents).toBe(0);
    expect(decideChargeEvent(early, refunded(refund("re_9", 5_000, "succeeded")))).toEqual([]);
  });
});

describe("card disputes", () => {
  it("holds once while open and releases when won", () => {
    const open = decideChargeEvent(ledger(), dispute("needs_response"));
    // The agent's share of the disputed A$1,100: all but the A$50 fee.
    expect(open).toEqual([
      { type: "open-hold", disputeId: "dp_1", amountCents: 110_000, transferReversalCents: 105_000 },
    ]);
    const held = apply(ledger(), open);
    expect(decideChargeEvent(held, dispute("under_review"))).toEqual([]);
    const won = decideChargeEvent(held, dispute("won"));
    expect(won).toMatchObject([{ type: "close-hold", status: "released", existed: true }]);
    expect(decideChargeEvent(apply(held, won), dispute("won"))).toEqual([]);
    expect(decideChargeEvent(apply(held, won), dispute("needs_response"))).toEqual([]);
  });

  it("a lost dispute reverses the hold and records what is left as a refund, even when it overtakes the opening", () => {
    const partly = ledger({ refundedCents: cents(10_000) });
    const lost = decideChargeEvent(partly, dispute("lost"));
    expect(lost).toMatchObject([
      { type: "close-hold", status: "reversed", existed: false },
      { type: "record-refund", refundId: "dp_1", refundedBefore: 10_000, split: { refundCents: 100_000 } },
    ]);
    const after = apply(partly, lost);
    expect(after.refundedCents).toBe(110_000);
    expect(decideChargeEvent(after, dispute("needs_response"))).toEqual([]);
    expect(decideChargeEvent(after, dispute("lost"))).toEqual([]);
  });
});

const at = new Date("2026-11-28T00:00:00Z");
/** The display state of the machine's facts (a paid invoice: its due date does not matter). */
const shown = (invoice: InvoiceLedger | undefined) =>
  invoice ? displayState({ ...invoice, dueDate: "2026-12-31" }, at) : undefined;
const decided = (l: ChargeLedger, event: ChargeEvent) => decideChargeWithInvoice(l, event, at);

describe("the invoice machine on gateway refunds and card disputes (ADR 0049)", () => {
  it("a Dashboard refund is RefundRecorded: partly refunded, then refunded; a failed one is RefundReversed", () => {
    const first = Either.getOrThrow(decided(ledger(), refunded(refund("re_1", 10_000))));
    expect(first.transition?.invoice).toMatchObject({ refundedCents: 10_000, disputed: false });
    expect(shown(first.transition?.invoice)).toBe("partly_refunded");
    const after = apply({ ...ledger(), invoice: first.transition?.invoice ?? paidInvoice }, first.actions);
    const failed = Either.getOrThrow(decided(after, refunded(refund("re_1", 10_000, "failed"))));
    expect(failed.transition?.invoice.refundedCents).toBe(0);
    // An app-made refund is not the webhook's to record: no invoice event at all.
    expect(Either.getOrThrow(decided(ledger(), refunded(refund("re_a", 1, "succeeded", true))))).toEqual({
      actions: [],
      transition: null,
    });
  });

  it("refuses a Dashboard refund or a card dispute on an invoice under an in-app dispute: nothing to write", () => {
    const underDispute = ledger({ invoice: { ...paidInvoice, disputed: true } });
    expect(Either.isLeft(decided(underDispute, refunded(refund("re_1", 10_000))))).toBe(true);
    const refusal = decided(underDispute, dispute("needs_response"));
    expect(Either.isLeft(refusal) && refusal.left).toMatchObject({
      _tag: "InvoiceTransitionRefused",
      from: "disputed",
      event: "DisputeOpened",
    });
  });

  it("a card dispute shows Disputed while open; won releases it (Paid); lost refunds it (Refunded)", () => {
    const open = Either.getOrThrow(decided(ledger(), dispute("needs_response")));
    const disputedInvoice = open.transition?.invoice ?? paidInvoice;
    expect(shown(disputedInvoice)).toBe("disputed");
    const held = { ...apply(ledger(), open.actions), invoice: disputedInvoice };
    const won = Either.getOrThrow(decided(held, dispute("won")));
    expect(won.transition?.invoice).toMatchObject({ disputed: false, refundedCents: 0 });
    expect(shown(won.transition?.invoice)).toBe("paid");
    const lost = Either.getOrThrow(decided(held, dispute("lost")));
    expect(lost.transition?.invoice).toMatchObject({ disputed: false, refundedCents: 110_000 });
    expect(shown(lost.transition?.invoice)).toBe("refunded");
    // A closing event that overtook the opening: opened and resolved in one decision.
    const overtaken = Either.getOrThrow(decided(ledger(), dispute("lost")));
    expect(overtaken.transition?.before.disputed).toBe(false);
    expect(overtaken.transition?.invoice).toMatchObject({ disputed: false, refundedCents: 110_000 });
  });
});

describe("holdTransferStep", () => {
  const hold = {
    disputeId: "dp_1",
    paymentIntentId: "pi_1",
    status: "held" as const,
    transferReversalCents: cents(105_000),
    reversal: null,
    retransfer: null,
  };
  it("reverses once while held; pays out again once when released after a reversal", () => {
    expect(holdTransferStep(hold)).toEqual({ type: "reverse", amountCents: 105_000 });
    expect(holdTransferStep({ ...hold, reversal: "trr_1" })).toBeNull();
    expect(holdTransferStep({ ...hold, status: "released", reversal: "trr_1" })).toEqual({
      type: "retransfer",
      amountCents: 105_000,
    });
    expect(
      holdTransferStep({ ...hold, status: "released", reversal: "trr_1", retransfer: "tr_2" }),
    ).toBeNull();
  });
  it("nothing to move: released before any reversal, no transfer existed, or nothing to take back", () => {
    expect(holdTransferStep({ ...hold, status: "released" })).toBeNull();
    expect(holdTransferStep({ ...hold, status: "released", reversal: "none" })).toBeNull();
    expect(holdTransferStep({ ...hold, transferReversalCents: cents(0) })).toBeNull();
    expect(holdTransferStep({ ...hold, status: "reversed" })).toEqual({
      type: "reverse",
      amountCents: 105_000,
    });
  });
});
