import { Either, FastCheck as fc } from "effect";
import { describe, expect, it } from "vitest";
import { entitlementsFor, GRACE_PERIOD_MS } from "./entitlements.ts";
import type { PaidPlanId, SubscriptionState, SubscriptionStatus } from "./model.ts";
import { addInterval } from "./model.ts";
import { INCOMPLETE_EXPIRY_MS, type SubscriptionEvent, transition } from "./subscription-machine.ts";
import { gstOfInclusive, isValidAbn } from "./tax-invoice.ts";

const DAY = 86_400_000;
const t0 = new Date("2026-11-23T09:00:00Z");
const at = (days: number) => new Date(t0.getTime() + days * DAY);

const fresh = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  status: "incomplete",
  planId: "professional",
  interval: "month",
  createdAt: t0,
  currentPeriodStart: t0,
  currentPeriodEnd: addInterval(t0, "month"),
  cancelAtPeriodEnd: false,
  scheduledPlanId: null,
  pastDueSince: null,
  canceledAt: null,
  ...over,
});

const right = (e: Either.Either<SubscriptionState, unknown>) => {
  if (Either.isLeft(e)) throw new Error(`refused: ${JSON.stringify(e.left)}`);
  return e.right;
};

describe("subscription machine: the life cycle", () => {
  it("incomplete → active on the first paid invoice; a declined first payment stays incomplete", () => {
    const s = fresh();
    expect(
      right(transition(s, { type: "invoice_payment_failed", periodStart: t0, periodEnd: at(30), at: t0 }))
        .status,
    ).toBe("incomplete");
    const active = right(
      transition(s, {
        type: "invoice_paid",
        periodStart: t0,
        periodEnd: at(30),
        planId: "professional",
        at: t0,
      }),
    );
    expect(active).toMatchObject({ status: "active", currentPeriodEnd: at(30) });
  });

  it("incomplete → incomplete_expired only after 23 hours", () => {
    expect(
      Either.isLeft(
        transition(fresh(), { type: "expire", at: new Date(t0.getTime() + INCOMPLETE_EXPIRY_MS - 1) }),
      ),
    ).toBe(true);
    expect(
      right(transition(fresh(), { type: "expire", at: new Date(t0.getTime() + INCOMPLETE_EXPIRY_MS) }))
        .status,
    ).toBe("incomplete_expired");
  });

  it("active → past_due (renewal fails) → active (retry pays) or → canceled (retries exhausted)", () => {
    const active = fresh({ status: "active" });
    const pastDue = right(
      transition(active, {
        type: "invoice_payment_failed",
        periodStart: at(30),
        periodEnd: at(60),
        at: at(30),
      }),
    );
    expect(pastDue).toMatchObject({ status: "past_due", pastDueSince: at(30), currentPeriodStart: at(30) });
    expect(
      right(
        transition(pastDue, {
          type: "invoice_payment_failed",
          periodStart: at(30),
          periodEnd: at(60),
          at: at(32),
        }),
      ).pastDueSince,
    ).toEqual(at(30));
    expect(
      right(
        transition(pastDue, {
          type: "invoice_paid",
          periodStart: at(30),
          periodEnd: at(60),
          planId: "professional",
          at: at(32),
        }),
      ),
    ).toMatchObject({ status: "active", pastDueSince: null });
    expect(
      right(transition(pastDue, { type: "cancel", reason: "retries_exhausted", at: at(37) })).status,
    ).toBe("canceled");
  });

  it("cancel at period end takes effect only at the period end; resume undoes it", () => {
    const active = fresh({ status: "active" });
    expect(Either.isLeft(transition(active, { type: "cancel", reason: "period_end", at: at(31) }))).toBe(
      true,
    );
    const canceling = right(
      transition(active, { type: "set_cancel_at_period_end", cancel: true, at: at(1) }),
    );
    expect(Either.isLeft(transition(canceling, { type: "cancel", reason: "period_end", at: at(10) }))).toBe(
      true,
    );
    expect(right(transition(canceling, { type: "cancel", reason: "period_end", at: at(30) })).status).toBe(
      "canceled",
    );
    expect(
      right(transition(canceling, { type: "set_cancel_at_period_end", cancel: false, at: at(2) }))
        .cancelAtPeriodEnd,
    ).toBe(false);
  });

  it("a scheduled plan change applies at the next period start, with the renewal", () => {
    const active = fresh({ status: "active", planId: "enterprise" });
    const scheduled = right(
      transition(active, { type: "schedule_plan_change", planId: "professional", at: at(3) }),
    );
    expect(scheduled).toMatchObject({ planId: "enterprise", scheduledPlanId: "professional" });
    const renewed = right(
      transition(scheduled, {
        type: "invoice_paid",
        periodStart: at(30),
        periodEnd: at(60),
        planId: "professional",
        at: at(30),
      }),
    );
    expect(renewed).toMatchObject({
      planId: "professional",
      scheduledPlanId: null,
      currentPeriodStart: at(30),
    });
    expect(
      Either.isLeft(transition(active, { type: "schedule_plan_change", planId: "agent_pro", at: at(3) })),
    ).toBe(true);
  });
});

// Property-based: every (status, event) pair either is one of the listed transitions or is refused.
const statuses: SubscriptionStatus[] = ["incomplete", "incomplete_expired", "active", "past_due", "canceled"];
const planArb = fc.constantFrom<PaidPlanId>("professional", "enterprise");
const dayArb = fc.integer({ min: -40, max: 120 });
const eventArb: fc.Arbitrary<SubscriptionEvent> = fc.oneof(
  fc.tuple(dayArb, planArb, dayArb).map(([d, planId, a]) => ({
    type: "invoice_paid" as const,
    periodStart: at(d),
    periodEnd: at(d + 30),
    planId,
    at: at(a),
  })),
  fc.tuple(dayArb, dayArb).map(([d, a]) => ({
    type: "invoice_payment_failed" as const,
    periodStart: at(d),
    periodEnd: at(d + 30),
    at: at(a),
  })),
  dayArb.map((a) => ({ type: "expire" as const, at: at(a) })),
  fc
    .tuple(fc.boolean(), dayArb)
    .map(([cancel, a]) => ({ type: "set_cancel_at_period_end" as const, cancel, at: at(a) })),
  fc
    .tuple(fc.option(planArb, { nil: null }), dayArb)
    .map(([planId, a]) => ({ type: "schedule_plan_change" as const, planId, at: at(a) })),
  fc
    .tuple(fc.constantFrom<"period_end" | "retries_exhausted">("period_end", "retries_exhausted"), dayArb)
    .map(([reason, a]) => ({ type: "cancel" as const, reason, at: at(a) })),
);
const stateArb: fc.Arbitrary<SubscriptionState> = fc
  .tuple(fc.constantFrom(...statuses), planArb, fc.boolean(), fc.integer({ min: 0, max: 60 }))
  .map(([status, planId, cancelAtPeriodEnd, start]) =>
    fresh({
      status,
      planId,
      cancelAtPeriodEnd,
      currentPeriodStart: at(start),
      currentPeriodEnd: at(start + 30),
      pastDueSince: status === "past_due" ? at(start) : null,
    }),
  );

const allowed: Record<SubscriptionStatus, SubscriptionStatus[]> = {
  incomplete: ["incomplete", "active", "incomplete_expired"],
  active: ["active", "past_due", "canceled"],
  past_due: ["past_due", "active", "canceled"],
  canceled: [],
  incomplete_expired: [],
};

describe("subscription machine: properties (FastCheck)", () => {
  it("only the listed status changes happen; terminal statuses refuse everything", () => {
    fc.assert(
      fc.property(stateArb, eventArb, (state, event) => {
        const next = transition(state, event);
        if (Either.isLeft(next)) {
          expect(next.left._tag).toBe("SubscriptionTransitionNotAllowed");
          expect(next.left.from).toBe(state.status);
          return;
        }
        expect(allowed[state.status]).toContain(next.right.status);
      }),
      { numRuns: 2000 },
    );
  });

  it("a replayed invoice.paid for the current period never changes an active subscription", () => {
    fc.assert(
      fc.property(stateArb, planArb, (state, planId) => {
        const active = { ...state, status: "active" as const };
        const replay = transition(active, {
          type: "invoice_paid",
          periodStart: active.currentPeriodStart ?? t0,
          periodEnd: active.currentPeriodEnd ?? at(30),
          planId,
          at: t0,
        });
        expect(Either.isLeft(replay)).toBe(true);
      }),
    );
  });

  it("past_due keeps only the same period's failures; an older period's events are refused", () => {
    fc.assert(
      fc.property(stateArb, fc.integer({ min: 1, max: 60 }), (state, back) => {
        const pastDue = { ...state, status: "past_due" as const };
        const start = pastDue.currentPeriodStart ?? t0;
        const older = new Date(start.getTime() - back * DAY);
        expect(
          Either.isLeft(
            transition(pastDue, {
              type: "invoice_paid",
              periodStart: older,
              periodEnd: start,
              planId: pastDue.planId,
              at: t0,
            }),
          ),
        ).toBe(true);
        expect(
          Either.isLeft(
            transition(pastDue, {
              type: "invoice_payment_failed",
              periodStart: older,
              periodEnd: start,
              at: t0,
            }),
          ),
        ).toBe(true);
      }),
    );
  });
});

describe("entitlementsFor", () => {
  it("reads the plan when active, the free plan when canceled or incomplete, and keeps past_due for 7 days", () => {
    expect(entitlementsFor("professional", "active", t0)).toMatchObject({
      planId: "professional",
      partnershipLimit: 10,
      verificationBadge: true,
      priorityReview: true,
      performanceMetrics: true,
      advancedAnalytics: false,
    });
    expect(entitlementsFor("enterprise", "active", t0)).toMatchObject({
      partnershipLimit: null,
      advancedAnalytics: true,
      apiAccess: true,
    });
    expect(entitlementsFor("agent_pro", "active", t0)).toMatchObject({
      partnershipLimit: null,
      featuredListing: true,
    });
    expect(entitlementsFor("professional", "canceled", t0)).toMatchObject({
      planId: "basic",
      partnershipLimit: 3,
      verificationBadge: false,
    });
    expect(entitlementsFor("agent_pro", "incomplete", t0)).toMatchObject({
      planId: "agent_basic",
      featuredListing: false,
    });
    expect(entitlementsFor("basic", null, t0).partnershipLimit).toBe(3);
    const since = at(0);
    expect(entitlementsFor("professional", "past_due", at(6.9), since)).toMatchObject({
      planId: "professional",
      inGrace: true,
    });
    expect(
      entitlementsFor("professional", "past_due", new Date(since.getTime() + GRACE_PERIOD_MS), since),
    ).toMatchObject({
      planId: "basic",
      inGrace: false,
    });
  });
});

describe("tax invoice arithmetic", () => {
  it("GST is total / 11 to the cent; the platform ABN checksum holds", () => {
    expect(gstOfInclusive(4900)).toBe(445);
    expect(gstOfInclusive(9900)).toBe(900);
    expect(gstOfInclusive(1900)).toBe(173);
    expect(gstOfInclusive(49000)).toBe(4455);
    expect(isValidAbn("51 824 753 556")).toBe(true);
    expect(isValidAbn("51 824 753 557")).toBe(false);
  });
});
