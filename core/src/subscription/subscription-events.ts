/** The gateway's subscription events (Stripe Billing or the local gateway): applied once, then the emails they call for. */
import { formatCents, formatLongDate } from "@closr/format";
import { Effect, Option } from "effect";
import { UserRepository } from "../identity/index.ts";
import { atomically, Mailer } from "../shared/index.ts";
import { freePlan, plans } from "./catalogue.ts";
import { decideOnSubscriptionEvent } from "./decisions.ts";
import { SubscriptionNotFound } from "./errors.ts";
import {
  type AppliedSubscriptionEvent,
  LocalBilling,
  SubscriptionGateway,
  type SubscriptionGatewayEvent,
  SubscriptionRepository,
} from "./ports.ts";

const money = formatCents;

/** The emails of the life cycle (best effort: a mail failure never fails the event). */
const notify = Effect.fn("subscription.notify")(function* (applied: AppliedSubscriptionEvent) {
  if (applied.type !== "applied") return;
  const { before, after, invoice } = applied;
  const user = yield* (yield* UserRepository).findById(after.userId);
  if (Option.isNone(user)) return;
  const plan = plans[after.planId].title;
  // Dates in the reader's zone (ADR 0059): "23 December 2026".
  const day = (d: Date) => formatLongDate(d, user.value.timeZone);
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
      subject: `Your ${plan} plan has been cancelled`,
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
