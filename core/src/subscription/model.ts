/**
 * Subscription model (issue 13; spec §2.6, §9 reading B). A subscription follows Stripe's
 * subscription statuses (https://docs.stripe.com/billing/subscriptions/overview#subscription-statuses);
 * money is AUD cents; times are UTC `Date`s that come in from the caller (never read here).
 */
import type { SubscriptionId, SubscriptionInvoiceId, UserId } from "../shared/ids.ts";
import { type PlanId, plans } from "./catalogue.ts";

/** Stripe's statuses we use (trialing, unpaid and paused are not offered). */
export type SubscriptionStatus = "incomplete" | "incomplete_expired" | "active" | "past_due" | "canceled";

/** Open subscriptions (at most one per user): the ones a new checkout must reuse. */
export const openStatuses: readonly SubscriptionStatus[] = ["incomplete", "active", "past_due"];

/** Billing period length: monthly, or annual at 10× the monthly price (§2.6 FAQ, issue 13). */
export type BillingInterval = "month" | "year";

/** The paid plans (those with a §9 price identifier). */
export type PaidPlanId = "professional" | "enterprise" | "agent_pro";

export const isPaidPlan = (planId: PlanId): planId is PaidPlanId => plans[planId].priceId !== null;

/** The plan of a §9 reading-B price identifier (`price_professional`, …); undefined otherwise. */
export function planForPriceId(priceId: string): PaidPlanId | undefined {
  const plan = Object.values(plans).find((p) => p.priceId === priceId);
  return plan && isPaidPlan(plan.id) ? plan.id : undefined;
}

/** AUD cents charged per period: the monthly price, or 10× it for a year. */
export const periodPriceCents = (planId: PlanId, interval: BillingInterval): number =>
  plans[planId].priceCents * (interval === "year" ? 10 : 1);

/** Adds one billing interval to a time (calendar month or year, UTC; day clamped to the month's end). */
export function addInterval(start: Date, interval: BillingInterval): Date {
  const d = new Date(start.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  if (interval === "year") d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** The part of a subscription the state machine decides on. */
export interface SubscriptionState {
  readonly status: SubscriptionStatus;
  readonly planId: PaidPlanId;
  readonly interval: BillingInterval;
  readonly createdAt: Date;
  readonly currentPeriodStart: Date | null;
  readonly currentPeriodEnd: Date | null;
  readonly cancelAtPeriodEnd: boolean;
  /** Plan that takes effect at the next period start (§2.6 FAQ: changes apply next cycle). */
  readonly scheduledPlanId: PaidPlanId | null;
  /** When the subscription went past_due (start of the 7-day grace period). */
  readonly pastDueSince: Date | null;
  readonly canceledAt: Date | null;
}

/** A stored subscription. */
export interface Subscription extends SubscriptionState {
  readonly id: SubscriptionId;
  readonly userId: UserId;
  /** The gateway's subscription id (sub_…); null for a moment while the gateway is first called. */
  readonly gatewaySubscriptionId: string | null;
  /** Client secret of the latest invoice's payment (the checkout confirms it); null when none is open. */
  readonly clientSecret: string | null;
  /** The gateway's payment id for that secret (pi_…). */
  readonly paymentIntentId: string | null;
  readonly updatedAt: Date;
}

/** One billing period's invoice as recorded from the gateway's events (payment history). */
export interface SubscriptionInvoice {
  readonly id: SubscriptionInvoiceId;
  readonly subscriptionId: SubscriptionId;
  readonly userId: UserId;
  readonly gatewayInvoiceId: string;
  /** Tax invoice number (paid invoices only), e.g. CLR-000012. */
  readonly number: string | null;
  readonly planId: PaidPlanId;
  readonly interval: BillingInterval;
  /** GST-inclusive total, AUD cents. */
  readonly amountCents: number;
  /** GST part of the total, AUD cents (total / 11, rounded to the cent). */
  readonly gstCents: number;
  readonly status: "paid" | "failed";
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly paidAt: Date | null;
  readonly failureMessage: string | null;
  readonly createdAt: Date;
}
