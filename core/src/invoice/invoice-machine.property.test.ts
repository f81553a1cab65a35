/**
 * Property-based tests of the invoice machine (spec §4 Invoice): random sequences of
 * PaymentCompleted events, some for the full amount and some not, against its invariants:
 * paid exactly once, paid is terminal, a refused event leaves the invoice unchanged.
 */
import { describe, expect, it } from "@effect/vitest";
import { Either, FastCheck as fc } from "effect";
import { type InvoiceEvent, invoiceState, transitionInvoice } from "./invoice-machine.ts";
import { anInvoice } from "./testing/index.ts";

const RUNS = { fastCheck: { numRuns: 500 } };
const start = new Date("2026-11-20T00:00:00Z").getTime();
/** Whatever type the event's amount has (integer cents). */
const cents = (value: number) => value as Extract<InvoiceEvent, { type: "PaymentCompleted" }>["amountCents"];

/** An invoice amount ($0.01 to $100,000) and up to 8 completed payments, each full or not. */
const scenario = fc.record({
  amount: fc.integer({ min: 1, max: 10_000_000 }),
  payments: fc.array(
    fc.record({
      full: fc.boolean(),
      off: fc.integer({ min: -10_000_000, max: 10_000_000 }).filter((n) => n !== 0),
      gapMinutes: fc.integer({ min: 1, max: 10_000 }),
    }),
    { maxLength: 8 },
  ),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** The scenario's events, one to 10,000 minutes apart. */
function eventsOf({ amount, payments }: Scenario) {
  let at = start;
  return payments.map(({ full, off, gapMinutes }) => {
    at += gapMinutes * 60_000;
    return {
      type: "PaymentCompleted" as const,
      amountCents: cents(full ? amount : amount + off),
      at: new Date(at),
    };
  });
}

describe("invoice machine properties", () => {
  it.prop(
    "paid exactly once: by the first full payment, and only if there is one",
    [scenario],
    ([value]) => {
      let invoice = anInvoice({ amountCents: cents(value.amount) });
      const events = eventsOf(value);
      let paidTimes = 0;
      for (const event of events) {
        const result = transitionInvoice(invoice, event);
        if (Either.isRight(result)) {
          paidTimes += 1;
          invoice = result.right;
        }
      }
      const firstFull = events.find((e) => e.amountCents === value.amount);
      expect(paidTimes).toBe(firstFull ? 1 : 0);
      expect(invoiceState(invoice)).toBe(firstFull ? "paid" : "issued");
      expect(invoice.paidAt).toEqual(firstFull?.at ?? null);
    },
    RUNS,
  );

  it.prop(
    "paid is terminal: every later event is refused as InvoiceAlreadyPaid",
    [scenario],
    ([value]) => {
      const paid = anInvoice({ amountCents: cents(value.amount), isPaid: true, paidAt: new Date(start) });
      for (const event of eventsOf(value)) {
        const result = transitionInvoice(paid, event);
        expect(Either.isLeft(result) && result.left._tag).toBe("InvoiceAlreadyPaid");
      }
    },
    RUNS,
  );

  it.prop(
    "a refused event leaves the invoice unchanged; a partial payment is a PaymentAmountMismatch",
    [scenario],
    ([value]) => {
      let invoice = anInvoice({ amountCents: cents(value.amount) });
      for (const event of eventsOf(value)) {
        const before = structuredClone(invoice);
        const result = transitionInvoice(invoice, event);
        expect(invoice).toEqual(before);
        if (Either.isRight(result)) {
          expect(result.right).toEqual({ ...before, isPaid: true, paidAt: event.at });
          invoice = result.right;
        } else if (!before.isPaid) {
          expect(result.left).toMatchObject({
            _tag: "PaymentAmountMismatch",
            expectedCents: value.amount,
            paidCents: event.amountCents,
          });
        }
      }
    },
    RUNS,
  );
});
