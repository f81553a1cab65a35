/**
 * Payment use cases (spec §2.7, §2.8 Business payments, §7 calls; issue 5 reliability rules).
 * Only the invoice's business pays it; the invoice is marked paid from the gateway's event
 * (webhook, local outbox or reconciliation), never from the browser's word.
 */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { callerProfile, getInvoice } from "../invoice/index.ts";
import { WrongAccountType } from "../profiles/index.ts";
import { atomically, Clock, type InvoiceId, publishEvent } from "../shared/index.ts";
import type { Paging } from "../shared/paging.ts";
import { chooseAttempt, decideOnGatewayEvent, reconciliationEvent } from "./decisions.ts";
import { InvoiceDisputed, PaymentIntentNotFound, PaymentMethodNotFound } from "./errors.ts";
import { type GatewayEvent, type PaymentMethodFields, paymentIdempotencyKey } from "./model.ts";
import {
  ChargeDestinations,
  GatewayEventOutbox,
  PaymentBlocks,
  PaymentGateway,
  PaymentMethodRepository,
  PaymentRepository,
} from "./ports.ts";

/**
 * Applies one gateway event once (the processed-event record and the change share a transaction),
 * then refunds a second charge for an already-paid invoice.
 */
export const applyGatewayEvent = Effect.fn("payment.applyGatewayEvent")(function* (event: GatewayEvent) {
  const now = yield* (yield* Clock).now;
  const applied = yield* (yield* PaymentRepository).applyGatewayEvent(event, (payment, invoice) =>
    decideOnGatewayEvent(payment, invoice, event, now),
  );
  if (applied.type === "decided" && applied.decision.refund)
    yield* (yield* PaymentGateway).refundPaymentIntent(event.intent.id, `closr-refund-${event.intent.id}`);
  // Events (ADR 0037): the payment's new state, then the invoice it paid.
  const paid = applied.type === "decided" ? applied.decision.invoice : null;
  const payment = applied.type === "decided" ? applied.decision.payment : null;
  if (payment) yield* publishEvent({ _tag: "PaymentStatusChanged", payment });
  if (paid?.isPaid) yield* publishEvent({ _tag: "InvoicePaid", invoice: paid });
  return applied;
}, atomically);

/** A Stripe webhook: verified on the raw body, then applied once. InvalidWebhook → 400. */
export const handleWebhook = Effect.fn("payment.handleWebhook")(function* (
  rawBody: string,
  signature: string | undefined,
) {
  const event = yield* (yield* PaymentGateway).parseWebhook(rawBody, signature);
  if (!event) return { received: true, outcome: "ignored" as const };
  const applied = yield* applyGatewayEvent(event);
  return { received: true, outcome: applied.type };
});

/**
 * "Pay Now" (POST /api/create-payment-intent): the invoice's business opens (or reuses) an attempt
 * and gets the PaymentIntent's client secret. The gateway call carries one idempotency key per
 * invoice attempt, so a double click or two tabs get the same intent.
 */
export const startInvoicePayment = Effect.fn("payment.startInvoicePayment")(function* (
  user: User,
  invoiceId: InvoiceId,
) {
  if (user.userType !== "business")
    return yield* new WrongAccountType({ required: "business", action: "pay invoices" });
  const invoice = yield* getInvoice(user, invoiceId);
  // Issue 17: a disputed invoice (or one a dispute cancelled) cannot be paid until resolved.
  const blocks = yield* Effect.serviceOption(PaymentBlocks);
  if (Option.isSome(blocks)) {
    const block = yield* blocks.value.blockFor(invoice.id);
    if (Option.isSome(block)) return yield* new InvoiceDisputed({ invoiceId: invoice.id, ...block.value });
  }
  const gateway = yield* PaymentGateway;
  const repository = yield* PaymentRepository;
  const { payment, cancel } = yield* repository.beginAttempt(invoice.id, chooseAttempt);
  for (const old of cancel) if (old.paymentIntentId) yield* gateway.cancelPaymentIntent(old.paymentIntentId);

  const existing = payment.paymentIntentId
    ? yield* gateway.retrievePaymentIntent(payment.paymentIntentId)
    : Option.none();
  // Issue 14: a destination charge to the agent's connected account, less the platform fee.
  const destinations = yield* Effect.serviceOption(ChargeDestinations);
  const destination = Option.isSome(destinations)
    ? yield* destinations.value.destinationFor(invoice.agentId)
    : Option.none();
  const intent = Option.isSome(existing)
    ? existing.value
    : yield* gateway.createPaymentIntent({
        amountCents: payment.amountCents,
        currency: "AUD",
        idempotencyKey: paymentIdempotencyKey(invoice.id, payment.attempt),
        invoiceId: invoice.id,
        paymentId: payment.id,
        description: `Closr invoice #${invoice.id}`,
        ...(Option.isSome(destination)
          ? { transfer: { destination: destination.value, applicationFeeCents: invoice.platformFeeCents } }
          : {}),
      });
  if (payment.paymentIntentId !== intent.id) yield* repository.setPaymentIntent(payment.id, intent.id);
  return { intent, invoice, gateway: gateway.kind, publishableKey: gateway.publishableKey };
});

/** The business's own intent (for the confirmation page and the local card form); 404 otherwise. */
export const ownIntentPayment = Effect.fn("payment.ownIntentPayment")(function* (
  user: User,
  intentId: string,
) {
  const payment = yield* (yield* PaymentRepository).findByIntent(intentId);
  if (Option.isNone(payment)) return yield* new PaymentIntentNotFound({ id: intentId });
  const caller = yield* callerProfile(user);
  if (caller.party !== "business" || payment.value.businessId !== caller.profileId)
    return yield* new PaymentIntentNotFound({ id: intentId });
  return payment.value;
});

/**
 * The intent's status as the gateway reports it now, applying what it implies first (recovers
 * a crash between the charge and the database write). Used by /payment-confirmation (spec §4).
 */
export const getPaymentIntentStatus = Effect.fn("payment.getPaymentIntentStatus")(function* (
  user: User,
  intentId: string,
) {
  const payment = yield* ownIntentPayment(user, intentId);
  const intent = yield* (yield* PaymentGateway).retrievePaymentIntent(intentId);
  if (Option.isNone(intent)) return yield* new PaymentIntentNotFound({ id: intentId });
  const event = reconciliationEvent(intent.value);
  if (event) yield* applyGatewayEvent(event);
  return { intent: intent.value, invoiceId: payment.invoiceId };
});

/** Delivers the local gateway's recorded events (no-op with Stripe, which sends webhooks). */
export const deliverLocalGatewayEvents = Effect.fn("payment.deliverLocalGatewayEvents")(function* () {
  const outbox = yield* Effect.serviceOption(GatewayEventOutbox);
  if (Option.isNone(outbox)) return 0;
  const events = yield* outbox.value.undeliveredEvents;
  for (const event of events) {
    yield* applyGatewayEvent(event);
    yield* outbox.value.markDelivered(event.id);
  }
  return events.length;
});

/** Payments of one invoice the caller is a party to (spec §2.9 Payment Details). */
export const listInvoicePayments = Effect.fn("payment.listInvoicePayments")(function* (
  user: User,
  invoiceId: InvoiceId,
) {
  const invoice = yield* getInvoice(user, invoiceId);
  return yield* (yield* PaymentRepository).listForInvoice(invoice.id);
});

/**
 * The caller's payment history (spec §2.8 Payment History): a business's payments, or an agent's
 * receipts; empty until the caller has a profile (as partnerships and invoices are).
 */
export const listPayments = Effect.fn("payment.listPayments")(function* (user: User, page: Paging) {
  const caller = yield* Effect.option(callerProfile(user));
  if (Option.isNone(caller)) return { items: [], total: 0 };
  return yield* (yield* PaymentRepository).listFor(caller.value.party, caller.value.profileId, page);
});

export const listPaymentMethods = Effect.fn("payment.listPaymentMethods")(function* (user: User) {
  return yield* (yield* PaymentMethodRepository).list(user.id);
});

/** Saves type, name, last four and expiry only (spec §3, §5); never a card number. */
export const addPaymentMethod = Effect.fn("payment.addPaymentMethod")(function* (
  user: User,
  fields: PaymentMethodFields,
) {
  const normalised: PaymentMethodFields =
    fields.type === "credit_card" ? fields : { ...fields, expiryMonth: null, expiryYear: null };
  return yield* (yield* PaymentMethodRepository).insert(user.id, normalised);
});

export const deletePaymentMethod = Effect.fn("payment.deletePaymentMethod")(function* (
  user: User,
  id: number,
) {
  const removed = yield* (yield* PaymentMethodRepository).remove(user.id, id);
  if (!removed) return yield* new PaymentMethodNotFound({ id });
});

export const setDefaultPaymentMethod = Effect.fn("payment.setDefaultPaymentMethod")(function* (
  user: User,
  id: number,
) {
  const updated = yield* (yield* PaymentMethodRepository).setDefault(user.id, id);
  if (Option.isNone(updated)) return yield* new PaymentMethodNotFound({ id });
  return updated.value;
});
