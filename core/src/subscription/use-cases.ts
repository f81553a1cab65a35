/**
 * Subscription use cases (spec §2.6, §4 subscription flow, §7 POST /api/get-or-create-subscription,
 * §8; issue 13). The caller is a `User` from the session. Status changes only come from the
 * gateway's events (webhook, the local gateway's outbox), applied once each.
 * Errors: SubscriptionError (see errors.ts).
 */

import { Effect, Either, Option } from "effect";
import type { User } from "../identity/index.ts";
import { UserRepository } from "../identity/index.ts";
import type { SubscriptionInvoiceId } from "../shared/ids.ts";
import { atomically, Clock, Mailer } from "../shared/index.ts";
import type { Paging } from "../shared/paging.ts";
import { freePlan, type PlanId, plans } from "./catalogue.ts";
import { decideOnSubscriptionEvent } from "./decisions.ts";
import { entitlementsFor } from "./entitlements.ts";
import {
  PlanNotForAccountType,
  SubscriptionNotChangeable,
  SubscriptionNotFound,
  SubscriptionPaymentNotFound,
  SubscriptionPending,
  UnknownPlan,
} from "./errors.ts";
import {
  type BillingInterval,
  type PaidPlanId,
  periodPriceCents,
  planForPriceId,
  type Subscription,
} from "./model.ts";
import {
  type AppliedSubscriptionEvent,
  LocalBilling,
  type LocalCardDetails,
  SubscriptionGateway,
  type SubscriptionGatewayEvent,
  SubscriptionRepository,
} from "./ports.ts";

/** Gateway idempotency key of a subscription row: a double click or a retry gets the same subscription. */
export const subscriptionIdempotencyKey = (rowId: number) => `closr-subscription-${rowId}`;

/** The paid plan of a §9 price id for the caller's side, or UnknownPlan / PlanNotForAccountType. */
export function paidPlanFor(
  user: User,
  priceId: string,
): Either.Either<PaidPlanId, UnknownPlan | PlanNotForAccountType> {
  const planId = planForPriceId(priceId);
  if (!planId) return Either.left(new UnknownPlan({ priceId }));
  if (plans[planId].audience !== user.userType)
    return Either.left(new PlanNotForAccountType({ planId, userType: user.userType }));
  return Either.right(planId);
}

const money = (cents: number) => `A$${(cents / 100).toFixed(2)}`;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The emails of the life cycle (best effort: a mail failure never fails the event). */
const notify = Effect.fn("subscription.notify")(function* (applied: AppliedSubscriptionEvent) {
  if (applied.type !== "applied") return;
  const { before, after, invoice } = applied;
  const user = yield* (yield* UserRepository).findById(after.userId);
  if (Option.isNone(user)) return;
  const plan = plans[after.planId].title;
  const to = user.value.email;
  const mails: { subject: string; text: string }[] = [];
  if (before.status === "incomplete" && after.status === "active")
    mails.push({
      subject: `Welcome to ${plan}`,
      text: `Hi ${user.value.username},\n\nYour ${plan} plan is active. ${invoice ? `We charged ${money(invoice.amountCents)} (GST included); your tax invoice ${invoice.number ?? ""} is in Settings → Billing.` : ""}\nIt renews on ${after.currentPeriodEnd ? day(after.currentPeriodEnd) : "the next billing date"}.\n\nThe Closr team`,
    });
  else if (after.status === "active" && invoice?.status === "paid")
    mails.push({
      subject: `Receipt for your ${plan} renewal`,
      text: `Hi ${user.value.username},\n\nWe charged ${money(invoice.amountCents)} (GST ${money(invoice.gstCents)} included) for ${plan}, ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}. Tax invoice ${invoice.number ?? ""}: Settings → Billing (/settings/billing).\n\nThe Closr team`,
    });
  if (after.status === "past_due" && invoice?.status === "failed")
    mails.push({
      subject: `Payment failed for your ${plan} plan`,
      text: `Hi ${user.value.username},\n\nWe couldn't charge ${money(invoice.amountCents)} for your ${plan} plan${invoice.failureMessage ? `: ${invoice.failureMessage}` : "."}\nUpdate your card at /settings/billing to keep your plan. We'll retry automatically; your plan's features stay on for 7 days.\n\nThe Closr team`,
    });
  if (before.status !== "canceled" && after.status === "canceled")
    mails.push({
      subject: `Your ${plan} plan has been canceled`,
      text: `Hi ${user.value.username},\n\nYour ${plan} plan has ended and you're on the free ${plans[freePlan(user.value.userType)].title} plan. Your existing partnerships stay as they are. You can subscribe again at /pricing.\n\nThe Closr team`,
    });
  const mailer = yield* Mailer;
  for (const mail of mails) yield* mailer.send({ to, ...mail }).pipe(Effect.catchAllCause(() => Effect.void));
});

/** Applies one gateway event once (the event id and the change share a transaction), then mails. */
export const applySubscriptionEvent = Effect.fn("subscription.applyEvent")(function* (
  event: SubscriptionGatewayEvent,
) {
  const applied = yield* (yield* SubscriptionRepository).applyEvent(event, (current) =>
    decideOnSubscriptionEvent(current, event),
  );
  yield* notify(applied).pipe(Effect.catchAllCause(() => Effect.void));
  return applied;
}, atomically);

/**
 * A Stripe webhook, if it is a subscription event (verified on the raw body; InvalidWebhook → 400);
 * undefined when it is not one of ours (the payment context handles it).
 */
export const handleSubscriptionWebhook = Effect.fn("subscription.handleWebhook")(function* (
  rawBody: string,
  signature: string | undefined,
) {
  const event = yield* (yield* SubscriptionGateway).parseWebhook(rawBody, signature);
  if (!event) return undefined;
  const applied = yield* applySubscriptionEvent(event);
  return { received: true, outcome: applied.type };
});

/** Delivers the local gateway's recorded events (no-op with Stripe, which sends webhooks). */
export const deliverLocalBillingEvents = Effect.fn("subscription.deliverLocalEvents")(function* () {
  const billing = yield* Effect.serviceOption(LocalBilling);
  if (Option.isNone(billing)) return 0;
  let delivered = 0;
  for (;;) {
    const events = yield* billing.value.undeliveredEvents;
    if (events.length === 0) return delivered;
    for (const event of events) {
      yield* applySubscriptionEvent(event);
      yield* billing.value.markDelivered(event.id);
      delivered++;
    }
  }
});

/** Runs the local gateway's due renewals and delivers their events (a timer and the dev endpoint call this). */
export const runLocalBilling = Effect.fn("subscription.runLocalBilling")(function* () {
  const billing = yield* Effect.serviceOption(LocalBilling);
  if (Option.isNone(billing)) return 0;
  const ran = yield* billing.value.runDue;
  yield* deliverLocalBillingEvents();
  return ran;
});

/** Moves the local gateway's test clock forward, then runs what fell due (development only). */
export const advanceLocalBillingClock = Effect.fn("subscription.advanceLocalClock")(function* (ms: number) {
  const billing = yield* Effect.serviceOption(LocalBilling);
  if (Option.isNone(billing)) return yield* new SubscriptionNotFound({});
  const now = yield* billing.value.advanceClock(ms);
  yield* runLocalBilling();
  return now;
});

export interface StartedSubscription {
  /** True when the caller already has an active (or past_due) subscription: §8 "Active subscription detected". */
  readonly isActive: boolean;
  /** The latest invoice's client secret for the checkout; null when active. */
  readonly clientSecret: string | null;
  readonly subscription: Subscription;
}

/**
 * POST /api/get-or-create-subscription (spec §7): the caller's open subscription for `priceId`, or a
 * new incomplete one (Stripe `default_incomplete`). A second call while the first is incomplete
 * returns the same client secret; 20 parallel calls create one subscription (row lock + unique
 * index + gateway idempotency key). An active one answers isActive.
 */
export const getOrCreateSubscription = Effect.fn("subscription.getOrCreate")(function* (
  user: User,
  priceId: string,
  interval: BillingInterval = "month",
) {
  const planId = yield* paidPlanFor(user, priceId);
  const now = yield* (yield* Clock).now;
  const repository = yield* SubscriptionRepository;
  const gateway = yield* SubscriptionGateway;
  const row = yield* repository.begin(
    user.id,
    (open) => {
      if (!open) return Either.right("create" as const);
      if (open.status === "incomplete" && (open.planId !== planId || open.interval !== interval))
        return Either.left(new SubscriptionPending({ planId: open.planId }));
      return Either.right("reuse" as const);
    },
    { planId, interval, at: now },
  );
  if (row.status === "active" || row.status === "past_due")
    return { isActive: true, clientSecret: null, subscription: row } satisfies StartedSubscription;
  if (row.gatewaySubscriptionId && row.clientSecret)
    return {
      isActive: false,
      clientSecret: row.clientSecret,
      subscription: row,
    } satisfies StartedSubscription;
  const created = yield* gateway.createSubscription({
    userId: user.id,
    email: user.email,
    customerId: null,
    planId: row.planId,
    interval: row.interval,
    amountCents: periodPriceCents(row.planId, row.interval),
    idempotencyKey: subscriptionIdempotencyKey(row.id),
    subscriptionRowId: row.id,
  });
  const attached = yield* repository.attachGateway(row.id, created);
  return {
    isActive: false,
    clientSecret: attached.clientSecret,
    subscription: attached,
  } satisfies StartedSubscription;
});

export interface Billing {
  readonly subscription: Subscription | null;
  /** The plan whose entitlements apply now. */
  readonly entitlements: ReturnType<typeof entitlementsFor>;
  /** Next renewal (active, not canceling): date and amount in cents (the scheduled plan's price). */
  readonly nextRenewal: { readonly at: Date; readonly amountCents: number; readonly planId: PlanId } | null;
}

/** Settings → Billing and the sidebar: the caller's subscription, entitlements and next renewal. */
export const getBilling = Effect.fn("subscription.getBilling")(function* (user: User) {
  const now = yield* (yield* Clock).now;
  const repository = yield* SubscriptionRepository;
  const found = yield* repository.current(user.id);
  const subscription = Option.getOrNull(found);
  const free = freePlan(user.userType);
  // Without a subscription, a plan given on the user (seeds, an administrator) applies.
  const given = subscription ? null : Option.getOrNull(yield* repository.planOf(user.id));
  const entitlements = subscription
    ? entitlementsFor(subscription.planId, subscription.status, now, subscription.pastDueSince)
    : entitlementsFor(given ?? free, null, now);
  const renewing =
    subscription &&
    (subscription.status === "active" || subscription.status === "past_due") &&
    !subscription.cancelAtPeriodEnd &&
    subscription.currentPeriodEnd;
  const nextPlan = subscription?.scheduledPlanId ?? subscription?.planId ?? free;
  return {
    subscription,
    entitlements,
    nextRenewal:
      renewing && subscription.currentPeriodEnd
        ? {
            at: subscription.currentPeriodEnd,
            amountCents: periodPriceCents(nextPlan, subscription.interval),
            planId: nextPlan,
          }
        : null,
  } satisfies Billing;
});

/** The caller's subscription that can still change (active or past_due), else a typed error. */
const changeable = Effect.fn("subscription.changeable")(function* (user: User) {
  const found = yield* (yield* SubscriptionRepository).current(user.id);
  if (Option.isNone(found) || !found.value.gatewaySubscriptionId) return yield* new SubscriptionNotFound({});
  const s = found.value;
  if (s.status !== "active" && s.status !== "past_due")
    return yield* new SubscriptionNotChangeable({
      status: s.status,
      reason: `The subscription is ${s.status}.`,
    });
  return { ...s, gatewaySubscriptionId: s.gatewaySubscriptionId as string };
});

/** Cancel at period end (true) or resume (false); the gateway's event records it. */
export const setCancelAtPeriodEnd = Effect.fn("subscription.setCancelAtPeriodEnd")(function* (
  user: User,
  cancel: boolean,
) {
  const s = yield* changeable(user);
  const now = yield* (yield* Clock).now;
  yield* (yield* SubscriptionGateway).setCancelAtPeriodEnd(
    s.gatewaySubscriptionId,
    cancel,
    `closr-subscription-${s.id}-${cancel ? "cancel" : "resume"}-${now.getTime()}`,
  );
  yield* deliverLocalBillingEvents();
  return yield* getBilling(user);
});

/** Change plan (spec §2.6 FAQ: applies at the next billing cycle); the current plan's price id undoes it. */
export const changePlan = Effect.fn("subscription.changePlan")(function* (user: User, priceId: string) {
  const planId = yield* paidPlanFor(user, priceId);
  const s = yield* changeable(user);
  if (s.status !== "active")
    return yield* new SubscriptionNotChangeable({
      status: s.status,
      reason: "Update your card first: the last payment failed.",
    });
  const now = yield* (yield* Clock).now;
  yield* (yield* SubscriptionGateway).schedulePlanChange(
    s.gatewaySubscriptionId,
    planId === s.planId ? null : planId,
    `closr-subscription-${s.id}-plan-${planId}-${now.getTime()}`,
  );
  yield* deliverLocalBillingEvents();
  return yield* getBilling(user);
});

export const listSubscriptionInvoices = Effect.fn("subscription.listInvoices")(function* (
  user: User,
  page: Paging,
) {
  return yield* (yield* SubscriptionRepository).listInvoices(user.id, page);
});

/** One paid invoice of the caller's (for the tax invoice PDF); 404 otherwise. */
export const getTaxInvoice = Effect.fn("subscription.getTaxInvoice")(function* (
  user: User,
  id: SubscriptionInvoiceId,
) {
  const invoice = yield* (yield* SubscriptionRepository).findInvoice(user.id, id);
  if (Option.isNone(invoice) || invoice.value.status !== "paid")
    return yield* new SubscriptionPaymentNotFound({ id: String(id) });
  return { invoice: invoice.value, user };
});

const localBilling = (id: string) =>
  Effect.flatMap(Effect.serviceOption(LocalBilling), (billing) =>
    Option.isSome(billing)
      ? Effect.succeed(billing.value)
      : Effect.fail(new SubscriptionPaymentNotFound({ id })),
  );

/** The caller's own subscription payment, else 404. */
const ownPayment = Effect.fn("subscription.ownPayment")(function* (user: User, paymentId: string) {
  const found = yield* (yield* SubscriptionRepository).findByPayment(user.id, paymentId);
  if (Option.isNone(found)) return yield* new SubscriptionPaymentNotFound({ id: paymentId });
  return found.value;
});

/** The local checkout's card form submits here (the role Stripe.js plays), then events are delivered. */
export const confirmLocalSubscriptionPayment = Effect.fn("subscription.confirmLocalPayment")(function* (
  user: User,
  paymentId: string,
  clientSecret: string,
  card: LocalCardDetails,
) {
  const billing = yield* localBilling(paymentId);
  yield* ownPayment(user, paymentId);
  const payment = yield* billing.confirm(paymentId, clientSecret, card);
  yield* deliverLocalBillingEvents();
  return payment;
});

/** Completes or fails the local extra authentication step (test card …3155). */
export const authenticateLocalSubscriptionPayment = Effect.fn("subscription.authenticateLocalPayment")(
  function* (user: User, paymentId: string, clientSecret: string, outcome: "complete" | "fail") {
    const billing = yield* localBilling(paymentId);
    yield* ownPayment(user, paymentId);
    const payment = yield* billing.authenticate(paymentId, clientSecret, outcome);
    yield* deliverLocalBillingEvents();
    return payment;
  },
);

/**
 * The caller's current plan for /pricing: the plan whose entitlements apply now (entitlementsFor,
 * the one source of plan and limits); null for a visitor (no session). Never fails.
 */
export const currentPlan = Effect.fn("subscription.currentPlan")(function* (user: User | null) {
  if (!user) return null;
  const billing = yield* getBilling(user);
  return billing.entitlements.planId satisfies PlanId;
});
