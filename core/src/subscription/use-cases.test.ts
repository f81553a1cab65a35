/**
 * Subscription use cases without a database (spec §9, issue 13): subscribing, the local card
 * steps, Settings → Billing, gateway events and their emails. The state machine itself is
 * covered by subscription-machine.test.ts.
 */
import { Effect, Either, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { aUser, makeIdentityMemory } from "../identity/testing/index.ts";
import { makeTestClock } from "../shared/clock.ts";
import { SubscriptionInvoiceId } from "../shared/ids.ts";
import { type Email, Mailer } from "../shared/mailer.ts";
import {
  changePlan,
  currentPlan,
  getBilling,
  getTaxInvoice,
  listSubscriptionInvoices,
  setCancelAtPeriodEnd,
} from "./billing.ts";
import type { PlanId } from "./catalogue.ts";
import { authenticateLocalSubscriptionPayment, confirmLocalSubscriptionPayment } from "./local-payments.ts";
import type { GatewayInvoice, SubscriptionGatewayEvent } from "./ports.ts";
import { getOrCreateSubscription } from "./subscribe.ts";
import {
  advanceLocalBillingClock,
  applySubscriptionEvent,
  deliverLocalBillingEvents,
  handleSubscriptionWebhook,
  runLocalBilling,
} from "./subscription-events.ts";
import { formatAbn, taxInvoiceNumber } from "./tax-invoice.ts";
import {
  authenticationCard,
  declinedCard,
  makeSubscriptionGatewayMemory,
  makeSubscriptionMemory,
} from "./testing/index.ts";

const now = new Date("2026-11-28T00:00:00Z");
const day = 86_400_000;
const nextMonth = new Date("2026-12-28T00:00:00Z");
const business = aUser(1, "business");
const agent = aUser(2, "agent");
const card = (number = "4242424242424242") => ({ number, expMonth: 12, expYear: 2030, cvc: "123" });

/**
 * Users 1 (business) and 2 (agent), the subscription store, the gateway (local: with its billing
 * engine; `stripe`: the gateway alone), a mail recorder (or a failing mailer) and a clock at `now`.
 */
const world = (
  options: {
    readonly given?: Readonly<Record<number, PlanId>>;
    readonly stripe?: boolean;
    readonly failingMail?: boolean;
  } = {},
) => {
  const identity = makeIdentityMemory();
  identity.users.push({ user: business, passwordHash: "" }, { user: agent, passwordHash: "" });
  const store = makeSubscriptionMemory(options.given);
  const gateway = makeSubscriptionGatewayMemory(now);
  const mails: Email[] = [];
  const mailer = Layer.succeed(Mailer, {
    send: (mail) =>
      options.failingMail ? Effect.die("smtp down") : Effect.sync(() => void mails.push(mail)),
  });
  const layer = Layer.mergeAll(
    identity.layer,
    store.layer,
    options.stripe ? gateway.gateway : gateway.layer,
    mailer,
    makeTestClock(now).layer,
  );
  const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, layer) as Effect.Effect<A, E, never>));
  /** Subscribes the business to Professional and pays the first month with a good card. */
  const subscribed = async () => {
    Either.getOrThrow(await run(getOrCreateSubscription(business, "price_professional")));
    Either.getOrThrow(
      await run(confirmLocalSubscriptionPayment(business, "pi_sub_1", "pi_sub_1_secret", card())),
    );
  };
  return { run, store, gateway, mails, subscribed };
};

const leftOf = (result: Either.Either<unknown, unknown>) => (Either.isLeft(result) ? result.left : "Right");

/** The second month's invoice of subscription sub_mem_1 (Professional, monthly). */
const renewalInvoice = (failureMessage: string | null = null): GatewayInvoice => ({
  id: "in_renewal",
  subscriptionId: "sub_mem_1",
  planId: "professional",
  interval: "month",
  amountCents: 4_900,
  periodStart: nextMonth,
  periodEnd: new Date("2027-01-28T00:00:00Z"),
  failureMessage,
});

/** The gateway's snapshot of sub_mem_1 once active (for crafted events). */
const gatewayActive = () => ({
  id: "sub_mem_1",
  customerId: "cus_mem_1",
  status: "active" as const,
  planId: "professional" as const,
  interval: "month" as const,
  currentPeriodStart: now,
  currentPeriodEnd: nextMonth,
  cancelAtPeriodEnd: false,
  scheduledPlanId: null,
  payment: null,
});

describe("getOrCreateSubscription", () => {
  it("creates one incomplete subscription with the gateway and answers its first payment's client secret", async () => {
    const { run, store, gateway } = world();
    const started = Either.getOrThrow(await run(getOrCreateSubscription(business, "price_professional")));
    expect(started).toMatchObject({
      isActive: false,
      clientSecret: "pi_sub_1_secret",
      subscription: { id: 1, userId: 1, planId: "professional", interval: "month", status: "incomplete" },
    });
    expect(gateway.requests).toEqual([
      expect.objectContaining({
        userId: 1,
        email: "u1@example.com",
        customerId: null,
        planId: "professional",
        interval: "month",
        amountCents: 4_900,
        idempotencyKey: "closr-subscription-1",
        subscriptionRowId: 1,
      }),
    ]);
    expect(store.subscriptions).toEqual([
      expect.objectContaining({ gatewaySubscriptionId: "sub_mem_1", paymentIntentId: "pi_sub_1" }),
    ]);
    // A second click: the same subscription and secret, no second gateway call.
    const again = Either.getOrThrow(await run(getOrCreateSubscription(business, "price_professional")));
    expect(again.clientSecret).toBe("pi_sub_1_secret");
    expect(gateway.requests).toHaveLength(1);
    expect(store.subscriptions).toHaveLength(1);
  });

  it("a year costs ten months", async () => {
    const { run, gateway } = world();
    Either.getOrThrow(await run(getOrCreateSubscription(agent, "price_agent_pro", "year")));
    expect(gateway.requests[0]).toMatchObject({ planId: "agent_pro", interval: "year", amountCents: 19_000 });
  });

  it("UnknownPlan for a price that is not a paid plan's; PlanNotForAccountType for the other side's plan", async () => {
    const { run, store } = world();
    expect(leftOf(await run(getOrCreateSubscription(business, "price_nope")))).toEqual(
      expect.objectContaining({ _tag: "UnknownPlan", priceId: "price_nope" }),
    );
    expect(leftOf(await run(getOrCreateSubscription(agent, "price_professional")))).toEqual(
      expect.objectContaining({ _tag: "PlanNotForAccountType", planId: "professional", userType: "agent" }),
    );
    expect(store.subscriptions).toEqual([]);
  });

  it("SubscriptionPending while a checkout for another plan or interval waits for payment", async () => {
    const { run } = world();
    await run(getOrCreateSubscription(business, "price_professional"));
    for (const [price, interval] of [
      ["price_enterprise", "month"],
      ["price_professional", "year"],
    ] as const)
      expect(leftOf(await run(getOrCreateSubscription(business, price, interval)))).toEqual(
        expect.objectContaining({ _tag: "SubscriptionPending", planId: "professional" }),
      );
  });

  it("an active subscription answers isActive without a client secret", async () => {
    const { run, subscribed } = world();
    await subscribed();
    expect(Either.getOrThrow(await run(getOrCreateSubscription(business, "price_enterprise")))).toMatchObject(
      {
        isActive: true,
        clientSecret: null,
        subscription: { status: "active", planId: "professional" },
      },
    );
  });

  it("SubscriptionGatewayUnavailable leaves the row; the retry reuses it with the same idempotency key", async () => {
    const { run, store, gateway } = world();
    gateway.setUnavailable(true);
    expect(leftOf(await run(getOrCreateSubscription(business, "price_professional")))).toMatchObject({
      _tag: "SubscriptionGatewayUnavailable",
    });
    expect(store.subscriptions).toEqual([expect.objectContaining({ id: 1, gatewaySubscriptionId: null })]);
    gateway.setUnavailable(false);
    const retried = Either.getOrThrow(await run(getOrCreateSubscription(business, "price_professional")));
    expect(retried.subscription).toMatchObject({ id: 1, gatewaySubscriptionId: "sub_mem_1" });
    expect(gateway.requests.map((r) => r.idempotencyKey)).toEqual(["closr-subscription-1"]);
  });
});

describe("local card steps", () => {
  it("a good card pays the first month: active, the plan on the user, a numbered tax invoice and a welcome email", async () => {
    const { run, store, mails } = world();
    await run(getOrCreateSubscription(business, "price_professional"));
    const payment = Either.getOrThrow(
      await run(confirmLocalSubscriptionPayment(business, "pi_sub_1", "pi_sub_1_secret", card())),
    );
    expect(payment).toMatchObject({ id: "pi_sub_1", status: "succeeded", lastError: null });
    expect(store.subscriptions[0]).toMatchObject({
      status: "active",
      currentPeriodStart: now,
      currentPeriodEnd: nextMonth,
      paymentIntentId: null,
      clientSecret: null,
    });
    expect(store.plans.get(business.id)).toBe("professional");
    expect(store.invoices).toEqual([
      expect.objectContaining({
        number: "CLR-000001",
        status: "paid",
        amountCents: 4_900,
        gstCents: 445,
        paidAt: now,
      }),
    ]);
    expect(mails).toEqual([
      expect.objectContaining({
        to: "u1@example.com",
        subject: "Welcome to Professional",
        text: expect.stringContaining("We charged $49.00 (GST included); your tax invoice CLR-000001"),
      }),
    ]);
    expect(mails[0]?.text).toContain("It renews on 28 December 2026.");
  });

  it("a declined card leaves it incomplete with a failed invoice and the card's error; no email", async () => {
    const { run, store, mails } = world();
    await run(getOrCreateSubscription(business, "price_professional"));
    const payment = Either.getOrThrow(
      await run(confirmLocalSubscriptionPayment(business, "pi_sub_1", "pi_sub_1_secret", card(declinedCard))),
    );
    expect(payment).toMatchObject({
      status: "requires_payment_method",
      lastError: { code: "card_declined", message: "Your card was declined." },
    });
    expect(store.subscriptions[0]?.status).toBe("incomplete");
    expect(store.invoices).toEqual([
      expect.objectContaining({ status: "failed", number: null, failureMessage: "Your card was declined." }),
    ]);
    expect(store.plans.has(business.id)).toBe(false);
    expect(mails).toEqual([]);
  });

  it("a card that needs authentication pays once authenticated", async () => {
    const { run, store } = world();
    await run(getOrCreateSubscription(business, "price_professional"));
    const asked = Either.getOrThrow(
      await run(
        confirmLocalSubscriptionPayment(business, "pi_sub_1", "pi_sub_1_secret", card(authenticationCard)),
      ),
    );
    expect(asked).toMatchObject({ status: "requires_action", nextAction: "local_authenticate" });
    expect(store.subscriptions[0]?.status).toBe("incomplete");
    const done = Either.getOrThrow(
      await run(authenticateLocalSubscriptionPayment(business, "pi_sub_1", "pi_sub_1_secret", "complete")),
    );
    expect(done.status).toBe("succeeded");
    expect(store.subscriptions[0]?.status).toBe("active");
  });

  it("SubscriptionPaymentNotFound: another user's payment, a wrong client secret, or no local gateway", async () => {
    const { run, store } = world();
    await run(getOrCreateSubscription(business, "price_professional"));
    expect(
      leftOf(await run(confirmLocalSubscriptionPayment(agent, "pi_sub_1", "pi_sub_1_secret", card()))),
    ).toEqual(expect.objectContaining({ _tag: "SubscriptionPaymentNotFound", id: "pi_sub_1" }));
    expect(
      leftOf(await run(confirmLocalSubscriptionPayment(business, "pi_sub_1", "wrong", card()))),
    ).toMatchObject({
      _tag: "SubscriptionPaymentNotFound",
    });
    expect(
      leftOf(
        await run(authenticateLocalSubscriptionPayment(agent, "pi_sub_1", "pi_sub_1_secret", "complete")),
      ),
    ).toMatchObject({ _tag: "SubscriptionPaymentNotFound" });
    expect(store.subscriptions[0]?.status).toBe("incomplete");
    const stripe = world({ stripe: true });
    await stripe.run(getOrCreateSubscription(business, "price_professional"));
    expect(
      leftOf(
        await stripe.run(confirmLocalSubscriptionPayment(business, "pi_sub_1", "pi_sub_1_secret", card())),
      ),
    ).toMatchObject({ _tag: "SubscriptionPaymentNotFound", id: "pi_sub_1" });
  });
});

describe("Settings → Billing", () => {
  it("without a subscription: the free plan, or a plan given to the user; no renewal", async () => {
    const { run } = world({ given: { 2: "agent_pro" } });
    expect(Either.getOrThrow(await run(getBilling(business)))).toMatchObject({
      subscription: null,
      entitlements: { planId: "basic", partnershipLimit: 3 },
      nextRenewal: null,
    });
    expect(Either.getOrThrow(await run(getBilling(agent))).entitlements).toMatchObject({
      planId: "agent_pro",
      featuredListing: true,
    });
    expect(Either.getOrThrow(await run(currentPlan(agent)))).toBe("agent_pro");
    expect(Either.getOrThrow(await run(currentPlan(null)))).toBeNull();
  });

  it("active: the plan's entitlements and the next renewal", async () => {
    const { run, subscribed } = world();
    await subscribed();
    expect(Either.getOrThrow(await run(getBilling(business)))).toMatchObject({
      subscription: { status: "active" },
      entitlements: { planId: "professional", performanceMetrics: true },
      nextRenewal: { at: nextMonth, amountCents: 4_900, planId: "professional" },
    });
  });

  it("cancel at period end and resume go through the gateway's event", async () => {
    const { run, gateway, subscribed } = world();
    await subscribed();
    const canceling = Either.getOrThrow(await run(setCancelAtPeriodEnd(business, true)));
    expect(canceling.subscription?.cancelAtPeriodEnd).toBe(true);
    expect(canceling.nextRenewal).toBeNull();
    const resumed = Either.getOrThrow(await run(setCancelAtPeriodEnd(business, false)));
    expect(resumed.nextRenewal).toMatchObject({ at: nextMonth });
    expect(gateway.calls).toEqual([
      {
        op: "setCancelAtPeriodEnd",
        id: "sub_mem_1",
        key: `closr-subscription-1-cancel-${now.getTime()}`,
        value: true,
      },
      {
        op: "setCancelAtPeriodEnd",
        id: "sub_mem_1",
        key: `closr-subscription-1-resume-${now.getTime()}`,
        value: false,
      },
    ]);
  });

  it("a plan change applies at the next renewal; the current plan's price undoes it", async () => {
    const { run, gateway, subscribed } = world();
    await subscribed();
    const changed = Either.getOrThrow(await run(changePlan(business, "price_enterprise")));
    expect(changed.subscription?.scheduledPlanId).toBe("enterprise");
    expect(changed.entitlements.planId).toBe("professional");
    expect(changed.nextRenewal).toMatchObject({ amountCents: 9_900, planId: "enterprise" });
    const undone = Either.getOrThrow(await run(changePlan(business, "price_professional")));
    expect(undone.subscription?.scheduledPlanId).toBeNull();
    expect(gateway.calls.map((c) => [c.op, c.value, c.key])).toEqual([
      ["schedulePlanChange", "enterprise", `closr-subscription-1-plan-enterprise-${now.getTime()}`],
      ["schedulePlanChange", null, `closr-subscription-1-plan-professional-${now.getTime()}`],
    ]);
  });

  it("SubscriptionNotFound without a subscription; SubscriptionNotChangeable while incomplete", async () => {
    const { run, gateway } = world();
    expect(leftOf(await run(setCancelAtPeriodEnd(business, true)))).toMatchObject({
      _tag: "SubscriptionNotFound",
    });
    expect(leftOf(await run(changePlan(business, "price_enterprise")))).toMatchObject({
      _tag: "SubscriptionNotFound",
    });
    await run(getOrCreateSubscription(business, "price_professional"));
    expect(leftOf(await run(setCancelAtPeriodEnd(business, true)))).toEqual(
      expect.objectContaining({
        _tag: "SubscriptionNotChangeable",
        status: "incomplete",
        reason: "The subscription is incomplete.",
      }),
    );
    expect(gateway.calls).toEqual([]);
  });

  it("changePlan: UnknownPlan and PlanNotForAccountType before anything else", async () => {
    const { run, subscribed } = world();
    await subscribed();
    expect(leftOf(await run(changePlan(business, "price_gold")))).toMatchObject({
      _tag: "UnknownPlan",
      priceId: "price_gold",
    });
    expect(leftOf(await run(changePlan(business, "price_agent_pro")))).toMatchObject({
      _tag: "PlanNotForAccountType",
      planId: "agent_pro",
      userType: "business",
    });
  });

  it("the caller's invoices (newest first) and a paid one's tax invoice; a failed or another's is not found", async () => {
    const { run, subscribed } = world();
    await subscribed();
    Either.getOrThrow(
      await run(
        applySubscriptionEvent({
          id: "evt_failed",
          type: "invoice.payment_failed",
          created: nextMonth,
          subscription: { ...gatewayActive(), status: "past_due", payment: null },
          invoice: renewalInvoice("Insufficient funds"),
        }),
      ),
    );
    const page = Either.getOrThrow(await run(listSubscriptionInvoices(business, { page: 1, pageSize: 10 })));
    expect(page.total).toBe(2);
    expect(page.items.map((i) => [i.id, i.status])).toEqual([
      [2, "failed"],
      [1, "paid"],
    ]);
    expect(
      Either.getOrThrow(await run(getTaxInvoice(business, SubscriptionInvoiceId.make(1)))),
    ).toMatchObject({
      invoice: { number: "CLR-000001" },
      user: { id: 1 },
    });
    for (const [user, id] of [
      [business, 2],
      [agent, 1],
      [business, 9],
    ] as const)
      expect(leftOf(await run(getTaxInvoice(user, SubscriptionInvoiceId.make(id))))).toEqual(
        expect.objectContaining({ _tag: "SubscriptionPaymentNotFound", id: String(id) }),
      );
    expect(
      Either.getOrThrow(await run(listSubscriptionInvoices(agent, { page: 1, pageSize: 10 }))).total,
    ).toBe(0);
  });
});

describe("gateway events", () => {
  it("a renewal is paid: a receipt; a replay of it is a duplicate; the same period again is ignored", async () => {
    const { run, store, mails, subscribed } = world();
    await subscribed();
    const renewal: SubscriptionGatewayEvent = {
      id: "evt_renewal",
      type: "invoice.paid",
      created: nextMonth,
      subscription: gatewayActive(),
      invoice: renewalInvoice(),
    };
    expect(Either.getOrThrow(await run(applySubscriptionEvent(renewal)))).toMatchObject({
      type: "applied",
      after: { status: "active", currentPeriodStart: nextMonth },
      invoice: { number: "CLR-000002", status: "paid" },
    });
    expect(mails.at(-1)).toMatchObject({
      subject: "Receipt for your Professional renewal",
      text: expect.stringContaining(
        "We charged $49.00 (GST $4.45 included) for Professional, 28 December 2026 to 28 January 2027",
      ),
    });
    expect(Either.getOrThrow(await run(applySubscriptionEvent(renewal)))).toEqual({ type: "duplicate" });
    expect(Either.getOrThrow(await run(applySubscriptionEvent({ ...renewal, id: "evt_again" })))).toEqual({
      type: "ignored",
      reason: "This period is already paid.",
    });
    expect(store.invoices).toHaveLength(2);
  });

  it("a failed renewal: past_due with the plan kept in grace and an email; retries exhausted: canceled, free plan", async () => {
    const { run, store, mails, subscribed } = world();
    await subscribed();
    const failed = Either.getOrThrow(
      await run(
        applySubscriptionEvent({
          id: "evt_failed",
          type: "invoice.payment_failed",
          created: nextMonth,
          subscription: {
            ...gatewayActive(),
            status: "past_due",
            payment: { id: "pi_renewal", clientSecret: "pi_renewal_secret", amountCents: 4_900 },
          },
          invoice: renewalInvoice("Insufficient funds"),
        }),
      ),
    );
    expect(failed).toMatchObject({
      type: "applied",
      after: { status: "past_due", pastDueSince: nextMonth, paymentIntentId: "pi_renewal" },
    });
    expect(store.plans.get(business.id)).toBe("professional");
    expect(mails.at(-1)).toMatchObject({
      subject: "Payment failed for your Professional plan",
      text: expect.stringContaining(
        "We couldn't charge $49.00 for your Professional plan: Insufficient funds",
      ),
    });
    expect(Either.getOrThrow(await run(getBilling(business))).entitlements).toMatchObject({
      planId: "professional",
      inGrace: true,
    });
    expect(leftOf(await run(changePlan(business, "price_enterprise")))).toEqual(
      expect.objectContaining({
        _tag: "SubscriptionNotChangeable",
        status: "past_due",
        reason: "Update your card first: the last payment failed.",
      }),
    );
    const deleted = Either.getOrThrow(
      await run(
        applySubscriptionEvent({
          id: "evt_deleted",
          type: "customer.subscription.deleted",
          created: new Date(nextMonth.getTime() + 8 * day),
          subscription: { ...gatewayActive(), status: "canceled" },
        }),
      ),
    );
    expect(deleted).toMatchObject({ type: "applied", after: { status: "canceled", pastDueSince: null } });
    expect(store.plans.has(business.id)).toBe(false);
    expect(mails.at(-1)).toMatchObject({
      subject: "Your Professional plan has been cancelled",
      text: expect.stringContaining("you're on the free Basic plan"),
    });
    expect(Either.getOrThrow(await run(getBilling(business)))).toMatchObject({
      subscription: { status: "canceled" },
      entitlements: { planId: "basic" },
      nextRenewal: null,
    });
  });

  it("an incomplete subscription expires after 23 hours; an unknown subscription and a no-op update change nothing", async () => {
    const { run, store } = world();
    await run(getOrCreateSubscription(business, "price_professional"));
    const snapshot = { ...gatewayActive(), status: "incomplete" as const };
    expect(
      Either.getOrThrow(
        await run(
          applySubscriptionEvent({
            id: "evt_same",
            type: "customer.subscription.updated",
            created: now,
            subscription: snapshot,
          }),
        ),
      ),
    ).toEqual({ type: "ignored", reason: "nothing to change" });
    expect(
      Either.getOrThrow(
        await run(
          applySubscriptionEvent({
            id: "evt_other",
            type: "customer.subscription.updated",
            created: now,
            subscription: { ...snapshot, id: "sub_unknown" },
          }),
        ),
      ),
    ).toEqual({ type: "unknown-subscription" });
    const expired = Either.getOrThrow(
      await run(
        applySubscriptionEvent({
          id: "evt_expired",
          type: "customer.subscription.updated",
          created: new Date(now.getTime() + day),
          subscription: { ...snapshot, status: "incomplete_expired" },
        }),
      ),
    );
    expect(expired).toMatchObject({ type: "applied", after: { status: "incomplete_expired" } });
    expect(store.subscriptions[0]?.status).toBe("incomplete_expired");
  });

  it("a failing mailer never fails the event", async () => {
    const { store, subscribed } = world({ failingMail: true });
    await subscribed();
    expect(store.subscriptions[0]?.status).toBe("active");
  });

  it("webhooks: InvalidWebhook on a bad signature, undefined when not a subscription event, else applied once", async () => {
    const { run, gateway } = world({ stripe: true });
    await run(getOrCreateSubscription(business, "price_professional"));
    expect(leftOf(await run(handleSubscriptionWebhook("{}", "forged")))).toMatchObject({
      _tag: "InvalidWebhook",
    });
    expect(Either.getOrThrow(await run(handleSubscriptionWebhook("payment_intent.succeeded", "valid")))).toBe(
      undefined,
    );
    gateway.outbox.push({
      id: "evt_paid",
      type: "invoice.paid",
      created: now,
      subscription: gatewayActive(),
      invoice: { ...renewalInvoice(), periodStart: now, periodEnd: nextMonth },
    });
    expect(Either.getOrThrow(await run(handleSubscriptionWebhook("evt_paid", "valid")))).toEqual({
      received: true,
      outcome: "applied",
    });
    expect(Either.getOrThrow(await run(handleSubscriptionWebhook("evt_paid", "valid")))).toEqual({
      received: true,
      outcome: "duplicate",
    });
  });

  it("the local billing engine: delivery, due runs and the test clock; without it, nothing or SubscriptionNotFound", async () => {
    const local = world();
    expect(Either.getOrThrow(await local.run(deliverLocalBillingEvents()))).toBe(0);
    expect(Either.getOrThrow(await local.run(runLocalBilling()))).toBe(0);
    expect(Either.getOrThrow(await local.run(advanceLocalBillingClock(day)))).toEqual(
      new Date(now.getTime() + day),
    );
    const stripe = world({ stripe: true });
    expect(Either.getOrThrow(await stripe.run(deliverLocalBillingEvents()))).toBe(0);
    expect(Either.getOrThrow(await stripe.run(runLocalBilling()))).toBe(0);
    expect(leftOf(await stripe.run(advanceLocalBillingClock(day)))).toMatchObject({
      _tag: "SubscriptionNotFound",
    });
  });
});

describe("tax invoice numbers", () => {
  it("CLR- and six digits; an ABN in groups of 2-3-3-3", () => {
    expect(taxInvoiceNumber(12)).toBe("CLR-000012");
    expect(taxInvoiceNumber(1_234_567)).toBe("CLR-1234567");
    expect(formatAbn("51824753556")).toBe("51 824 753 556");
    expect(formatAbn("51 824 753 556")).toBe("51 824 753 556");
  });
});
