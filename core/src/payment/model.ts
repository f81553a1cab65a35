/**
 * Payment model (spec §3 payments, payment_methods; §4 Payment status). `businessId` and
 * `agentId` are PROFILE ids; `userId` of a payment method is a USER id. Money is integer cents,
 * AUD. A payment is one attempt to pay one invoice through the gateway (one PaymentIntent).
 */
import type { AgentProfileId, BusinessProfileId, InvoiceId, PaymentId } from "../shared/ids.ts";
import type { Cents } from "../shared/money.ts";

export const paymentStatuses = ["pending", "processing", "completed", "failed", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export interface Payment {
  readonly id: PaymentId;
  readonly invoiceId: InvoiceId;
  readonly businessId: BusinessProfileId;
  readonly agentId: AgentProfileId;
  /** Integer cents. */
  readonly amountCents: Cents;
  readonly currency: "AUD";
  readonly paymentMethodId: number | null;
  readonly status: PaymentStatus;
  /** The gateway's charge id once the payment completed (e.g. `ch_…`). */
  readonly transactionId: string | null;
  /** The gateway's PaymentIntent id (`pi_…`); null until the gateway answered. */
  readonly paymentIntentId: string | null;
  /** 1, 2, … per invoice; part of the gateway idempotency key. */
  readonly attempt: number;
  /** Integer cents; spec §9: default 0. */
  readonly processingFeeCents: Cents;
  /** The platform fee on this payment (Stripe application_fee_amount), from its invoice (issue 14). */
  readonly applicationFeeCents: Cents;
  /** Refunded so far; the payment is `refunded` once this reaches its amount (issue 14). */
  readonly refundedCents: Cents;
  readonly receiptUrl: string | null;
  /** Why the gateway declined, when failed. */
  readonly failureMessage: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const paymentMethodTypes = ["credit_card", "bank_transfer", "paypal"] as const;
export type PaymentMethodType = (typeof paymentMethodTypes)[number];

/** What a user gives for a payment method: only its type, name, last four and expiry (never a card number). */
export interface PaymentMethodFields {
  readonly type: PaymentMethodType;
  readonly name: string;
  readonly lastFour: string;
  readonly expiryMonth: number | null;
  readonly expiryYear: number | null;
  readonly isDefault: boolean;
}

/** A saved payment method: its fields, its owner and when it was saved. */
export interface PaymentMethod extends PaymentMethodFields {
  readonly id: number;
  readonly userId: number;
  readonly createdAt: Date;
}

/** Stripe's PaymentIntent statuses (https://docs.stripe.com/payments/paymentintents/lifecycle). */
export type GatewayIntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "succeeded"
  | "canceled";

/** A PaymentIntent as the gateway reports it. */
export interface GatewayIntent {
  readonly id: string;
  readonly clientSecret: string;
  readonly status: GatewayIntentStatus;
  /** Integer cents. */
  readonly amountCents: Cents;
  readonly currency: "AUD";
  /** From the intent's metadata (set at creation). */
  readonly invoiceId: InvoiceId | null;
  readonly paymentId: PaymentId | null;
  /** The successful charge, when succeeded. */
  readonly latestChargeId: string | null;
  /** The last decline or authentication failure. */
  readonly lastError: { readonly code: string; readonly message: string } | null;
  /** What the customer must do next when status is requires_action. */
  readonly nextAction: "local_authenticate" | "use_stripe_sdk" | "redirect_to_url" | null;
  /** On `charge.refunded`: the charge's amount refunded so far (a partial refund is less than the amount). */
  readonly amountRefundedCents?: Cents;
}

/** The gateway events that change a payment (Stripe's event types). */
export const gatewayEventTypes = [
  "payment_intent.processing",
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
  "charge.refunded",
] as const;
export type GatewayEventType = (typeof gatewayEventTypes)[number];

/** One event from the gateway (a Stripe webhook, the local gateway's outbox, or a reconciliation). */
export interface GatewayEvent {
  /** Unique per event (`evt_…`); an event id is applied at most once. */
  readonly id: string;
  readonly type: GatewayEventType;
  /** The intent as of the event. */
  readonly intent: GatewayIntent;
}

/** The idempotency key of one attempt to pay one invoice (issue 5: one key per invoice attempt). */
export const paymentIdempotencyKey = (invoiceId: number, attempt: number) =>
  `closr-invoice-${invoiceId}-attempt-${attempt}`;
