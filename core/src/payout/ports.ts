/** Payout ports. Infrastructure failures are defects; the error channel holds domain errors. */
import { Context, type Effect, type Option } from "effect";
import type { InvoiceTransition, InvoiceView } from "../invoice/index.ts";
import type { InvalidWebhook, Payment } from "../payment/index.ts";
import type {
  AgentProfileId,
  BusinessProfileId,
  Cents,
  InvoiceId,
  PaymentId,
  PayoutRefundId,
  RefundSplit,
  UserId,
} from "../shared/index.ts";
import type { Counted, Paging } from "../shared/paging.ts";
import type { PayoutGatewayUnavailable } from "./errors.ts";
import type {
  AccountEvent,
  AppliedAccountEvent,
  EarningEntry,
  EarningsMonth,
  PayoutAccount,
  PayoutRefund,
} from "./model.ts";

/** Payout accounts and tax details, one row per agent profile. */
export class PayoutAccountRepository extends Context.Tag("payout/PayoutAccountRepository")<
  PayoutAccountRepository,
  {
    readonly find: (agentId: AgentProfileId) => Effect.Effect<Option.Option<PayoutAccount>>;
    /** Records the gateway account of the agent (keeps the one already there). */
    readonly attachAccount: (agentId: AgentProfileId, accountId: string) => Effect.Effect<PayoutAccount>;
    readonly saveTaxDetails: (
      agentId: AgentProfileId,
      details: { readonly abn: string | null; readonly gstRegistered: boolean },
    ) => Effect.Effect<PayoutAccount>;
    /**
     * In one transaction: records the event id (a duplicate stops here), locks the account of
     * `event.account.accountId`, ignores an event created before the last applied one (stale),
     * else writes the account's flags and requirements.
     */
    readonly applyAccountEvent: (event: AccountEvent) => Effect.Effect<AppliedAccountEvent>;
    /** The business's ABN as recorded with its verification request, if any (tax invoices of A$1,000+). */
    readonly businessAbn: (businessId: BusinessProfileId) => Effect.Effect<Option.Option<string>>;
  }
>() {}

/**
 * Connected accounts at the payment gateway (Stripe Connect Express; the local gateway simulates
 * it). Destination charges and refunds go through core's PaymentGateway.
 */
export class PayoutGateway extends Context.Tag("payout/PayoutGateway")<
  PayoutGateway,
  {
    readonly kind: "local" | "stripe";
    /** Opens an Express account (idempotent by key: one account per agent). */
    readonly createAccount: (request: {
      readonly agentId: AgentProfileId;
      readonly email: string;
      readonly idempotencyKey: string;
    }) => Effect.Effect<{ readonly accountId: string }, PayoutGatewayUnavailable>;
    /** Where the agent gives their details (Stripe's hosted onboarding; the local form). */
    readonly onboardingLink: (request: {
      readonly accountId: string;
      readonly returnUrl: string;
      readonly refreshUrl: string;
    }) => Effect.Effect<{ readonly url: string }, PayoutGatewayUnavailable>;
    /** Verifies a Connect webhook on the raw body; undefined for a type we ignore. */
    readonly parseWebhook: (
      rawBody: string,
      signature: string | undefined,
    ) => Effect.Effect<AccountEvent | undefined, InvalidWebhook>;
  }
>() {}

/** A payment with what a refund needs from its invoice. */
export interface RefundablePayment {
  readonly payment: Payment;
  readonly invoice: InvoiceView;
}

/** Staff refunds and their credit notes. */
export class PayoutRefundRepository extends Context.Tag("payout/PayoutRefundRepository")<
  PayoutRefundRepository,
  {
    readonly findPayment: (paymentId: PaymentId) => Effect.Effect<Option.Option<RefundablePayment>>;
    /**
     * Records a refund with the invoice machine's decision (ADR 0049), in one transaction: none
     * when the stored invoice no longer equals `transition.before`; adds the refund to
     * `payments.refunded_cents` only while that still equals `refundedBefore` (a concurrent or
     * repeated refund changes nothing and answers none), marks the payment refunded when fully
     * refunded, inserts the refund row, and persists `transition.invoice`.
     */
    readonly record: (input: {
      readonly paymentId: PaymentId;
      readonly refundedBefore: Cents;
      readonly split: RefundSplit;
      readonly gatewayRefundId: string | null;
      readonly reason: string;
      readonly actorUserId: UserId;
      readonly transition: InvoiceTransition;
    }) => Effect.Effect<Option.Option<PayoutRefund>>;
    readonly findRefund: (id: PayoutRefundId) => Effect.Effect<Option.Option<PayoutRefund>>;
    readonly listForInvoice: (invoiceId: InvoiceId) => Effect.Effect<readonly PayoutRefund[]>;
    /** Completed and refunded payments, newest first, for the staff page. */
    readonly listPayments: (page: Paging) => Effect.Effect<Counted<RefundablePayment>>;
    /** The agent's completed (or refunded) payments, for earnings. */
    readonly earnings: (agentId: AgentProfileId) => Effect.Effect<readonly EarningEntry[]>;
    /**
     * The earnings-per-month query: the agent's earnings by Sydney month, newest first, with the
     * rules of `earningsByMonth` (fee net of fee refunds; pending = paid within the payout delay
     * before `now`) aggregated in SQL; months paid on or after `since` only when given.
     */
    readonly earningsPerMonth: (
      agentId: AgentProfileId,
      now: Date,
      since?: Date,
    ) => Effect.Effect<readonly EarningsMonth[]>;
  }
>() {}
