/**
 * Subscription ports (ARCHITECTURE.md: subscriptions get their own port beside PaymentGateway,
 * with a Stripe and a local implementation). Infrastructure failures are defects.
 */

import { Context, type Effect, type Either, type Option } from "effect";
import type { InvalidWebhook } from "../shared/gateway-errors.ts";
import type { SubscriptionId, SubscriptionInvoiceId, UserId } from "../shared/ids.ts";
import type { Counted, Paging } from "../shared/paging.ts";
import type { PlanId } from "./catalogue.ts";
import type {
  SubscriptionGatewayUnavailable,
  SubscriptionPaymentNotFound,
  SubscriptionPaymentUnexpectedState,
} from "./errors.ts";
import type {
  BillingInterval,
  PaidPlanId,
  Subscription,
  SubscriptionInvoice,
  SubscriptionState,
  SubscriptionStatus,
} from "./model.ts";

/** The gateway's view of a subscription (Stripe's Subscription object, trimmed). */
export interface GatewaySubscription {
  readonly id: string;
  readonly customerId: string;
  readonly status: SubscriptionStatus;
  readonly planId: PaidPlanId;
  readonly interval: BillingInterval;
  readonly currentPeriodStart: Date;
  readonly currentPeriodEnd: Date;
  readonly cancelAtPeriodEnd: boolean;
  readonly scheduledPlanId: PaidPlanId | null;
  /** The latest invoice's payment, while it waits for the customer (incomplete or past_due). */
  readonly payment: {
    readonly id: string;
    readonly clientSecret: string;
    readonly amountCents: number;
  } | null;
}

/** The gateway's view of one invoice (Stripe's Invoice object, trimmed). */
export interface GatewayInvoice {
  readonly id: string;
  readonly subscriptionId: string;
  readonly planId: PaidPlanId;
  readonly interval: BillingInterval;
  readonly amountCents: number;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly failureMessage: string | null;
}

/** A subscription event from the gateway (Stripe webhook or the local gateway's outbox). */
export type SubscriptionGatewayEvent =
  | {
      readonly id: string;
      readonly type: "invoice.paid" | "invoice.payment_failed";
      readonly created: Date;
      readonly subscription: GatewaySubscription;
      readonly invoice: GatewayInvoice;
    }
  | {
      readonly id: string;
      readonly type: "customer.subscription.updated" | "customer.subscription.deleted";
      readonly created: Date;
      readonly subscription: GatewaySubscription;
    };

export interface CreateSubscriptionRequest {
  readonly userId: UserId;
  readonly email: string;
  /** The user's gateway customer, if they have one (users.stripe_customer_id). */
  readonly customerId: string | null;
  readonly planId: PaidPlanId;
  readonly interval: BillingInterval;
  readonly amountCents: number;
  /** One per subscription row: a repeated request returns the same subscription. */
  readonly idempotencyKey: string;
  readonly subscriptionRowId: SubscriptionId;
}

/**
 * Card billing of subscriptions, following Stripe Billing. Adapters: SubscriptionGatewayStripe
 * (Stripe Subscriptions, payment_behavior default_incomplete) and SubscriptionGatewayLocal.
 */
export class SubscriptionGateway extends Context.Tag("subscription/SubscriptionGateway")<
  SubscriptionGateway,
  {
    readonly kind: "local" | "stripe";
    readonly publishableKey: string | null;
    readonly createSubscription: (
      request: CreateSubscriptionRequest,
    ) => Effect.Effect<GatewaySubscription, SubscriptionGatewayUnavailable>;
    readonly retrieveSubscription: (
      id: string,
    ) => Effect.Effect<Option.Option<GatewaySubscription>, SubscriptionGatewayUnavailable>;
    /** Cancel at period end (true) or resume (false). */
    readonly setCancelAtPeriodEnd: (
      id: string,
      cancel: boolean,
      idempotencyKey: string,
    ) => Effect.Effect<GatewaySubscription, SubscriptionGatewayUnavailable>;
    /** The plan billed from the next period on (null: keep the current plan). */
    readonly schedulePlanChange: (
      id: string,
      planId: PaidPlanId | null,
      idempotencyKey: string,
    ) => Effect.Effect<GatewaySubscription, SubscriptionGatewayUnavailable>;
    /** Verifies a webhook and reads a subscription event (undefined: not a subscription event). */
    readonly parseWebhook: (
      rawBody: string,
      signature: string | undefined,
    ) => Effect.Effect<SubscriptionGatewayEvent | undefined, InvalidWebhook>;
  }
>() {}

/** A card as typed into the local checkout's form (never stored; the local gateway's test cards decide). */
export interface LocalCardDetails {
  readonly number: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvc: string;
}

/** What a local card confirmation answers (shaped like a PaymentIntent). */
export interface LocalSubscriptionPayment {
  readonly id: string;
  readonly clientSecret: string;
  readonly status: "requires_payment_method" | "requires_action" | "succeeded";
  readonly amountCents: number;
  readonly lastError: { readonly code: string; readonly message: string } | null;
  readonly nextAction: "local_authenticate" | null;
}

/**
 * The local gateway's billing engine: what Stripe.js and Stripe's servers do (card confirmation,
 * renewals on a clock, retries). Present only with SubscriptionGatewayLocal. Changes and their
 * events are written in one transaction; events are delivered through the same path as webhooks.
 */
export class LocalBilling extends Context.Tag("subscription/LocalBilling")<
  LocalBilling,
  {
    readonly confirm: (
      paymentId: string,
      clientSecret: string,
      card: LocalCardDetails,
    ) => Effect.Effect<
      LocalSubscriptionPayment,
      SubscriptionPaymentNotFound | SubscriptionPaymentUnexpectedState
    >;
    readonly authenticate: (
      paymentId: string,
      clientSecret: string,
      outcome: "complete" | "fail",
    ) => Effect.Effect<
      LocalSubscriptionPayment,
      SubscriptionPaymentNotFound | SubscriptionPaymentUnexpectedState
    >;
    /** Replaces the card future renewals are charged to (test cards decide; the number is not stored). */
    readonly updateCard: (subscriptionId: string, card: LocalCardDetails) => Effect.Effect<void>;
    /** The gateway's time: the Clock plus the offset moved by advanceClock (a Stripe test clock). */
    readonly now: Effect.Effect<Date>;
    readonly advanceClock: (ms: number) => Effect.Effect<Date>;
    /** Runs renewals, retries, cancellations and expiries due at the gateway's time; returns how many. */
    readonly runDue: Effect.Effect<number>;
    readonly undeliveredEvents: Effect.Effect<readonly SubscriptionGatewayEvent[]>;
    readonly markDelivered: (eventId: string) => Effect.Effect<void>;
  }
>() {}

/** What applying one gateway event did. */
export type AppliedSubscriptionEvent =
  | { readonly type: "duplicate" }
  | { readonly type: "unknown-subscription" }
  | { readonly type: "ignored"; readonly reason: string }
  | {
      readonly type: "applied";
      readonly before: Subscription;
      readonly after: Subscription;
      readonly invoice: SubscriptionInvoice | null;
    };

/** The decision on one event: the next state (and invoice to record), or why it is ignored. */
export type EventDecisionResult = Either.Either<
  { readonly next: SubscriptionState; readonly recordInvoice: "paid" | "failed" | null },
  { readonly reason: string }
>;

export class SubscriptionRepository extends Context.Tag("subscription/SubscriptionRepository")<
  SubscriptionRepository,
  {
    /**
     * Locks the user's row, reads their open subscription (incomplete, active or past_due) and
     * runs `decide`: "reuse" returns it, "create" inserts an incomplete row for the plan.
     * Parallel calls for one user are serialised (and a partial unique index backs it).
     */
    readonly begin: <E>(
      userId: UserId,
      decide: (open: Subscription | null) => Either.Either<"reuse" | "create", E>,
      create: { readonly planId: PaidPlanId; readonly interval: BillingInterval; readonly at: Date },
    ) => Effect.Effect<Subscription, E>;
    /** Stores the gateway's ids and payment for a row created by `begin` (idempotent). */
    readonly attachGateway: (id: SubscriptionId, gateway: GatewaySubscription) => Effect.Effect<Subscription>;
    /**
     * The plan stored on the user (users.plan_id: mirrors an open subscription, or a plan given
     * without one by seeds or an administrator); none for the free plan or no such user.
     */
    readonly planOf: (userId: UserId) => Effect.Effect<Option.Option<PlanId>>;
    /** The user's open subscription, else their latest one. */
    readonly current: (userId: UserId) => Effect.Effect<Option.Option<Subscription>>;
    /**
     * In one transaction: records `event.id` in gateway_events (a duplicate stops here), locks the
     * subscription of `event.subscription.id`, runs `decide`, writes the state, the user's plan and
     * the invoice (paid or failed) it returns.
     */
    readonly applyEvent: (
      event: SubscriptionGatewayEvent,
      decide: (current: Subscription) => EventDecisionResult,
    ) => Effect.Effect<AppliedSubscriptionEvent>;
    /** The user's subscription invoices, newest first. */
    readonly listInvoices: (userId: UserId, page: Paging) => Effect.Effect<Counted<SubscriptionInvoice>>;
    readonly findInvoice: (
      userId: UserId,
      id: SubscriptionInvoiceId,
    ) => Effect.Effect<Option.Option<SubscriptionInvoice>>;
    /** The subscription whose latest invoice is paid with this gateway payment id, if the user's. */
    readonly findByPayment: (userId: UserId, paymentId: string) => Effect.Effect<Option.Option<Subscription>>;
  }
>() {}
