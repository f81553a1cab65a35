/**
 * Property-based tests of the payment machine (spec §4 Payment; issue 5): random sequences of
 * gateway events against its invariants: refunded absorbs, a payment completes at most once
 * (and so its invoice is paid exactly once), a refused event leaves the payment unchanged,
 * the transaction id is there iff it succeeded, and transitionPaymentAll is the fold.
 */
import { describe, expect, it } from "@effect/vitest";
import { Either, FastCheck as fc } from "effect";
import { transitionInvoice } from "../invoice/index.ts";
import { anInvoice } from "../invoice/testing/index.ts";
import type { PaymentStatus } from "./model.ts";
import { type PaymentEvent, transitionPayment, transitionPaymentAll } from "./payment-machine.ts";
import { aPayment } from "./testing/index.ts";

const RUNS = { fastCheck: { numRuns: 500 } };
const at = new Date("2026-11-25T00:00:00Z");

const event: fc.Arbitrary<PaymentEvent> = fc.oneof(
  fc.constant({ type: "start" as const }),
  fc.record({
    type: fc.constant("succeed" as const),
    transactionId: fc.option(fc.stringMatching(/^ch_[a-z0-9]{4}$/)),
  }),
  fc.record({
    type: fc.constant("fail" as const),
    message: fc.constantFrom("Your card was declined.", "Expired card"),
  }),
  fc.constant({ type: "retry" as const }),
  fc.constant({ type: "refund" as const }),
);
const events = fc.array(event, { maxLength: 15 });
const status = fc.constantFrom<PaymentStatus>("pending", "processing", "completed", "failed", "refunded");

/** The machine's table (issue 5), written out again as the reference model. */
const model: Record<PaymentStatus, Partial<Record<PaymentEvent["type"], PaymentStatus>>> = {
  pending: { start: "processing", fail: "failed" },
  processing: { succeed: "completed", fail: "failed" },
  failed: { retry: "processing" },
  completed: { refund: "refunded" },
  refunded: {},
};

describe("payment machine properties", () => {
  it.prop(
    "the status follows the reference model; a refused event leaves the payment unchanged",
    [status, events],
    ([from, sequence]) => {
      let payment = aPayment({ status: from });
      for (const e of sequence) {
        const before = structuredClone(payment);
        const result = transitionPayment(payment, e, at);
        expect(payment).toEqual(before);
        const target = model[payment.status][e.type];
        if (Either.isLeft(result)) {
          expect(target).toBeUndefined();
          expect(result.left).toMatchObject({
            _tag: "PaymentTransitionNotAllowed",
            from: before.status,
            event: e.type,
          });
        } else {
          expect(result.right.status).toBe(target);
          payment = result.right;
        }
      }
    },
    RUNS,
  );

  it.prop(
    "refunded absorbs: every event is refused",
    [events],
    ([sequence]) => {
      const refunded = aPayment({ status: "refunded" });
      for (const e of sequence) expect(Either.isLeft(transitionPayment(refunded, e, at))).toBe(true);
    },
    RUNS,
  );

  it.prop(
    "paid exactly once: a payment completes at most once, and its invoice is paid once",
    [events],
    ([sequence]) => {
      let payment = aPayment();
      let invoice = anInvoice({ amountCents: payment.amountCents });
      let completions = 0;
      let invoicePaid = 0;
      for (const e of sequence) {
        const result = transitionPayment(payment, e, at);
        if (Either.isLeft(result)) continue;
        if (result.right.status === "completed" && payment.status !== "completed") {
          completions += 1;
          const paid = transitionInvoice(invoice, {
            type: "PaymentCompleted",
            amountCents: payment.amountCents,
            at,
          });
          if (Either.isRight(paid)) {
            invoicePaid += 1;
            invoice = paid.right;
          }
        }
        payment = result.right;
      }
      expect(completions).toBeLessThanOrEqual(1);
      expect(invoicePaid).toBe(completions);
      expect(invoice.isPaid).toBe(completions === 1);
    },
    RUNS,
  );

  it.prop(
    "after a success the transaction id is the gateway's and the failure message is cleared",
    [events],
    ([sequence]) => {
      let payment = aPayment();
      let succeeded: Extract<PaymentEvent, { type: "succeed" }> | undefined;
      for (const e of sequence) {
        const result = transitionPayment(payment, e, at);
        if (Either.isLeft(result)) continue;
        payment = result.right;
        if (e.type === "succeed") succeeded = e;
        if (payment.status === "completed" || payment.status === "refunded") {
          expect(payment.transactionId).toBe(succeeded?.transactionId);
          expect(payment.failureMessage).toBeNull();
        } else expect(payment.transactionId).toBeNull();
        if (payment.status === "failed") expect(payment.failureMessage).toEqual(expect.any(String));
      }
    },
    RUNS,
  );

  it.prop(
    "transitionPaymentAll is the fold that stops at the first refusal",
    [status, events],
    ([from, sequence]) => {
      const initial = aPayment({ status: from });
      let folded: Either.Either<typeof initial, unknown> = Either.right(initial);
      for (const e of sequence) {
        if (Either.isLeft(folded)) break;
        folded = transitionPayment(folded.right, e, at);
      }
      expect(transitionPaymentAll(initial, sequence, at)).toEqual(folded);
    },
    RUNS,
  );
});
