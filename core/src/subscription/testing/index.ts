/**
 * Test doubles for the subscription ports. `subscriptionPlanStub(plans)`: a SubscriptionRepository
 * with no subscriptions, where each user holds the plan `plans` gives them (else their free plan);
 * any other method dies, so a test that reaches one learns it needs a fuller double.
 * `makeSubscriptionMemory` and `makeSubscriptionGatewayMemory`: the full in-memory world of the
 * subscription use cases (repository, gateway and the local gateway's billing engine).
 */
import { Effect, Either, Layer, Option } from "effect";
import { InvalidWebhook } from "../../shared/gateway-errors.ts";
import { SubscriptionId, SubscriptionInvoiceId, type UserId } from "../../shared/ids.ts";
import type { PlanId } from "../catalogue.ts";
import {
  SubscriptionGatewayUnavailable,
  SubscriptionPaymentNotFound,
  SubscriptionPaymentUnexpectedState,
} from "../errors.ts";
import {
  addInterval,
  openStatuses,
  periodPriceCents,
  type Subscription,
  type SubscriptionInvoice,
} from "../model.ts";
import {
  type AppliedSubscriptionEvent,
  type CreateSubscriptionRequest,
  type GatewayInvoice,
  type GatewaySubscription,
  LocalBilling,
  type LocalSubscriptionPayment,
  SubscriptionGateway,
  type SubscriptionGatewayEvent,
  SubscriptionRepository,
} from "../ports.ts";
import { gstOfInclusive, taxInvoiceNumber } from "../tax-invoice.ts";

export function subscriptionPlanStub(plans: Readonly<Record<number, PlanId>> = {}) {
  const known = {
    current: () => Effect.succeed(Option.none()),
    planOf: (userId: UserId) => Effect.succeed(Option.fromNullable(plans[userId])),
  };
  const service = new Proxy(known, {
    get: (target, name) =>
      name in target
        ? target[name as keyof typeof known]
        : () => Effect.die(new Error(`subscriptionPlanStub: ${String(name)} is not stubbed`)),
  }) as unknown as SubscriptionRepository["Type"];
  return Layer.succeed(SubscriptionRepository, service);
}

/**
 * In-memory SubscriptionRepository, like the Postgres adapter: at most one open subscription per
 * user (`begin` reuses it or creates an incomplete row), `current` is the open one else the
 * latest, an event applies once per id and only to a known gateway subscription; an applied
 * event writes the state, the open invoice's payment (none once active), the user's plan
 * (`plans`: the plan of an active or past_due subscription, removed otherwise) and the paid
 * (numbered CLR-…) or failed invoice. `plans` also holds plans given without a subscription
 * (`planOf`; a user absent from it is on the free plan).
 */
export function makeSubscriptionMemory(given: Readonly<Record<number, PlanId>> = {}) {
  const subscriptions: Subscription[] = [];
  const invoices: SubscriptionInvoice[] = [];
  const plans = new Map<UserId, PlanId>(
    Object.entries(given).map(([id, plan]) => [Number(id) as UserId, plan]),
  );
  const seenEvents = new Set<string>();
  const open = (userId: UserId) =>
    subscriptions.find((s) => s.userId === userId && openStatuses.includes(s.status));
  const replace = (next: Subscription) => {
    subscriptions[subscriptions.findIndex((s) => s.id === next.id)] = next;
    return next;
  };
  const layer = Layer.succeed(SubscriptionRepository, {
    begin: (userId, decide, create) =>
      Effect.suspend(() => {
        const found = open(userId) ?? null;
        const decision = decide(found);
        if (Either.isLeft(decision)) return Effect.fail(decision.left);
        if (decision.right === "reuse" && found) return Effect.succeed(found);
        const row: Subscription = {
          id: SubscriptionId.make(subscriptions.length + 1),
          userId,
          planId: create.planId,
          interval: create.interval,
          status: "incomplete",
          gatewaySubscriptionId: null,
          clientSecret: null,
          paymentIntentId: null,
          createdAt: create.at,
          updatedAt: create.at,
          currentPeriodStart: null,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          scheduledPlanId: null,
          pastDueSince: null,
          canceledAt: null,
        };
        subscriptions.push(row);
        return Effect.succeed(row);
      }),
    attachGateway: (id, gateway) =>
      Effect.sync(() =>
        replace({
          ...(subscriptions.find((s) => s.id === id) as Subscription),
          gatewaySubscriptionId: gateway.id,
          paymentIntentId: gateway.payment?.id ?? null,
          clientSecret: gateway.payment?.clientSecret ?? null,
        }),
      ),
    planOf: (userId) => Effect.sync(() => Option.fromNullable(plans.get(userId))),
    current: (userId) =>
      Effect.sync(() =>
        Option.fromNullable(open(userId) ?? [...subscriptions].reverse().find((s) => s.userId === userId)),
      ),
    applyEvent: (event, decide) =>
      Effect.sync((): AppliedSubscriptionEvent => {
        if (seenEvents.has(event.id)) return { type: "duplicate" };
        seenEvents.add(event.id);
        const before = subscriptions.find((s) => s.gatewaySubscriptionId === event.subscription.id);
        if (!before) return { type: "unknown-subscription" };
        const decision = decide(before);
        if (Either.isLeft(decision)) return { type: "ignored", reason: decision.left.reason };
        const { next, recordInvoice } = decision.right;
        const waiting = event.subscription.payment;
        const after = replace({
          ...before,
          ...next,
          paymentIntentId: next.status === "active" ? null : (waiting?.id ?? before.paymentIntentId),
          clientSecret: next.status === "active" ? null : (waiting?.clientSecret ?? before.clientSecret),
          updatedAt: event.created,
        });
        if (after.status === "active" || after.status === "past_due") plans.set(after.userId, after.planId);
        else plans.delete(after.userId);
        let invoice: SubscriptionInvoice | null = null;
        if (recordInvoice && "invoice" in event) {
          const id = SubscriptionInvoiceId.make(invoices.length + 1);
          invoice = {
            id,
            subscriptionId: after.id,
            userId: after.userId,
            gatewayInvoiceId: event.invoice.id,
            number: recordInvoice === "paid" ? taxInvoiceNumber(id) : null,
            planId: event.invoice.planId,
            interval: event.invoice.interval,
            amountCents: event.invoice.amountCents,
            gstCents: gstOfInclusive(event.invoice.amountCents),
            status: recordInvoice,
            periodStart: event.invoice.periodStart,
            periodEnd: event.invoice.periodEnd,
            paidAt: recordInvoice === "paid" ? event.created : null,
            failureMessage: event.invoice.failureMessage,
            createdAt: event.created,
          };
          invoices.push(invoice);
        }
        return { type: "applied", before, after, invoice };
      }),
    listInvoices: (userId, page) =>
      Effect.sync(() => {
        const all = invoices.filter((i) => i.userId === userId).reverse();
        const start = (page.page - 1) * page.pageSize;
        return { items: all.slice(start, start + page.pageSize), total: all.length };
      }),
    findInvoice: (userId, id) =>
      Effect.sync(() => Option.fromNullable(invoices.find((i) => i.userId === userId && i.id === id))),
    findByPayment: (userId, paymentId) =>
      Effect.sync(() =>
        Option.fromNullable(
          subscriptions.find((s) => s.userId === userId && s.paymentIntentId === paymentId),
        ),
      ),
  });
  return { layer, subscriptions, invoices, plans };
}

/** What LocalBilling's card steps fail with. */
type PaymentError = SubscriptionPaymentNotFound | SubscriptionPaymentUnexpectedState;

/** A union's members without their id and creation time (Omit, member by member). */
type WithoutIdentity<T> = T extends unknown ? Omit<T, "id" | "created"> : never;

/** The test cards of the local gateway this double knows: declined, and needs authentication. */
export const declinedCard = "4000000000000002";
export const authenticationCard = "4000002500003155";

/**
 * A local-like subscription gateway for unit tests: SubscriptionGateway (one subscription per
 * idempotency key, `sub_mem_<n>` with payment `pi_sub_<n>`; cancel at period end and plan
 * changes are recorded in `calls` and queued as `customer.subscription.updated` events) and
 * LocalBilling (confirming a payment with any card pays the first invoice, a month or year from
 * the gateway's time; `declinedCard` fails it; `authenticationCard` asks for authentication,
 * then `authenticate` pays or fails it). Events wait in `outbox` until delivered. `parseWebhook`
 * stands for Stripe's signed webhooks: signature "valid" with a body naming an outbox event's id
 * reads that event, another body is no subscription event (undefined), another signature is
 * InvalidWebhook. `setUnavailable(true)` makes every gateway call fail with
 * SubscriptionGatewayUnavailable.
 */
export function makeSubscriptionGatewayMemory(start: Date) {
  let offset = 0;
  const now = () => new Date(start.getTime() + offset);
  const subscriptions = new Map<string, GatewaySubscription>();
  const byKey = new Map<string, string>();
  const calls: { readonly op: string; readonly id: string; readonly key: string; readonly value: unknown }[] =
    [];
  const requests: CreateSubscriptionRequest[] = [];
  const outbox: SubscriptionGatewayEvent[] = [];
  const delivered: string[] = [];
  const state = { unavailable: false, events: 0 };
  const down = () => Effect.fail(new SubscriptionGatewayUnavailable({ message: "gateway down" }));
  const queue = (event: WithoutIdentity<SubscriptionGatewayEvent>) =>
    void outbox.push({
      ...event,
      id: `evt_mem_${++state.events}`,
      created: now(),
    } as SubscriptionGatewayEvent);
  const change = (id: string, patch: Partial<GatewaySubscription>) => {
    const next = { ...(subscriptions.get(id) as GatewaySubscription), ...patch };
    subscriptions.set(id, next);
    return next;
  };
  const invoiceOf = (s: GatewaySubscription, failureMessage: string | null): GatewayInvoice => {
    const periodStart = now();
    return {
      id: `in_mem_${state.events + 1}`,
      subscriptionId: s.id,
      planId: s.planId,
      interval: s.interval,
      amountCents: periodPriceCents(s.planId, s.interval),
      periodStart,
      periodEnd: addInterval(periodStart, s.interval),
      failureMessage,
    };
  };
  const withPayment = (paymentId: string, clientSecret: string) =>
    [...subscriptions.values()].find(
      (s) => s.payment?.id === paymentId && s.payment.clientSecret === clientSecret,
    );
  const payment = (
    s: GatewaySubscription,
    status: LocalSubscriptionPayment["status"],
    lastError: LocalSubscriptionPayment["lastError"] = null,
  ): LocalSubscriptionPayment => ({
    id: s.payment?.id ?? "",
    clientSecret: s.payment?.clientSecret ?? "",
    status,
    amountCents: s.payment?.amountCents ?? 0,
    lastError,
    nextAction: status === "requires_action" ? "local_authenticate" : null,
  });
  const pay = (s: GatewaySubscription) => {
    const invoice = invoiceOf(s, null);
    const paid = change(s.id, {
      status: "active",
      currentPeriodStart: invoice.periodStart,
      currentPeriodEnd: invoice.periodEnd,
    });
    queue({ type: "invoice.paid", subscription: paid, invoice });
    return payment(s, "succeeded");
  };
  const fail = (s: GatewaySubscription) => {
    const message = "Your card was declined.";
    queue({ type: "invoice.payment_failed", subscription: s, invoice: invoiceOf(s, message) });
    return payment(s, "requires_payment_method", { code: "card_declined", message });
  };
  const gateway = Layer.succeed(SubscriptionGateway, {
    kind: "local",
    publishableKey: null,
    createSubscription: (request) =>
      Effect.suspend(() => {
        if (state.unavailable) return down();
        requests.push(request);
        const known = byKey.get(request.idempotencyKey);
        if (known) return Effect.succeed(subscriptions.get(known) as GatewaySubscription);
        const n = subscriptions.size + 1;
        const created: GatewaySubscription = {
          id: `sub_mem_${n}`,
          customerId: `cus_mem_${request.userId}`,
          status: "incomplete",
          planId: request.planId,
          interval: request.interval,
          currentPeriodStart: now(),
          currentPeriodEnd: addInterval(now(), request.interval),
          cancelAtPeriodEnd: false,
          scheduledPlanId: null,
          payment: {
            id: `pi_sub_${n}`,
            clientSecret: `pi_sub_${n}_secret`,
            amountCents: request.amountCents,
          },
        };
        subscriptions.set(created.id, created);
        byKey.set(request.idempotencyKey, created.id);
        return Effect.succeed(created);
      }),
    retrieveSubscription: (id) =>
      state.unavailable ? down() : Effect.sync(() => Option.fromNullable(subscriptions.get(id))),
    setCancelAtPeriodEnd: (id, cancel, key) =>
      Effect.suspend(() => {
        if (state.unavailable) return down();
        calls.push({ op: "setCancelAtPeriodEnd", id, key, value: cancel });
        const next = change(id, { cancelAtPeriodEnd: cancel });
        queue({ type: "customer.subscription.updated", subscription: next });
        return Effect.succeed(next);
      }),
    schedulePlanChange: (id, planId, key) =>
      Effect.suspend(() => {
        if (state.unavailable) return down();
        calls.push({ op: "schedulePlanChange", id, key, value: planId });
        const next = change(id, { scheduledPlanId: planId });
        queue({ type: "customer.subscription.updated", subscription: next });
        return Effect.succeed(next);
      }),
    parseWebhook: (rawBody, signature) =>
      Effect.suspend(() => {
        if (signature !== "valid") return Effect.fail(new InvalidWebhook({ message: "bad signature" }));
        const event = outbox.find((e) => e.id === rawBody);
        return Effect.succeed(event);
      }),
  });
  const billing = Layer.succeed(LocalBilling, {
    confirm: (paymentId, clientSecret, card) =>
      Effect.suspend((): Effect.Effect<LocalSubscriptionPayment, PaymentError> => {
        const s = withPayment(paymentId, clientSecret);
        if (!s) return Effect.fail(new SubscriptionPaymentNotFound({ id: paymentId }));
        if (s.status === "active")
          return Effect.fail(
            new SubscriptionPaymentUnexpectedState({ id: paymentId, message: "Already paid." }),
          );
        if (card.number === declinedCard) return Effect.succeed(fail(s));
        if (card.number === authenticationCard) return Effect.succeed(payment(s, "requires_action"));
        return Effect.succeed(pay(s));
      }),
    authenticate: (paymentId, clientSecret, outcome) =>
      Effect.suspend((): Effect.Effect<LocalSubscriptionPayment, PaymentError> => {
        const s = withPayment(paymentId, clientSecret);
        if (!s) return Effect.fail(new SubscriptionPaymentNotFound({ id: paymentId }));
        return Effect.succeed(outcome === "complete" ? pay(s) : fail(s));
      }),
    updateCard: () => Effect.void,
    now: Effect.sync(now),
    advanceClock: (ms) =>
      Effect.sync(() => {
        offset += ms;
        return now();
      }),
    runDue: Effect.succeed(0),
    undeliveredEvents: Effect.sync(() => outbox.filter((e) => !delivered.includes(e.id))),
    markDelivered: (eventId) => Effect.sync(() => void delivered.push(eventId)),
  });
  return {
    /** SubscriptionGateway only (what Stripe is: no LocalBilling, events come as webhooks). */
    gateway,
    /** SubscriptionGateway and LocalBilling (the local gateway). */
    layer: Layer.merge(gateway, billing),
    subscriptions,
    requests,
    calls,
    outbox,
    delivered,
    /** Every gateway call fails with SubscriptionGatewayUnavailable while true. */
    setUnavailable: (unavailable: boolean) => {
      state.unavailable = unavailable;
    },
  };
}
