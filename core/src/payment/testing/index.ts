/**
 * In-memory payment repositories and a recording gateway for unit tests. The repository keeps
 * the Postgres adapter's guarantees: one processed record per event id, at most one completed
 * payment per invoice, attempts serialised per invoice.
 */

import { Effect, Either, Layer, Option } from "effect";
import type { Invoice, InvoiceView } from "../../invoice/index.ts";
import { InvoiceNotFound } from "../../invoice/index.ts";
import type { Unbranded } from "../../shared/testing.ts";
import type { AttemptPlan } from "../decisions.ts";
import { InvalidWebhook } from "../errors.ts";
import type { GatewayEvent, GatewayIntent, Payment, PaymentMethod } from "../model.ts";
import {
  type CreateIntentRequest,
  PaymentGateway,
  PaymentMethodRepository,
  PaymentRepository,
} from "../ports.ts";

/** A pending first attempt of $150.00 for invoice 1. */
export const aPayment = (overrides: Partial<Unbranded<Payment>> = {}): Payment =>
  ({
    id: 1,
    invoiceId: 1,
    businessId: 1,
    agentId: 1,
    amountCents: 15_000,
    currency: "AUD",
    paymentMethodId: null,
    status: "pending",
    transactionId: null,
    paymentIntentId: "pi_1",
    attempt: 1,
    processingFeeCents: 0,
    applicationFeeCents: 0,
    refundedCents: 0,
    receiptUrl: null,
    failureMessage: null,
    createdAt: new Date("2026-11-02T00:00:00Z"),
    updatedAt: new Date("2026-11-02T00:00:00Z"),
    ...overrides,
  }) as Payment;

/** A gateway intent for `aPayment`. */
export const anIntent = (overrides: Partial<Unbranded<GatewayIntent>> = {}): GatewayIntent =>
  ({
    id: "pi_1",
    clientSecret: "pi_1_secret_x",
    status: "requires_payment_method",
    amountCents: 15_000,
    currency: "AUD",
    invoiceId: 1,
    paymentId: 1,
    latestChargeId: null,
    lastError: null,
    nextAction: null,
    ...overrides,
  }) as GatewayIntent;

/** A gateway event about `intent`. */
export const anEvent = (
  type: GatewayEvent["type"],
  intent: Partial<GatewayIntent> = {},
  id = `evt_${type}`,
): GatewayEvent => ({
  id,
  type,
  intent: anIntent(intent),
});

/** Payment and payment-method stores over the invoice memory's live rows. */
export function makePaymentMemory(invoices: InvoiceView[]) {
  const payments: Payment[] = [];
  const methods: PaymentMethod[] = [];
  const processed = new Set<string>();
  let nextId = 1;
  let nextMethodId = 1;

  const put = (p: Payment) => {
    const i = payments.findIndex((x) => x.id === p.id);
    if (
      p.status === "completed" &&
      payments.some((x) => x.id !== p.id && x.invoiceId === p.invoiceId && x.status === "completed")
    )
      throw new Error("unique violation: one completed payment per invoice");
    payments[i] = p;
  };

  const payment = Layer.succeed(PaymentRepository, {
    beginAttempt: <E>(
      invoiceId: number,
      decide: (invoice: Invoice, payments: readonly Payment[]) => Either.Either<AttemptPlan, E>,
    ) =>
      Effect.suspend(
        (): Effect.Effect<{ payment: Payment; cancel: readonly Payment[] }, E | InvoiceNotFound> => {
          const invoice = invoices.find((i) => i.id === invoiceId);
          if (!invoice) return Effect.fail(new InvoiceNotFound({ id: invoiceId }));
          const plan = decide(
            invoice,
            payments.filter((p) => p.invoiceId === invoiceId),
          );
          if (Either.isLeft(plan)) return Effect.fail(plan.left);
          if (plan.right.type === "reuse") return Effect.succeed({ payment: plan.right.payment, cancel: [] });
          const created = aPayment({
            id: nextId++,
            invoiceId,
            businessId: invoice.businessId,
            agentId: invoice.agentId,
            amountCents: invoice.amountCents,
            applicationFeeCents: invoice.platformFeeCents,
            attempt: plan.right.attempt,
            paymentIntentId: null,
            createdAt: new Date(),
            updatedAt: new Date(),
          });
          payments.push(created);
          return Effect.succeed({ payment: created, cancel: plan.right.cancel });
        },
      ),
    setPaymentIntent: (paymentId, paymentIntentId) =>
      Effect.sync(() => {
        const p = payments.find((x) => x.id === paymentId);
        if (p) put({ ...p, paymentIntentId });
      }),
    findByIntent: (id) =>
      Effect.sync(() => Option.fromNullable(payments.find((p) => p.paymentIntentId === id))),
    applyGatewayEvent: (event, decide) =>
      Effect.sync(() => {
        if (processed.has(event.id)) return { type: "duplicate" as const };
        processed.add(event.id);
        const found =
          payments.find((p) => p.paymentIntentId === event.intent.id) ??
          payments.find((p) => p.id === event.intent.paymentId && p.paymentIntentId === null);
        const invoice = found && invoices.find((i) => i.id === found.invoiceId);
        if (!found || !invoice) return { type: "unknown-payment" as const };
        const current = { ...found, paymentIntentId: event.intent.id };
        const decision = decide(current, invoice);
        const next = decision.payment ?? current;
        put(next);
        if (decision.invoice) Object.assign(invoice, decision.invoice);
        return { type: "decided" as const, payment: next, decision };
      }),
    listForInvoice: (invoiceId) =>
      Effect.sync(() => payments.filter((p) => p.invoiceId === invoiceId).sort((a, b) => b.id - a.id)),
    listFor: (party, profileId, page) =>
      Effect.sync(() => {
        const all = payments
          .filter((p) => (party === "agent" ? p.agentId : p.businessId) === profileId)
          .sort((a, b) => b.id - a.id);
        const start = (page.page - 1) * page.pageSize;
        return { items: all.slice(start, start + page.pageSize), total: all.length };
      }),
  });

  const paymentMethods = Layer.succeed(PaymentMethodRepository, {
    list: (userId) =>
      Effect.sync(() =>
        methods
          .filter((m) => m.userId === userId)
          .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || b.id - a.id),
      ),
    insert: (userId, fields) =>
      Effect.sync(() => {
        if (fields.isDefault)
          for (const m of methods) if (m.userId === userId) Object.assign(m, { isDefault: false });
        const method: PaymentMethod = { id: nextMethodId++, userId, createdAt: new Date(), ...fields };
        methods.push(method);
        return method;
      }),
    remove: (userId, id) =>
      Effect.sync(() => {
        const i = methods.findIndex((m) => m.userId === userId && m.id === id);
        if (i < 0) return false;
        methods.splice(i, 1);
        return true;
      }),
    setDefault: (userId, id) =>
      Effect.sync(() => {
        const target = methods.find((m) => m.userId === userId && m.id === id);
        if (!target) return Option.none();
        for (const m of methods) if (m.userId === userId) Object.assign(m, { isDefault: m.id === id });
        return Option.some(target);
      }),
  });

  return { payments, methods, processed, layer: Layer.mergeAll(payment, paymentMethods) };
}

/**
 * A recording gateway: intents keyed by idempotency key (a repeated key returns the same intent,
 * as Stripe does), with `set` to move an intent as the card network would; transfer reversals and
 * new transfers are recorded once per idempotency key in `transfers`.
 */
export function makeGatewayMemory() {
  const intents = new Map<string, GatewayIntent>();
  const byKey = new Map<string, string>();
  const created: CreateIntentRequest[] = [];
  const canceled: string[] = [];
  const refunded: string[] = [];
  /** Transfer reversals and new transfers asked for, once per idempotency key (ADR 0049). */
  const transfers: {
    readonly type: "reversal" | "transfer";
    readonly intentId: string;
    readonly amountCents: number;
    readonly idempotencyKey: string;
  }[] = [];
  const transferOnce = (
    type: "reversal" | "transfer",
    intentId: string,
    amountCents: number,
    key: string,
  ) => {
    if (!transfers.some((t) => t.idempotencyKey === key))
      transfers.push({ type, intentId, amountCents, idempotencyKey: key });
    return `${type === "reversal" ? "trr" : "tr"}_memory_${transfers.findIndex((t) => t.idempotencyKey === key) + 1}`;
  };
  let n = 0;
  const layer = Layer.succeed(PaymentGateway, {
    kind: "local",
    publishableKey: null,
    createPaymentIntent: (request) =>
      Effect.sync(() => {
        created.push(request);
        const known = byKey.get(request.idempotencyKey);
        if (known) return intents.get(known) as GatewayIntent;
        const id = `pi_mem_${++n}`;
        const intent = anIntent({
          id,
          clientSecret: `${id}_secret_${n}`,
          amountCents: request.amountCents,
          invoiceId: request.invoiceId,
          paymentId: request.paymentId,
        });
        intents.set(id, intent);
        byKey.set(request.idempotencyKey, id);
        return intent;
      }),
    retrievePaymentIntent: (id) => Effect.sync(() => Option.fromNullable(intents.get(id))),
    cancelPaymentIntent: (id) =>
      Effect.sync(() => {
        canceled.push(id);
        const intent = intents.get(id);
        if (intent && intent.status !== "succeeded") intents.set(id, { ...intent, status: "canceled" });
      }),
    refundPaymentIntent: (id) =>
      Effect.sync(() => {
        refunded.push(id);
        return { refundId: `re_memory_${refunded.length}` };
      }),
    reverseChargeTransfer: (id, amountCents, key) =>
      Effect.sync(() => ({ reversalId: transferOnce("reversal", id, amountCents, key) })),
    transferToDestination: (id, amountCents, key) =>
      Effect.sync(() => ({ transferId: transferOnce("transfer", id, amountCents, key) })),
    parseWebhook: () => Effect.fail(new InvalidWebhook({ message: "no webhooks in memory" })),
  });
  const set = (id: string, change: Partial<GatewayIntent>) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`no intent ${id}`);
    const next = { ...intent, ...change };
    intents.set(id, next);
    return next;
  };
  return { intents, created, canceled, refunded, transfers, layer, set };
}
