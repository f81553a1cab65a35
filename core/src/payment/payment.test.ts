import { Effect, Either, Exit, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { aUser } from "../identity/testing/index.ts";
import { anInvoice, makeInvoiceMemory } from "../invoice/testing/index.ts";
import { makeProfilesMemory } from "../profiles/testing/index.ts";
import { AgentProfileId, BusinessProfileId, cents, InvoiceId, makeTestClock } from "../shared/index.ts";
import { chooseAttempt, decideOnGatewayEvent, reconciliationEvent } from "./decisions.ts";
import type { PaymentStatus } from "./model.ts";
import { nextPaymentStatus, type PaymentEvent } from "./payment-machine.ts";
import { anEvent, anIntent, aPayment, makeGatewayMemory, makePaymentMemory } from "./testing/index.ts";
import {
  addPaymentMethod,
  applyGatewayEvent,
  deletePaymentMethod,
  getPaymentIntentStatus,
  listPaymentMethods,
  setDefaultPaymentMethod,
  startInvoicePayment,
} from "./use-cases.ts";

const statuses: PaymentStatus[] = ["pending", "processing", "completed", "failed", "refunded"];
const events: PaymentEvent[] = [
  { type: "start" },
  { type: "succeed", transactionId: "ch_1" },
  { type: "fail", message: "Your card was declined." },
  { type: "retry" },
  { type: "refund" },
];

describe("payment machine", () => {
  it("allows exactly the listed transitions; every other pair is a typed error", () => {
    const table: Record<string, PaymentStatus> = {
      "pending/start": "processing",
      "pending/fail": "failed",
      "processing/succeed": "completed",
      "processing/fail": "failed",
      "failed/retry": "processing",
      "completed/refund": "refunded",
    };
    for (const from of statuses)
      for (const event of events) {
        const result = nextPaymentStatus(from, event);
        const expected = table[`${from}/${event.type}`];
        if (expected) expect(Either.getOrThrow(result)).toBe(expected);
        else expect(Either.isLeft(result) && result.left._tag).toBe("PaymentTransitionNotAllowed");
      }
  });
});

describe("decisions", () => {
  const now = new Date("2026-11-25T00:00:00Z");
  it("a succeeded event completes the payment and pays the invoice, from pending, processing or failed", () => {
    for (const status of ["pending", "processing", "failed"] as const) {
      const d = decideOnGatewayEvent(
        aPayment({ status }),
        anInvoice(),
        anEvent("payment_intent.succeeded", { status: "succeeded", latestChargeId: "ch_9" }),
        now,
      );
      expect(d.payment).toMatchObject({ status: "completed", transactionId: "ch_9" });
      expect(d.invoice).toMatchObject({ isPaid: true, paidAt: now });
    }
  });
  it("replays and out-of-order events are ignored, never errors", () => {
    const completed = aPayment({ status: "completed" });
    const paid = anInvoice({ isPaid: true, paidAt: now });
    for (const type of [
      "payment_intent.succeeded",
      "payment_intent.processing",
      "payment_intent.payment_failed",
    ] as const)
      expect(decideOnGatewayEvent(completed, paid, anEvent(type), now).outcome).toBe("ignored");
  });
  it("a decline fails the payment with the gateway's message and leaves the invoice due", () => {
    const d = decideOnGatewayEvent(
      aPayment(),
      anInvoice(),
      anEvent("payment_intent.payment_failed", {
        lastError: { code: "card_declined", message: "Your card was declined." },
      }),
      now,
    );
    expect(d.payment).toMatchObject({ status: "failed", failureMessage: "Your card was declined." });
    expect(d.invoice).toBeNull();
  });
  it("a second charge for an already-paid invoice is recorded refunded and must be refunded", () => {
    const d = decideOnGatewayEvent(
      aPayment({ id: 2, attempt: 2 }),
      anInvoice({ isPaid: true, paidAt: now }),
      anEvent("payment_intent.succeeded"),
      now,
    );
    expect(d).toMatchObject({ refund: true, payment: { status: "refunded" }, invoice: null });
  });
  it("a completed payment of another amount does not pay the invoice", () => {
    const d = decideOnGatewayEvent(
      aPayment(),
      anInvoice(),
      anEvent("payment_intent.succeeded", { amountCents: cents(100) }),
      now,
    );
    expect(d.payment?.status).toBe("completed");
    expect(d.invoice).toBeNull();
  });
  it("attempts: reuse the pending one; a new one after failures (cancelling them); none once paid or processing", () => {
    const invoice = anInvoice();
    expect(Either.getOrThrow(chooseAttempt(invoice, []))).toEqual({ type: "create", attempt: 1, cancel: [] });
    const pending = aPayment({ attempt: 2 });
    expect(Either.getOrThrow(chooseAttempt(invoice, [aPayment({ status: "failed" }), pending]))).toEqual({
      type: "reuse",
      payment: pending,
    });
    const failed = aPayment({ status: "failed" });
    expect(Either.getOrThrow(chooseAttempt(invoice, [failed]))).toEqual({
      type: "create",
      attempt: 2,
      cancel: [failed],
    });
    const left = (r: ReturnType<typeof chooseAttempt>) => (Either.isLeft(r) ? r.left._tag : undefined);
    expect(left(chooseAttempt(anInvoice({ isPaid: true, paidAt: now }), []))).toBe("InvoiceAlreadyPaid");
    expect(left(chooseAttempt(invoice, [aPayment({ status: "processing" })]))).toBe("PaymentInProgress");
  });
  it("reconciliation events are derived from the intent's status, with a stable id", () => {
    expect(reconciliationEvent(anIntent({ status: "succeeded" }))).toMatchObject({
      id: "sync_pi_1_succeeded",
      type: "payment_intent.succeeded",
    });
    expect(reconciliationEvent(anIntent({ status: "requires_payment_method" }))).toBeUndefined();
    expect(reconciliationEvent(anIntent({ status: "requires_action" }))).toBeUndefined();
    expect(reconciliationEvent(anIntent({ status: "requires_confirmation" }))).toBeUndefined();
    const declined = { code: "card_declined", message: "Your card was declined." };
    expect(
      reconciliationEvent(anIntent({ status: "requires_payment_method", lastError: declined }))?.type,
    ).toBe("payment_intent.payment_failed");
    expect(reconciliationEvent(anIntent({ status: "processing" }))?.type).toBe("payment_intent.processing");
    expect(reconciliationEvent(anIntent({ status: "canceled" }))?.type).toBe("payment_intent.canceled");
  });
});

async function setup() {
  const profiles = makeProfilesMemory();
  const invoices = makeInvoiceMemory();
  const payments = makePaymentMemory(invoices.rows);
  const gateway = makeGatewayMemory();
  const layer = Layer.mergeAll(
    profiles.layer,
    invoices.layer,
    payments.layer,
    gateway.layer,
    makeTestClock(new Date("2026-11-23T01:00:00Z")).layer,
  );
  const run = <A, E>(effect: Effect.Effect<A, E, Layer.Layer.Success<typeof layer>>) =>
    Effect.runPromiseExit(Effect.provide(effect, layer));
  const business = aUser(20, "business");
  const otherBusiness = aUser(21, "business");
  const agent = aUser(10, "agent");
  await run(
    Effect.gen(function* () {
      const p = yield* Effect.promise(() => import("../profiles/index.ts"));
      const b = {
        companyName: "Harbour Tech",
        industry: "technology",
        size: "small",
        description: null,
        location: "sydney",
        logo: null,
        website: null,
        contactEmail: null,
        contactPhone: null,
      } as const;
      yield* p.createBusinessProfile(business, b); // 1
      yield* p.createAgentProfile(agent, {
        fullName: "Mia Chen",
        specialization: "B2B Sales",
        yearsOfExperience: 4,
        bio: null,
        location: "sydney",
        photo: null,
        linkedinProfile: null,
        minimumCommissionRate: 10,
        skills: [],
      }); // 2
      yield* p.createBusinessProfile(otherBusiness, b); // 3
    }),
  );
  invoices.rows.push(
    anInvoice({
      id: 7,
      businessId: BusinessProfileId.make(1),
      agentId: AgentProfileId.make(2),
      amountCents: cents(15_000),
    }),
  );
  return { run, invoices, payments, gateway, business, otherBusiness, agent };
}

const tagOf = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit) ? (exit.cause as { error?: { _tag?: string } }).error?._tag : undefined;

describe("payment use cases", () => {
  it("only the invoice's business can pay; a double click gets the same intent and one attempt", async () => {
    const s = await setup();
    expect(tagOf(await s.run(startInvoicePayment(s.agent, InvoiceId.make(7))))).toBe("WrongAccountType");
    expect(tagOf(await s.run(startInvoicePayment(s.otherBusiness, InvoiceId.make(7))))).toBe(
      "InvoiceNotFound",
    );
    const [a, b] = await Promise.all([
      s.run(startInvoicePayment(s.business, InvoiceId.make(7))),
      s.run(startInvoicePayment(s.business, InvoiceId.make(7))),
    ]);
    const ida = Exit.isSuccess(a) ? a.value.intent.id : "a";
    const idb = Exit.isSuccess(b) ? b.value.intent.id : "b";
    expect(ida).toBe(idb);
    expect(s.payments.payments).toHaveLength(1);
    expect(s.gateway.created[0]).toMatchObject({
      amountCents: cents(15_000),
      idempotencyKey: "closr-invoice-7-attempt-1",
      invoiceId: InvoiceId.make(7),
    });
  });

  it("paid from the gateway's event, exactly once; replays change nothing; then Pay Now is refused", async () => {
    const s = await setup();
    const started = await s.run(startInvoicePayment(s.business, InvoiceId.make(7)));
    if (!Exit.isSuccess(started)) throw new Error("start failed");
    const intent = s.gateway.set(started.value.intent.id, { status: "succeeded", latestChargeId: "ch_1" });
    const event = { id: "evt_1", type: "payment_intent.succeeded" as const, intent };
    const first = await s.run(applyGatewayEvent(event));
    const replay = await s.run(applyGatewayEvent(event));
    const again = await s.run(applyGatewayEvent({ ...event, id: "evt_2" }));
    expect(Exit.isSuccess(first) && first.value.type).toBe("decided");
    expect(Exit.isSuccess(replay) && replay.value.type).toBe("duplicate");
    expect(Exit.isSuccess(again) && again.value.type === "decided" && again.value.decision.outcome).toBe(
      "ignored",
    );
    expect(s.payments.payments.filter((p) => p.status === "completed")).toHaveLength(1);
    expect(s.invoices.rows[0]).toMatchObject({ isPaid: true });
    expect(tagOf(await s.run(startInvoicePayment(s.business, InvoiceId.make(7))))).toBe("InvoiceAlreadyPaid");
  });

  it("a decline leaves the invoice payable: the next Pay Now opens attempt 2 and cancels attempt 1", async () => {
    const s = await setup();
    const started = await s.run(startInvoicePayment(s.business, InvoiceId.make(7)));
    if (!Exit.isSuccess(started)) throw new Error("start failed");
    const declined = s.gateway.set(started.value.intent.id, {
      lastError: { code: "card_declined", message: "Your card was declined." },
    });
    await s.run(applyGatewayEvent({ id: "evt_d", type: "payment_intent.payment_failed", intent: declined }));
    expect(s.invoices.rows[0]?.isPaid).toBe(false);
    const retry = await s.run(startInvoicePayment(s.business, InvoiceId.make(7)));
    expect(Exit.isSuccess(retry) && retry.value.intent.id).not.toBe(started.value.intent.id);
    expect(s.gateway.created[1]?.idempotencyKey).toBe("closr-invoice-7-attempt-2");
    expect(s.gateway.canceled).toEqual([started.value.intent.id]);
  });

  it("a crash after the charge is recovered when the confirmation page asks the gateway", async () => {
    const s = await setup();
    const started = await s.run(startInvoicePayment(s.business, InvoiceId.make(7)));
    if (!Exit.isSuccess(started)) throw new Error("start failed");
    s.gateway.set(started.value.intent.id, { status: "succeeded", latestChargeId: "ch_2" }); // no event delivered
    const status = await s.run(getPaymentIntentStatus(s.business, started.value.intent.id));
    expect(Exit.isSuccess(status) && status.value.intent.status).toBe("succeeded");
    expect(s.invoices.rows[0]).toMatchObject({ isPaid: true });
    expect(s.payments.payments[0]).toMatchObject({ status: "completed", transactionId: "ch_2" });
    expect(tagOf(await s.run(getPaymentIntentStatus(s.otherBusiness, started.value.intent.id)))).toBe(
      "PaymentIntentNotFound",
    );
  });

  it("payment methods: add (expiry only for cards), one default, delete only one's own", async () => {
    const s = await setup();
    const card = {
      type: "credit_card",
      name: "Company Visa",
      lastFour: "4242",
      expiryMonth: 12,
      expiryYear: 2030,
      isDefault: true,
    } as const;
    await s.run(addPaymentMethod(s.business, card));
    const bank = await s.run(
      addPaymentMethod(s.business, {
        ...card,
        type: "bank_transfer",
        name: "ANZ account",
        lastFour: "1234",
        isDefault: false,
      }),
    );
    expect(Exit.isSuccess(bank) && bank.value).toMatchObject({ expiryMonth: null, expiryYear: null });
    const bankId = Exit.isSuccess(bank) ? bank.value.id : 0;
    await s.run(setDefaultPaymentMethod(s.business, bankId));
    const list = await s.run(listPaymentMethods(s.business));
    expect(Exit.isSuccess(list) && list.value.map((m) => [m.name, m.isDefault])).toEqual([
      ["ANZ account", true],
      ["Company Visa", false],
    ]);
    expect(tagOf(await s.run(deletePaymentMethod(s.otherBusiness, bankId)))).toBe("PaymentMethodNotFound");
    expect(tagOf(await s.run(setDefaultPaymentMethod(s.otherBusiness, bankId)))).toBe(
      "PaymentMethodNotFound",
    );
    expect(Exit.isSuccess(await s.run(deletePaymentMethod(s.business, bankId)))).toBe(true);
  });
});
