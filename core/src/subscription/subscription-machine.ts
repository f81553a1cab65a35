/**
 * The subscription state machine (issue 13), after Stripe's subscription life cycle
 * (https://docs.stripe.com/billing/subscriptions/overview):
 *   incomplete → active              the first invoice is paid
 *   incomplete → incomplete          the first payment fails (the customer may try another card)
 *   incomplete → incomplete_expired  23 hours without a successful first payment
 *   active     → active              a renewal is paid (the period moves on; a scheduled plan applies)
 *   active     → past_due            a renewal fails
 *   past_due   → past_due            a retry fails
 *   past_due   → active              a retry (or a new card) pays the open invoice
 *   past_due   → canceled            retries are exhausted
 *   active     → canceled            cancel at period end takes effect (at or after the period end)
 *   active | past_due: cancel at period end / resume; active: schedule a plan change for the next period.
 * Pure: time comes in on the event. Every other (status, event) pair is a
 * SubscriptionTransitionNotAllowed — the caller ignores it when it came from a replayed or
 * out-of-order gateway event.
 */
import { Either } from "effect";
import { plans } from "./catalogue.ts";
import { SubscriptionTransitionNotAllowed } from "./errors.ts";
import type { PaidPlanId, SubscriptionState } from "./model.ts";

/** Incomplete subscriptions expire after 23 hours without payment (Stripe). */
export const INCOMPLETE_EXPIRY_MS = 23 * 60 * 60 * 1000;

export type SubscriptionEvent =
  | {
      readonly type: "invoice_paid";
      readonly periodStart: Date;
      readonly periodEnd: Date;
      readonly planId: PaidPlanId;
      readonly at: Date;
    }
  | {
      readonly type: "invoice_payment_failed";
      readonly periodStart: Date;
      readonly periodEnd: Date;
      readonly at: Date;
    }
  | { readonly type: "expire"; readonly at: Date }
  | { readonly type: "set_cancel_at_period_end"; readonly cancel: boolean; readonly at: Date }
  | { readonly type: "schedule_plan_change"; readonly planId: PaidPlanId | null; readonly at: Date }
  | { readonly type: "cancel"; readonly reason: "period_end" | "retries_exhausted"; readonly at: Date };

export type SubscriptionEventType = SubscriptionEvent["type"];

const refuse = (state: SubscriptionState, event: SubscriptionEvent, reason: string) =>
  Either.left(new SubscriptionTransitionNotAllowed({ from: state.status, event: event.type, reason }));

const ok = (state: SubscriptionState) => Either.right(state);

/** Applies one event; Left when the pair is not a transition of the life cycle above. */
export function transition(
  state: SubscriptionState,
  event: SubscriptionEvent,
): Either.Either<SubscriptionState, SubscriptionTransitionNotAllowed> {
  const { status } = state;
  if (status === "canceled" || status === "incomplete_expired")
    return refuse(state, event, `The subscription is ${status}.`);
  const start = state.currentPeriodStart?.getTime() ?? Number.NEGATIVE_INFINITY;

  switch (event.type) {
    case "invoice_paid": {
      if (event.periodEnd <= event.periodStart) return refuse(state, event, "Empty period.");
      if (plans[event.planId].audience !== plans[state.planId].audience)
        return refuse(state, event, "The plan is for the other side.");
      const paid: SubscriptionState = {
        ...state,
        status: "active",
        planId: event.planId,
        currentPeriodStart: event.periodStart,
        currentPeriodEnd: event.periodEnd,
        scheduledPlanId: state.scheduledPlanId === event.planId ? null : state.scheduledPlanId,
        pastDueSince: null,
      };
      if (status === "incomplete") return ok(paid);
      if (status === "active")
        return event.periodStart.getTime() > start
          ? ok(paid)
          : refuse(state, event, "This period is already paid.");
      // past_due: the open invoice (this period or a later one) is paid.
      return event.periodStart.getTime() >= start ? ok(paid) : refuse(state, event, "An older period.");
    }
    case "invoice_payment_failed": {
      if (status === "incomplete")
        return state.currentPeriodStart === null || event.periodStart.getTime() === start
          ? ok(state)
          : refuse(state, event, "Not the first invoice.");
      if (status === "active")
        return event.periodStart.getTime() > start
          ? ok({
              ...state,
              status: "past_due",
              currentPeriodStart: event.periodStart,
              currentPeriodEnd: event.periodEnd,
              pastDueSince: event.at,
            })
          : refuse(state, event, "A failure for a period already paid.");
      // past_due: another failed retry of the same invoice.
      return event.periodStart.getTime() === start ? ok(state) : refuse(state, event, "Another period.");
    }
    case "expire":
      if (status !== "incomplete") return refuse(state, event, "Only an incomplete subscription expires.");
      return event.at.getTime() - state.createdAt.getTime() >= INCOMPLETE_EXPIRY_MS
        ? ok({ ...state, status: "incomplete_expired" })
        : refuse(state, event, "Not 23 hours old yet.");
    case "set_cancel_at_period_end":
      if (status === "incomplete") return refuse(state, event, "Nothing to cancel at period end yet.");
      return ok({ ...state, cancelAtPeriodEnd: event.cancel });
    case "schedule_plan_change":
      if (status !== "active") return refuse(state, event, "Only an active subscription can change plan.");
      if (event.planId !== null && plans[event.planId].audience !== plans[state.planId].audience)
        return refuse(state, event, "The plan is for the other side.");
      return ok({ ...state, scheduledPlanId: event.planId === state.planId ? null : event.planId });
    case "cancel":
      if (status === "active" && event.reason === "period_end") {
        if (!state.cancelAtPeriodEnd) return refuse(state, event, "Cancellation was not requested.");
        if (state.currentPeriodEnd && event.at < state.currentPeriodEnd)
          return refuse(state, event, "The period has not ended.");
        return ok({ ...state, status: "canceled", canceledAt: event.at, pastDueSince: null });
      }
      if (status === "past_due")
        return ok({ ...state, status: "canceled", canceledAt: event.at, pastDueSince: null });
      return refuse(state, event, `Cannot cancel (${event.reason}) from ${status}.`);
  }
}
