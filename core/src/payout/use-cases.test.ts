/** Payout use cases without a database (issue 14, ADR 0011): refunds, tax documents, earnings. */
import { Effect, Either, Layer, Option } from "effect";
import { describe, expect, it } from "vitest";
import { aUser } from "../identity/testing/index.ts";
import { displayState } from "../invoice/index.ts";
import { anInvoice, makeInvoiceMemory } from "../invoice/testing/index.ts";
import { PaymentGateway } from "../payment/index.ts";
import { aPayment } from "../payment/testing/index.ts";
import { aBusinessProfile, anAgentProfile, makeProfilesMemory } from "../profiles/testing/index.ts";
import { makeTestClock } from "../shared/clock.ts";
import { InvoiceId, PaymentId, PayoutRefundId } from "../shared/ids.ts";
import { cents } from "../shared/money.ts";
import { makeAuditLogMemory } from "../shared/testing.ts";
import { getEarnings } from "./earnings.ts";
import { getCreditNote, getFeeDocument, getInvoiceDocument } from "./payout-documents.ts";
import { PayoutRefundRepository } from "./ports.ts";
import { listInvoiceRefunds, listRefundablePayments, refundPayment } from "./refunds.ts";
import { anEarning, businessAbnStub, makePayoutRefundMemory } from "./testing/index.ts";

const now = new Date("2026-11-28T00:00:00Z");
/** Business profile 1 (user 1) and agent profile 1 (user 2) are the invoice's parties; user 3 is another agent. */
const business = aUser(1, "business");
const agent = aUser(2, "agent");
const otherAgent = aUser(3, "agent");
const noProfile = aUser(4, "business");
const staff = aUser(9, "business", { role: "admin" });

/** Invoice 1 ($150.00, GST $13.64, fee $7.50) paid by payment 1 (completed, pi_1). */
const paidInvoice = anInvoice({ isPaid: true, paidAt: new Date("2026-11-10T00:00:00Z"), gstCents: 1_364 });
const completed = aPayment({ status: "completed", applicationFeeCents: 750 });

/** A recording PaymentGateway: each refund call with its idempotency key and partial amount. */
const makeRefundGateway = () => {
  const calls: { id: string; key: string; amountCents: number | undefined }[] = [];
  const layer = Layer.succeed(PaymentGateway, {
    kind: "local",
    publishableKey: null,
    createPaymentIntent: () => Effect.die("not used by refunds"),
    retrievePaymentIntent: () => Effect.die("not used by refunds"),
    cancelPaymentIntent: () => Effect.die("not used by refunds"),
    refundPaymentIntent: (id, key, partial) =>
      Effect.sync(() => {
        calls.push({ id, key, amountCents: partial?.amountCents });
        return { refundId: `re_${calls.length}` };
      }),
    reverseChargeTransfer: () => Effect.die("not used by refunds"),
    transferToDestination: () => Effect.die("not used by refunds"),
    parseWebhook: () => Effect.die("not used by refunds"),
  });
  return { layer, calls };
};

const world = (payment = completed, invoice = paidInvoice) => {
  const profiles = makeProfilesMemory();
  profiles.businesses.push(aBusinessProfile({ id: 1, userId: 1 }));
  profiles.agents.push(anAgentProfile({ id: 1, userId: 2 }), anAgentProfile({ id: 3, userId: 3 }));
  const invoices = makeInvoiceMemory();
  invoices.rows.push(invoice);
  const refunds = makePayoutRefundMemory(
    [{ payment, invoice }],
    [
      anEarning("2026-10-05T00:00:00Z", 10_000, 500),
      anEarning("2026-11-27T00:00:00Z", 20_000, 1_000, { paymentId: 2, refunded: 5_000, feeRefunded: 250 }),
      anEarning("2026-11-20T00:00:00Z", 99_999, 0, { agentId: 3, paymentId: 3 }),
    ],
  );
  const gateway = makeRefundGateway();
  const audit = makeAuditLogMemory();
  const layer = Layer.mergeAll(
    profiles.layer,
    invoices.layer,
    refunds.layer,
    gateway.layer,
    audit.layer,
    businessAbnStub({ 1: "51824753556" }),
    makeTestClock(now).layer,
  );
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, layer) as Effect.Effect<A, E, never>));
  return { refunds, gateway, audit, run };
};

const leftOf = (result: Either.Either<unknown, unknown>) => (Either.isLeft(result) ? result.left : "Right");

describe("refundPayment", () => {
  it("refunds part of a completed payment with the fee and GST split, records it and audits it", async () => {
    const { run, refunds, gateway, audit } = world();
    const refund = Either.getOrThrow(
      await run(refundPayment(staff, completed.id, { amountCents: cents(5_000), reason: "  Duplicate  " })),
    );
    expect(refund).toMatchObject({
      id: 1,
      paymentId: 1,
      invoiceId: 1,
      amountCents: 5_000,
      feeRefundCents: 250,
      transferReversalCents: 4_750,
      gstRefundCents: 455,
      gatewayRefundId: "re_1",
      reason: "Duplicate",
    });
    expect(gateway.calls).toEqual([{ id: "pi_1", key: "closr-refund-1-0-5000", amountCents: 5_000 }]);
    expect(refunds.payments[0]?.payment).toMatchObject({ refundedCents: 5_000, status: "completed" });
    expect(audit.entries).toEqual([
      expect.objectContaining({
        actorUserId: 9,
        action: "payment.refunded",
        subjectType: "payment",
        subjectId: "1",
        before: { status: "completed", refundedCents: 0 },
        after: expect.objectContaining({ refundedCents: 5_000, refundId: 1, reason: "Duplicate" }),
      }),
    ]);
  });

  it("refunding the rest marks the payment refunded; the fee and GST add up exactly", async () => {
    const { run, refunds } = world();
    await run(refundPayment(staff, completed.id, { amountCents: cents(5_000), reason: "" }));
    const rest = Either.getOrThrow(
      await run(refundPayment(staff, completed.id, { amountCents: cents(10_000), reason: "" })),
    );
    expect(rest).toMatchObject({ feeRefundCents: 500, gstRefundCents: 909, reason: "Refund" });
    expect(refunds.payments[0]?.payment).toMatchObject({ refundedCents: 15_000, status: "refunded" });
    expect(refunds.refunds.map((r) => r.feeRefundCents)).toEqual([250, 500]);
  });

  it("StaffOnly for a member; RefundPaymentNotFound for an unknown payment", async () => {
    const { run, gateway } = world();
    expect(
      leftOf(await run(refundPayment(business, completed.id, { amountCents: cents(100), reason: "" }))),
    ).toEqual(expect.objectContaining({ _tag: "StaffOnly", action: "refund payments" }));
    expect(
      leftOf(await run(refundPayment(staff, PaymentId.make(99), { amountCents: cents(100), reason: "" }))),
    ).toEqual(expect.objectContaining({ _tag: "RefundPaymentNotFound", id: 99 }));
    expect(gateway.calls).toEqual([]);
  });

  it("RefundNotAllowed: a pending payment, a non-positive amount, more than is left", async () => {
    const pending = world(aPayment({ status: "pending" }));
    expect(
      leftOf(await pending.run(refundPayment(staff, completed.id, { amountCents: cents(100), reason: "" }))),
    ).toMatchObject({ _tag: "RefundNotAllowed", reason: "not-completed" });
    const { run, gateway, refunds } = world();
    expect(
      leftOf(await run(refundPayment(staff, completed.id, { amountCents: cents(0), reason: "" }))),
    ).toEqual(
      expect.objectContaining({ reason: "not-positive", message: "Amount must be a positive number" }),
    );
    expect(
      leftOf(await run(refundPayment(staff, completed.id, { amountCents: cents(15_001), reason: "" }))),
    ).toEqual(
      expect.objectContaining({
        _tag: "RefundNotAllowed",
        reason: "too-much",
        message: "At most 150.00 AUD is left to refund on this payment.",
      }),
    );
    expect(gateway.calls).toEqual([]);
    expect(refunds.refunds).toEqual([]);
  });

  it("the invoice machine decides first (ADR 0049): a disputed invoice refuses with InvoiceTransitionRefused, no money moves", async () => {
    const { run, gateway, refunds, audit } = world(completed, { ...paidInvoice, disputed: true });
    const result = await run(refundPayment(staff, completed.id, { amountCents: cents(1_000), reason: "x" }));
    expect(leftOf(result)).toMatchObject({
      _tag: "InvoiceTransitionRefused",
      id: 1,
      from: "disputed",
      event: "RefundRecorded",
    });
    expect(gateway.calls).toEqual([]);
    expect(refunds.refunds).toEqual([]);
    expect(refunds.payments[0]?.payment.refundedCents).toBe(0);
    expect(audit.entries).toEqual([]);
  });

  it("the refund is stored with the machine's result: the invoice reads partly refunded, then refunded", async () => {
    const { run, refunds } = world();
    await run(refundPayment(staff, completed.id, { amountCents: cents(5_000), reason: "" }));
    const partly = refunds.payments[0]?.invoice;
    expect(partly).toMatchObject({ refundedCents: 5_000, isPaid: true, disputed: false });
    expect(partly && displayState(partly, now)).toBe("partly_refunded");
    await run(refundPayment(staff, completed.id, { amountCents: cents(10_000), reason: "" }));
    const full = refunds.payments[0]?.invoice;
    expect(full && displayState(full, now)).toBe("refunded");
  });

  it("a payment refunded meanwhile (stale read) is refused by the store: RefundNotAllowed too-much", async () => {
    const { run, refunds } = world();
    await run(refundPayment(staff, completed.id, { amountCents: cents(1_000), reason: "First" }));
    // A second click read the payment before the first refund was recorded.
    const stale = Layer.effect(
      PayoutRefundRepository,
      Effect.map(PayoutRefundRepository, (repository) => ({
        ...repository,
        findPayment: () => Effect.succeed(Option.some({ payment: completed, invoice: paidInvoice })),
      })),
    ).pipe(Layer.provide(refunds.layer));
    const result = await run(
      Effect.provide(
        refundPayment(staff, completed.id, { amountCents: cents(1_000), reason: "Again" }),
        stale,
      ),
    );
    expect(leftOf(result)).toMatchObject({ _tag: "RefundNotAllowed", reason: "too-much" });
    expect(refunds.refunds.map((r) => r.reason)).toEqual(["First"]);
    expect(refunds.payments[0]?.payment.refundedCents).toBe(1_000);
  });
});

describe("refund lists", () => {
  it("staff list completed and refunded payments with the invoice's display state; members get StaffOnly", async () => {
    const { run } = world();
    const page = Either.getOrThrow(await run(listRefundablePayments(staff, { page: 1, pageSize: 10 })));
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ payment: { id: 1 }, invoice: { id: 1, state: "paid" } });
    expect(leftOf(await run(listRefundablePayments(agent, { page: 1, pageSize: 10 })))).toMatchObject({
      _tag: "StaffOnly",
      action: "see payments",
    });
  });

  it("an invoice's parties see its refunds; anyone else gets InvoiceNotFound", async () => {
    const { run } = world();
    await run(refundPayment(staff, completed.id, { amountCents: cents(1_000), reason: "Late" }));
    expect(
      Either.getOrThrow(await run(listInvoiceRefunds(business, InvoiceId.make(1)))).map((r) => r.reason),
    ).toEqual(["Late"]);
    expect(Either.getOrThrow(await run(listInvoiceRefunds(agent, InvoiceId.make(1))))).toHaveLength(1);
    expect(leftOf(await run(listInvoiceRefunds(otherAgent, InvoiceId.make(1))))).toMatchObject({
      _tag: "InvoiceNotFound",
    });
  });
});

describe("tax documents", () => {
  it("a paid invoice's parties get its document with the buyer's ABN", async () => {
    const { run } = world();
    expect(Either.getOrThrow(await run(getInvoiceDocument(business, InvoiceId.make(1))))).toMatchObject({
      invoice: { id: 1, isPaid: true },
      state: "paid",
      buyerAbn: "51824753556",
    });
    expect(Either.getOrThrow(await run(getFeeDocument(agent, InvoiceId.make(1)))).invoice.id).toBe(1);
  });

  it("PayoutDocumentNotFound for an unpaid invoice, another party's and a missing one", async () => {
    const unpaid = world(completed, anInvoice());
    expect(leftOf(await unpaid.run(getInvoiceDocument(business, InvoiceId.make(1))))).toEqual(
      expect.objectContaining({ _tag: "PayoutDocumentNotFound", id: 1 }),
    );
    const { run } = world();
    expect(leftOf(await run(getInvoiceDocument(otherAgent, InvoiceId.make(1))))).toMatchObject({
      _tag: "PayoutDocumentNotFound",
    });
    expect(leftOf(await run(getInvoiceDocument(business, InvoiceId.make(42))))).toMatchObject({
      _tag: "PayoutDocumentNotFound",
      id: 42,
    });
  });

  it("the platform fee tax invoice is the agent's only (WrongAccountType for the business)", async () => {
    const { run } = world();
    expect(leftOf(await run(getFeeDocument(business, InvoiceId.make(1))))).toEqual(
      expect.objectContaining({ _tag: "WrongAccountType", required: "agent" }),
    );
  });

  it("a credit note is for the invoice's parties and staff; others and unknown refunds get PayoutDocumentNotFound", async () => {
    const { run } = world();
    const refund = Either.getOrThrow(
      await run(refundPayment(staff, completed.id, { amountCents: cents(1_000), reason: "Late" })),
    );
    for (const user of [business, agent, staff])
      expect(Either.getOrThrow(await run(getCreditNote(user, refund.id)))).toMatchObject({
        refund: { id: refund.id, amountCents: 1_000 },
        invoice: { id: 1 },
        buyerAbn: "51824753556",
      });
    for (const user of [otherAgent, noProfile])
      expect(leftOf(await run(getCreditNote(user, refund.id)))).toMatchObject({
        _tag: "PayoutDocumentNotFound",
        id: refund.id,
      });
    expect(leftOf(await run(getCreditNote(staff, PayoutRefundId.make(77))))).toMatchObject({
      _tag: "PayoutDocumentNotFound",
      id: 77,
    });
  });
});

describe("getEarnings", () => {
  it("the agent's own months (newest first, fee net of fee refunds, pending within the payout delay) and entries", async () => {
    const { run } = world();
    const earnings = Either.getOrThrow(await run(getEarnings(agent)));
    expect(earnings.months).toEqual([
      {
        month: "2026-11",
        paidCents: 20_000,
        platformFeesCents: 750,
        refundedCents: 5_000,
        netCents: 14_250,
        pendingPayoutCents: 14_250,
        paidOutCents: 0,
        heldPayoutCents: 0,
      },
      {
        month: "2026-10",
        paidCents: 10_000,
        platformFeesCents: 500,
        refundedCents: 0,
        netCents: 9_500,
        pendingPayoutCents: 0,
        paidOutCents: 9_500,
        heldPayoutCents: 0,
      },
    ]);
    expect(earnings.entries.map((e) => e.paymentId)).toEqual([1, 2]);
  });

  it("WrongAccountType for a business; ProfileNotFound for an agent without a profile", async () => {
    const { run } = world();
    expect(leftOf(await run(getEarnings(business)))).toEqual(
      expect.objectContaining({ _tag: "WrongAccountType", required: "agent", action: "see earnings" }),
    );
    expect(leftOf(await run(getEarnings(aUser(5, "agent"))))).toEqual(
      expect.objectContaining({ _tag: "ProfileNotFound", kind: "agent" }),
    );
  });
});
