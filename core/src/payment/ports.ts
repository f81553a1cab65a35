/** Payment ports. Infrastructure failures are defects; the error channel holds domain errors. */
import { Context, type Effect, type Either, type Option } from "effect";
import type { Invoice, InvoiceNotFound } from "../invoice/index.ts";
import type { AgentProfileId, Cents, InvoiceId, PaymentId } from "../shared/index.ts";
import type { PartyListing } from "../shared/paging.ts";
import type { AttemptPlan, EventDecision } from "./decisions.ts";
import type { InvalidWebhook, PaymentGatewayUnavailable } from "./errors.ts";
import type { GatewayEvent, GatewayIntent, Payment, PaymentMethod, PaymentMethodFields } from "./model.ts";

/** What applying one gateway event did. */
export type AppliedEvent =
  | { readonly type: "duplicate" }
  | { readonly type: "unknown-payment" }
  | { readonly type: "decided"; readonly payment: Payment; readonly decision: EventDecision };

export class PaymentRepository extends Context.Tag("payment/PaymentRepository")<
  PaymentRepository,
  {
    /**
     * Locks the invoice, reads its payments, and runs `decide`; on "create" inserts a pending
     * payment for the invoice's full amount. Parallel calls for one invoice are serialised.
     */
    readonly beginAttempt: <E>(
      invoiceId: InvoiceId,
      decide: (invoice: Invoice, payments: readonly Payment[]) => Either.Either<AttemptPlan, E>,
    ) => Effect.Effect<
      { readonly payment: Payment; readonly cancel: readonly Payment[] },
      E | InvoiceNotFound
    >;
    /** Records the gateway's intent id on a payment (idempotent for the same id). */
    readonly setPaymentIntent: (paymentId: PaymentId, paymentIntentId: string) => Effect.Effect<void>;
    readonly findByIntent: (paymentIntentId: string) => Effect.Effect<Option.Option<Payment>>;
    /**
     * In one transaction: records `event.id` as processed (a duplicate stops here), locks the
     * payment of `event.intent` (by intent id, else by the intent's paymentId metadata) and its
     * invoice, runs `decide`, and writes what it returns.
     */
    readonly applyGatewayEvent: (
      event: GatewayEvent,
      decide: (payment: Payment, invoice: Invoice) => EventDecision,
    ) => Effect.Effect<AppliedEvent>;
    readonly listForInvoice: (invoiceId: InvoiceId) => Effect.Effect<readonly Payment[]>;
    /** One party's payments, newest first. */
    readonly listFor: PartyListing<Payment>;
  }
>() {}

export class PaymentMethodRepository extends Context.Tag("payment/PaymentMethodRepository")<
  PaymentMethodRepository,
  {
    /** The user's methods, default first, then newest. */
    readonly list: (userId: number) => Effect.Effect<readonly PaymentMethod[]>;
    /** Inserts; when `isDefault`, the user's previous default is unset in the same transaction. */
    readonly insert: (userId: number, fields: PaymentMethodFields) => Effect.Effect<PaymentMethod>;
    /** False when the user has no such method. */
    readonly remove: (userId: number, id: number) => Effect.Effect<boolean>;
    /** Makes it the user's only default; none when the user has no such method. */
    readonly setDefault: (userId: number, id: number) => Effect.Effect<Option.Option<PaymentMethod>>;
  }
>() {}

export interface CreateIntentRequest {
  readonly amountCents: Cents;
  readonly currency: "AUD";
  /** One per invoice attempt (paymentIdempotencyKey): a repeated request returns the same intent. */
  readonly idempotencyKey: string;
  readonly invoiceId: InvoiceId;
  readonly paymentId: PaymentId;
  readonly description: string;
  /**
   * A destination charge (Stripe Connect, issue 14): the funds go to the agent's connected
   * account (`transfer_data.destination`) less the platform's `application_fee_amount`.
   */
  readonly transfer?: { readonly destination: string; readonly applicationFeeCents: Cents };
}

/** A partial (or full) refund of a destination charge, reversing the transfer and the fee proportionally. */
export interface RefundRequest {
  readonly amountCents: Cents;
  /** Stripe `reverse_transfer`: take the agent's share back from the connected account. */
  readonly reverseTransfer: boolean;
  /** Stripe `refund_application_fee`: return the platform fee in proportion. */
  readonly refundApplicationFee: boolean;
}

/**
 * The card payment gateway, following Stripe's PaymentIntent life cycle. Adapters:
 * PaymentGatewayStripe (the `stripe` SDK) and PaymentGatewayLocal (in-process, Stripe's test cards).
 */
export class PaymentGateway extends Context.Tag("payment/PaymentGateway")<
  PaymentGateway,
  {
    readonly kind: "local" | "stripe";
    /** For the browser's Stripe.js (stripe kind only). */
    readonly publishableKey: string | null;
    readonly createPaymentIntent: (
      request: CreateIntentRequest,
    ) => Effect.Effect<GatewayIntent, PaymentGatewayUnavailable>;
    readonly retrievePaymentIntent: (
      id: string,
    ) => Effect.Effect<Option.Option<GatewayIntent>, PaymentGatewayUnavailable>;
    /** Best effort: an intent that cannot be canceled any more is left as it is. */
    readonly cancelPaymentIntent: (id: string) => Effect.Effect<void>;
    /** Refunds the whole charge, or `partial.amountCents` of it; answers the gateway's refund id. */
    readonly refundPaymentIntent: (
      id: string,
      idempotencyKey: string,
      partial?: RefundRequest,
    ) => Effect.Effect<{ readonly refundId: string | null }, PaymentGatewayUnavailable>;
    /**
     * Takes `amountCents` back from the connected account the charge of intent `id` transferred to
     * (a destination charge's transfer, Stripe `transfers.createReversal`; ADR 0049: a card
     * dispute's payout hold). `reversalId` null when the charge made no transfer (no destination,
     * or the local gateway, which has none). One reversal per idempotency key.
     */
    readonly reverseChargeTransfer: (
      id: string,
      amountCents: Cents,
      idempotencyKey: string,
    ) => Effect.Effect<{ readonly reversalId: string | null }, PaymentGatewayUnavailable>;
    /**
     * Pays `amountCents` of the charge of intent `id` to the connected account its transfer went
     * to (Stripe `transfers.create` with `source_transaction`; ADR 0049: a won dispute's held
     * payout). `transferId` null when the charge has no destination. One per idempotency key.
     */
    readonly transferToDestination: (
      id: string,
      amountCents: Cents,
      idempotencyKey: string,
    ) => Effect.Effect<{ readonly transferId: string | null }, PaymentGatewayUnavailable>;
    /** Verifies a webhook's signature on the raw body and reads its event (undefined: a type we ignore). */
    readonly parseWebhook: (
      rawBody: string,
      signature: string | undefined,
    ) => Effect.Effect<GatewayEvent | undefined, InvalidWebhook>;
  }
>() {}

/**
 * Gateway events recorded in-process and not yet applied: the local gateway's outbox (written in
 * the same transaction as the intent's change). Absent with Stripe, which delivers its events by
 * webhook. `deliverLocalGatewayEvents` applies them through the same path as webhooks.
 * (The local gateway's card network, the role Stripe.js plays, is the adapter's own business:
 * adapters/src/local-gateway/local-card-network.ts.)
 */
export class GatewayEventOutbox extends Context.Tag("payment/GatewayEventOutbox")<
  GatewayEventOutbox,
  {
    /** Events recorded but not yet delivered, oldest first. */
    readonly undeliveredEvents: Effect.Effect<readonly GatewayEvent[]>;
    readonly markDelivered: (eventId: string) => Effect.Effect<void>;
  }
>() {}

/**
 * Where an agent's payments go (issue 14): their connected account when payouts are enabled.
 * Implemented over the payout accounts; absent in older tests (then charges stay on the platform).
 */
export class ChargeDestinations extends Context.Tag("payment/ChargeDestinations")<
  ChargeDestinations,
  { readonly destinationFor: (agentId: AgentProfileId) => Effect.Effect<Option.Option<string>> }
>() {}

/**
 * Why an invoice may not be paid now (issue 17): an active dispute, or a dispute that cancelled
 * it. Implemented by the dispute adapter; absent in tests without disputes (nothing blocks).
 */
export class PaymentBlocks extends Context.Tag("payment/PaymentBlocks")<
  PaymentBlocks,
  {
    readonly blockFor: (
      invoiceId: InvoiceId,
    ) => Effect.Effect<
      Option.Option<{ readonly disputeId: number; readonly reason: "disputed" | "cancelled" }>
    >;
  }
>() {}
