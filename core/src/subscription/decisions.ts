/**
 * Gateway event → machine event (issue 13; ADR 0008's rule: events are the only way a status
 * changes). Invoice events carry the period they bill; subscription.updated events carry the
 * gateway's snapshot, of which only what is not told by an invoice event is read (expiry, cancel at
 * period end, scheduled plan). A refused transition means a replayed or out-of-order event: ignored.
 */
import { Either } from "effect";
import type { Subscription } from "./model.ts";
import type { EventDecisionResult, SubscriptionGatewayEvent } from "./ports.ts";
import { type SubscriptionEvent, transition } from "./subscription-machine.ts";

/** The machine events one gateway event stands for, in order (none: nothing to change). */
export function machineEvents(current: Subscription, event: SubscriptionGatewayEvent): SubscriptionEvent[] {
  const at = event.created;
  const s = event.subscription;
  switch (event.type) {
    case "invoice.paid":
      return [
        {
          type: "invoice_paid",
          periodStart: event.invoice.periodStart,
          periodEnd: event.invoice.periodEnd,
          planId: event.invoice.planId,
          at,
        },
      ];
    case "invoice.payment_failed":
      return [
        {
          type: "invoice_payment_failed",
          periodStart: event.invoice.periodStart,
          periodEnd: event.invoice.periodEnd,
          at,
        },
      ];
    case "customer.subscription.deleted":
      return [
        { type: "cancel", reason: current.status === "past_due" ? "retries_exhausted" : "period_end", at },
      ];
    case "customer.subscription.updated": {
      const out: SubscriptionEvent[] = [];
      if (s.status === "incomplete_expired" && current.status === "incomplete")
        out.push({ type: "expire", at });
      if (s.cancelAtPeriodEnd !== current.cancelAtPeriodEnd && current.status !== "incomplete")
        out.push({ type: "set_cancel_at_period_end", cancel: s.cancelAtPeriodEnd, at });
      if (s.scheduledPlanId !== current.scheduledPlanId && current.status === "active")
        out.push({ type: "schedule_plan_change", planId: s.scheduledPlanId, at });
      return out;
    }
  }
}

/** Decides what one gateway event does to the stored subscription. */
export function decideOnSubscriptionEvent(
  current: Subscription,
  event: SubscriptionGatewayEvent,
): EventDecisionResult {
  const events = machineEvents(current, event);
  if (events.length === 0) return Either.left({ reason: "nothing to change" });
  let state: Subscription = current;
  for (const e of events) {
    const next = transition(state, e);
    if (Either.isLeft(next)) return Either.left({ reason: next.left.reason });
    state = { ...state, ...next.right };
  }
  const recordInvoice =
    event.type === "invoice.paid" ? "paid" : event.type === "invoice.payment_failed" ? "failed" : null;
  return Either.right({ next: state, recordInvoice });
}
