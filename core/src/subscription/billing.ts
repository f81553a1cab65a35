/** Settings → Billing (spec §9): the plan in force, cancelling at period end, changing plan, tax invoices. */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import type { SubscriptionInvoiceId } from "../shared/ids.ts";
import { Clock } from "../shared/index.ts";
import type { Paging } from "../shared/paging.ts";
import { freePlan, type PlanId } from "./catalogue.ts";
import { entitlementsFor } from "./entitlements.ts";
import { SubscriptionNotChangeable, SubscriptionNotFound, SubscriptionPaymentNotFound } from "./errors.ts";
import { periodPriceCents, type Subscription } from "./model.ts";
import { SubscriptionGateway, SubscriptionRepository } from "./ports.ts";
import { paidPlanFor } from "./subscribe.ts";
import { deliverLocalBillingEvents } from "./subscription-events.ts";

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

/**
 * The caller's current plan for /pricing: the plan whose entitlements apply now (entitlementsFor,
 * the one source of plan and limits); null for a visitor (no session). Never fails.
 */
export const currentPlan = Effect.fn("subscription.currentPlan")(function* (user: User | null) {
  if (!user) return null;
  const billing = yield* getBilling(user);
  return billing.entitlements.planId satisfies PlanId;
});
