/**
 * Property-based tests of the whole invoice life cycle (ADR 0040) against a reference model:
 * random sequences of payments, refunds, refund reversals, disputes and resolutions (released, reduced with a credit
 * note, cancelled, refunded). Checked at every step: the machine accepts exactly what the model
 * accepts, with the same facts; refused events change nothing; money is never created or lost
 * (received − refunded = the model's net; the original total = total + credit notes); a cancelled
 * invoice is never payable nor overdue; the display state agrees with the machine state.
 */
import { describe, expect, it } from "@effect/vitest";
import { Either, FastCheck as fc } from "effect";
import { cents } from "../shared/money.ts";
import { refundSplit } from "../shared/tax.ts";
import {
  type DisputeResolution,
  type InvoiceEvent,
  invoiceState,
  netCents,
  receivedCents,
  transitionInvoice,
} from "./invoice-machine.ts";
import { addDays, businessDate, displayState, isOverdue } from "./model.ts";
import { anInvoice } from "./testing/index.ts";

const RUNS = { fastCheck: { numRuns: 500 } };
const start = new Date("2026-11-20T00:00:00Z").getTime();

type Step =
  | { readonly kind: "pay"; readonly full: boolean; readonly off: number }
  | { readonly kind: "refund"; readonly share: number }
  | { readonly kind: "reverse"; readonly share: number }
  | { readonly kind: "open" }
  | { readonly kind: "resolve"; readonly how: DisputeResolution["kind"]; readonly share: number };

/** A share in (0, 1] of some amount, as a fraction of 1,000. */
const share = fc.integer({ min: 1, max: 1000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("pay" as const),
    full: fc.boolean(),
    off: fc.integer({ min: 1, max: 5000 }),
  }),
  fc.record({ kind: fc.constant("refund" as const), share }),
  fc.record({ kind: fc.constant("reverse" as const), share }),
  fc.record({ kind: fc.constant("open" as const) }),
  fc.record({
    kind: fc.constant("resolve" as const),
    how: fc.constantFrom<DisputeResolution["kind"][]>("released", "reduced", "cancelled", "refunded"),
    share,
  }),
);
const scenario = fc.record({
  subtotal: fc.integer({ min: 1, max: 5_000_000 }),
  gstRegistered: fc.boolean(),
  feeBps: fc.integer({ min: 0, max: 2000 }),
  dueInDays: fc.integer({ min: -40, max: 40 }),
  steps: fc.array(step, { maxLength: 14 }),
});

/** The reference model: plain numbers and flags, written independently of the machine. */
interface Model {
  total: number;
  gst: number;
  fee: number;
  subtotal: number;
  paid: boolean;
  cancelled: boolean;
  disputed: boolean;
  /** Sum of every completed payment the invoice accepted. */
  received: number;
  /** Sum of every refund the invoice accepted. */
  refunded: number;
  /** Sum of the credit notes' cents. */
  credited: number;
}

/** The event a step means for the invoice `m` models (amounts drawn as shares of what is there). */
const eventOf = (s: Step, m: Model, at: Date): InvoiceEvent => {
  const left = Math.max(m.total - m.refunded, 0);
  const fraction = "share" in s ? s.share : 1000;
  const part = (of: number) => Math.max(1, Math.floor((of * fraction) / 1000));
  switch (s.kind) {
    case "pay":
      return { type: "PaymentCompleted", amountCents: cents(s.full ? m.total : m.total + s.off), at };
    case "refund":
      return { type: "RefundRecorded", refundCents: cents(part(Math.max(left, 1))), at };
    case "reverse":
      return { type: "RefundReversed", refundCents: cents(part(Math.max(m.refunded, 1))), at };
    case "open":
      return { type: "DisputeOpened", at };
    case "resolve": {
      if (s.how === "released" || s.how === "cancelled")
        return { type: "DisputeResolved", resolution: { kind: s.how }, at };
      if (s.how === "refunded")
        return {
          type: "DisputeResolved",
          resolution: { kind: "refunded", refundCents: cents(part(Math.max(left, 1))) },
          at,
        };
      const split = refundSplit({
        amountCents: m.total,
        feeCents: m.fee,
        gstCents: m.gst,
        refundedSoFarCents: 0,
        refundCents: Math.min(part(m.total), Math.max(m.total - 1, 1)),
      });
      return { type: "DisputeResolved", resolution: { kind: "reduced", split }, at };
    }
  }
};

/** What the model does with the event: the next model, or null when the product refuses it. */
const modelStep = (m: Model, e: InvoiceEvent): Model | null => {
  switch (e.type) {
    case "PaymentCompleted":
      if (m.paid || m.cancelled || m.disputed || e.amountCents !== m.total) return null;
      return { ...m, paid: true, received: m.received + e.amountCents };
    case "RefundRecorded":
      if (!m.paid || m.cancelled || m.disputed || m.refunded + e.refundCents > m.received) return null;
      return { ...m, refunded: m.refunded + e.refundCents };
    case "RefundReversed":
      if (!m.paid || m.cancelled || e.refundCents > m.refunded) return null;
      return { ...m, refunded: m.refunded - e.refundCents };
    case "DisputeOpened":
      if (m.cancelled || m.disputed || (m.paid && m.refunded >= m.received)) return null;
      return { ...m, disputed: true };
    case "DisputeResolved": {
      if (!m.disputed) return null;
      const r = e.resolution;
      const ended = { ...m, disputed: false };
      if (r.kind === "released") return ended;
      if (r.kind === "cancelled") return m.paid ? null : { ...ended, cancelled: true };
      if (r.kind === "refunded")
        return !m.paid || m.refunded + r.refundCents > m.received
          ? null
          : { ...ended, refunded: m.refunded + r.refundCents };
      const x = r.split;
      if (m.paid || x.refundCents >= m.total) return null;
      return {
        ...ended,
        total: m.total - x.refundCents,
        gst: m.gst - x.gstRefundCents,
        subtotal: m.subtotal - (x.refundCents - x.gstRefundCents),
        fee: m.fee - x.feeRefundCents,
        credited: m.credited + x.refundCents,
      };
    }
  }
};

describe("invoice life cycle against a reference model", () => {
  it.prop(
    "same decisions and facts as the model; money never created or lost; cancelled never payable nor overdue",
    [scenario],
    ([v]) => {
      const gst = v.gstRegistered ? Math.floor((v.subtotal + 5) / 10) : 0;
      const total = v.subtotal + gst;
      const fee = Math.min(Math.floor((v.subtotal * v.feeBps) / 10_000), total);
      const created = new Date(start);
      let invoice = anInvoice({
        amountCents: total,
        subtotalCents: v.subtotal,
        gstCents: gst,
        platformFeeCents: fee,
        dueDate: addDays(businessDate(created), v.dueInDays),
      });
      let model: Model = {
        total,
        gst,
        fee,
        subtotal: v.subtotal,
        paid: false,
        cancelled: false,
        disputed: false,
        received: 0,
        refunded: 0,
        credited: 0,
      };
      v.steps.forEach((s, i) => {
        const at = new Date(start + (i + 1) * 86_400_000);
        const event = eventOf(s, model, at);
        const before = structuredClone(invoice);
        const result = transitionInvoice(invoice, event);
        const expected = modelStep(model, event);
        expect(invoice).toEqual(before);
        expect(Either.isRight(result)).toBe(expected !== null);
        if (Either.isLeft(result) || expected === null) {
          if (model.cancelled && event.type === "PaymentCompleted") expect(Either.isLeft(result)).toBe(true);
          return;
        }
        invoice = result.right;
        model = expected;
        expect({
          total: invoice.amountCents,
          gst: invoice.gstCents,
          fee: invoice.platformFeeCents,
          subtotal: invoice.subtotalCents,
          paid: invoice.isPaid,
          cancelled: invoice.cancelledAt !== null,
          disputed: invoice.disputed,
        }).toEqual({
          total: model.total,
          gst: model.gst,
          fee: model.fee,
          subtotal: model.subtotal,
          paid: model.paid,
          cancelled: model.cancelled,
          disputed: model.disputed,
        });
        // Money never created or lost.
        expect(receivedCents(invoice)).toBe(model.received);
        expect(invoice.refundedCents).toBe(model.refunded);
        expect(netCents(invoice)).toBe(model.received - model.refunded);
        expect(netCents(invoice)).toBeGreaterThanOrEqual(0);
        expect(invoice.amountCents + model.credited).toBe(total);
        expect(invoice.amountCents).toBeGreaterThanOrEqual(1);
        expect(invoice.subtotalCents + invoice.gstCents).toBe(invoice.amountCents);
        expect(invoice.platformFeeCents).toBeGreaterThanOrEqual(0);
        if (event.type === "PaymentCompleted") expect(invoice.paidAt).toEqual(at);
      });
      // Cancelled: never payable, never overdue, however late; the display follows the machine.
      const later = new Date(start + 400 * 86_400_000);
      const state = invoiceState(invoice);
      if (model.cancelled) {
        const pay = transitionInvoice(invoice, {
          type: "PaymentCompleted",
          amountCents: invoice.amountCents,
          at: later,
        });
        expect(Either.isLeft(pay)).toBe(true);
        expect(isOverdue(invoice, later)).toBe(false);
        expect(displayState(invoice, later)).toBe("cancelled");
      }
      const shown = displayState(invoice, later);
      const expectedShown = {
        cancelled: "cancelled",
        disputed: "disputed",
        paid: "paid",
        partially_refunded: "partly_refunded",
        refunded: "refunded",
        issued: invoice.dueDate < businessDate(later) ? "overdue" : "pending",
      }[state];
      expect(shown).toBe(expectedShown);
    },
    RUNS,
  );
});
