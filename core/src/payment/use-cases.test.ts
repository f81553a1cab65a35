/**
 * Payment use cases without a database, beyond payment.test.ts: who may pay, disputes blocking
 * payment, destination charges, the events published, webhooks, the local outbox, reading
 * payments and payment methods (spec §2.7–§2.9, issues 5, 14, 17; ADR 0037).
 */
import { Effect, Either, Layer, Option } from "effect";
import { describe, expect, it } from "vitest";
import { aUser } from "../identity/testing/index.ts";
import { anInvoice, makeInvoiceMemory } from "../invoice/testing/index.ts";
import { aBusinessProfile, anAgentProfile, makeProfilesMemory } from "../profiles/testing/index.ts";
import { makeTestClock } from "../shared/clock.ts";
import { InvoiceId, PaymentId } from "../shared/ids.ts";
import { makeDomainEventsRecorder } from "../shared/testing.ts";
import type { GatewayEvent } from "./model.ts";
import { ChargeDestinations, GatewayEventOutbox, PaymentBlocks, PaymentGateway } from "./ports.ts";
import { anEvent, makeGatewayMemory, makePaymentMemory } from "./testing/index.ts";
import {
  addPaymentMethod,
  applyGatewayEvent,
  deletePaymentMethod,
  deliverLocalGatewayEvents,
  getPaymentIntentStatus,
  handleWebhook,
  listInvoicePayments,
  listPayments,
  setDefaultPaymentMethod,
  startInvoicePayment,
} from "./use-cases.ts";

const now = new Date("2026-11-23T01:00:00Z");
/** User 20 owns business profile 1, user 10 agent profile 2, user 21 business profile 3; user 30 has none. */
const business = aUser(20, "business");
const agent = aUser(10, "agent");
const otherBusiness = aUser(21, "business");
const noProfile = aUser(30, "business");
const invoiceId = InvoiceId.make(7);

/** Invoice 7 ($150.00, fee $7.50) from agent profile 2 to business profile 1; payments, gateway, events. */
const world = (extra: Layer.Layer<never> = Layer.empty) => {
  const profiles = makeProfilesMemory();
  profiles.businesses.push(aBusinessProfile({ id: 1, userId: 20 }), aBusinessProfile({ id: 3, userId: 21 }));
  profiles.agents.push(anAgentProfile({ id: 2, userId: 10 }));
  const invoices = makeInvoiceMemory();
  invoices.rows.push(
    anInvoice({ id: 7, businessId: 1, agentId: 2, amountCents: 15_000, platformFeeCents: 750 }),
  );
  const payments = makePaymentMemory(invoices.rows);
  const gateway = makeGatewayMemory();
  const events = makeDomainEventsRecorder();
  const layer = Layer.mergeAll(
    profiles.layer,
    invoices.layer,
    payments.layer,
    gateway.layer,
    events.layer,
    makeTestClock(now).layer,
    extra,
  );
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, layer) as Effect.Effect<A, E, never>));
  /** Pay Now by the business, then the gateway's success event for that intent. */
  const paid = async () => {
    const { intent } = Either.getOrThrow(await run(startInvoicePayment(business, invoiceId)));
    Either.getOrThrow(
      await run(applyGatewayEvent(anEvent("payment_intent.succeeded", { ...intent, status: "succeeded" }))),
    );
    return intent;
  };
  return { run, invoices, payments, gateway, events, paid };
};

const leftOf = (result: Either.Either<unknown, unknown>) => (Either.isLeft(result) ? result.left : "Right");

describe("startInvoicePayment", () => {
  it("WrongAccountType for an agent; InvoiceNotFound for another business's invoice", async () => {
    const { run, payments } = world();
    expect(leftOf(await run(startInvoicePayment(agent, invoiceId)))).toEqual(
      expect.objectContaining({ _tag: "WrongAccountType", required: "business", action: "pay invoices" }),
    );
    expect(leftOf(await run(startInvoicePayment(otherBusiness, invoiceId)))).toEqual(
      expect.objectContaining({ _tag: "InvoiceNotFound", id: 7 }),
    );
    expect(payments.payments).toEqual([]);
  });

  it("InvoiceDisputed while a dispute blocks the invoice; no attempt is opened", async () => {
    const blocks = Layer.succeed(PaymentBlocks, {
      blockFor: (id) =>
        Effect.succeed(id === 7 ? Option.some({ disputeId: 5, reason: "disputed" as const }) : Option.none()),
    });
    const { run, payments, gateway } = world(blocks);
    expect(leftOf(await run(startInvoicePayment(business, invoiceId)))).toEqual(
      expect.objectContaining({ _tag: "InvoiceDisputed", invoiceId: 7, disputeId: 5, reason: "disputed" }),
    );
    expect(payments.payments).toEqual([]);
    expect(gateway.created).toEqual([]);
  });

  it("with payouts enabled, a destination charge to the agent's account less the platform fee", async () => {
    const destinations = Layer.succeed(ChargeDestinations, {
      destinationFor: (agentId) =>
        Effect.succeed(agentId === 2 ? Option.some("acct_agent_2") : Option.none()),
    });
    const { run, gateway } = world(destinations);
    const started = Either.getOrThrow(await run(startInvoicePayment(business, invoiceId)));
    expect(started).toMatchObject({ gateway: "local", publishableKey: null, invoice: { id: 7 } });
    expect(gateway.created).toEqual([
      expect.objectContaining({
        amountCents: 15_000,
        currency: "AUD",
        invoiceId: 7,
        description: "Closr invoice #7",
        transfer: { destination: "acct_agent_2", applicationFeeCents: 750 },
      }),
    ]);
  });
});

describe("applyGatewayEvent", () => {
  it("a success completes the payment, pays the invoice and publishes PaymentStatusChanged then InvoicePaid", async () => {
    const { invoices, payments, events, paid } = world();
    await paid();
    expect(payments.payments[0]).toMatchObject({ status: "completed" });
    expect(invoices.rows[0]).toMatchObject({ isPaid: true, paidAt: now });
    expect(events.tags()).toEqual(["PaymentStatusChanged", "InvoicePaid"]);
  });

  it("a replayed event is a duplicate and publishes nothing more", async () => {
    const { run, events, paid } = world();
    const intent = await paid();
    const replay = await run(
      applyGatewayEvent(anEvent("payment_intent.succeeded", { ...intent, status: "succeeded" })),
    );
    expect(Either.getOrThrow(replay)).toEqual({ type: "duplicate" });
    expect(events.tags()).toEqual(["PaymentStatusChanged", "InvoicePaid"]);
  });

  it("an event for an unknown intent changes nothing", async () => {
    const { run, events } = world();
    expect(
      Either.getOrThrow(
        await run(
          applyGatewayEvent(
            anEvent("payment_intent.succeeded", { id: "pi_x", paymentId: PaymentId.make(99) }),
          ),
        ),
      ),
    ).toEqual({ type: "unknown-payment" });
    expect(events.events).toEqual([]);
  });
});

describe("webhooks and the local outbox", () => {
  it("InvalidWebhook when the signature does not verify; an event type we ignore is received", async () => {
    const { run } = world();
    expect(leftOf(await run(handleWebhook("{}", "t=1,v1=bad")))).toMatchObject({ _tag: "InvalidWebhook" });
    const ignoring = Layer.effect(
      PaymentGateway,
      Effect.map(PaymentGateway, (gateway) => ({
        ...gateway,
        parseWebhook: () => Effect.succeed(undefined),
      })),
    ).pipe(Layer.provide(makeGatewayMemory().layer));
    expect(Either.getOrThrow(await run(Effect.provide(handleWebhook("{}", "sig"), ignoring)))).toEqual({
      received: true,
      outcome: "ignored",
    });
  });

  it("delivers the local outbox's events once each (none without an outbox)", async () => {
    expect(Either.getOrThrow(await world().run(deliverLocalGatewayEvents()))).toBe(0);
    const outbox: GatewayEvent[] = [];
    const delivered: string[] = [];
    const layer = Layer.succeed(GatewayEventOutbox, {
      undeliveredEvents: Effect.sync(() => outbox.filter((e) => !delivered.includes(e.id))),
      markDelivered: (id) => Effect.sync(() => void delivered.push(id)),
    });
    const { run, invoices } = world(layer);
    const { intent } = Either.getOrThrow(await run(startInvoicePayment(business, invoiceId)));
    outbox.push(anEvent("payment_intent.succeeded", { ...intent, status: "succeeded" }, "evt_local_1"));
    expect(Either.getOrThrow(await run(deliverLocalGatewayEvents()))).toBe(1);
    expect(delivered).toEqual(["evt_local_1"]);
    expect(invoices.rows[0]?.isPaid).toBe(true);
    expect(Either.getOrThrow(await run(deliverLocalGatewayEvents()))).toBe(0);
  });
});

describe("reading payments", () => {
  it("the confirmation page: PaymentIntentNotFound for an unknown intent, another business's, and an agent", async () => {
    const { run, paid } = world();
    const intent = await paid();
    expect(Either.getOrThrow(await run(getPaymentIntentStatus(business, intent.id)))).toMatchObject({
      invoiceId: 7,
      intent: { id: intent.id },
    });
    for (const [user, id] of [
      [business, "pi_unknown"],
      [otherBusiness, intent.id],
      [agent, intent.id],
    ] as const)
      expect(leftOf(await run(getPaymentIntentStatus(user, id)))).toEqual(
        expect.objectContaining({ _tag: "PaymentIntentNotFound", id }),
      );
  });

  it("an invoice's payments for its parties; others get InvoiceNotFound", async () => {
    const { run, paid } = world();
    await paid();
    for (const user of [business, agent])
      expect(Either.getOrThrow(await run(listInvoicePayments(user, invoiceId))).map((p) => p.status)).toEqual(
        ["completed"],
      );
    expect(leftOf(await run(listInvoicePayments(otherBusiness, invoiceId)))).toMatchObject({
      _tag: "InvoiceNotFound",
    });
  });

  it("payment history: the business's payments, the agent's receipts, nothing for another or without a profile", async () => {
    const { run, paid } = world();
    await paid();
    const page = { page: 1, pageSize: 10 };
    expect(Either.getOrThrow(await run(listPayments(business, page))).total).toBe(1);
    expect(Either.getOrThrow(await run(listPayments(agent, page))).total).toBe(1);
    expect(Either.getOrThrow(await run(listPayments(otherBusiness, page))).total).toBe(0);
    expect(Either.getOrThrow(await run(listPayments(noProfile, page)))).toEqual({ items: [], total: 0 });
  });
});

describe("payment methods", () => {
  it("PaymentMethodNotFound when deleting or making default another user's method", async () => {
    const { run, payments } = world();
    const method = Either.getOrThrow(
      await run(
        addPaymentMethod(business, {
          type: "bank_transfer",
          name: "Business account",
          lastFour: "4321",
          expiryMonth: 12,
          expiryYear: 2030,
          isDefault: true,
        }),
      ),
    );
    expect(method).toMatchObject({ type: "bank_transfer", expiryMonth: null, expiryYear: null });
    expect(leftOf(await run(deletePaymentMethod(otherBusiness, method.id)))).toEqual(
      expect.objectContaining({ _tag: "PaymentMethodNotFound", id: method.id }),
    );
    expect(leftOf(await run(setDefaultPaymentMethod(otherBusiness, method.id)))).toMatchObject({
      _tag: "PaymentMethodNotFound",
    });
    expect(payments.methods).toHaveLength(1);
  });
});
