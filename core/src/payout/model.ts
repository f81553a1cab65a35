/**
 * Payout model (issue 14): an agent's payout account (a Stripe Connect Express account, or the
 * local gateway's simulated one), their tax details (ABN, GST registration), staff refunds and the
 * agent's earnings. Money is integer cents, AUD. `agentId` is an agent PROFILE id.
 */
import type { AgentProfileId, InvoiceId, PaymentId, PayoutRefundId } from "../shared/ids.ts";
import type { Cents } from "../shared/money.ts";

/**
 * Where the agent is with payouts: no account yet; account opened but details still due;
 * details given but the gateway restricts it (requirements shown); charges and payouts enabled.
 */
export type PayoutAccountStatus = "not_started" | "onboarding" | "restricted" | "enabled";

export interface PayoutAccount extends Omit<GatewayAccountState, "accountId"> {
  readonly agentId: AgentProfileId;
  /** The gateway's connected account (`acct_…`); null before onboarding starts. */
  readonly gatewayAccountId: string | null;
  /** 11 digits (ATO checksum checked), or null: the agent quoted no ABN. */
  readonly abn: string | null;
  readonly gstRegistered: boolean;
  /** When the gateway created the last applied account event (older events are stale). */
  readonly lastEventAt: Date | null;
  readonly updatedAt: Date;
}

/** The account's status from its flags (same rule for Stripe and the local gateway). */
export const payoutStatus = (
  a: Pick<PayoutAccount, "gatewayAccountId" | "chargesEnabled" | "payoutsEnabled" | "detailsSubmitted">,
): PayoutAccountStatus =>
  a.gatewayAccountId === null
    ? "not_started"
    : a.chargesEnabled && a.payoutsEnabled
      ? "enabled"
      : a.detailsSubmitted
        ? "restricted"
        : "onboarding";

/** A connected account as the gateway reports it (Stripe's `account` object, trimmed). */
export interface GatewayAccountState {
  readonly accountId: string;
  readonly chargesEnabled: boolean;
  readonly payoutsEnabled: boolean;
  readonly detailsSubmitted: boolean;
  /** What the gateway still needs (Stripe `requirements.currently_due` + `past_due`). */
  readonly requirements: readonly string[];
  /** Why the account is restricted, in words for the agent. */
  readonly disabledReason: string | null;
  readonly bankLastFour: string | null;
}

/** One `account.updated` event (a Stripe Connect webhook, or the local gateway's verification). */
export interface AccountEvent {
  /** Unique per event (`evt_…`): applied at most once. */
  readonly id: string;
  /** When the gateway created it: an event older than the last applied one is stale. */
  readonly createdAt: Date;
  readonly account: GatewayAccountState;
}

/** What applying an account event did. */
export type AppliedAccountEvent = "applied" | "duplicate" | "stale" | "unknown-account";

/** A staff refund as recorded (one credit note each). */
export interface PayoutRefund {
  readonly id: PayoutRefundId;
  readonly paymentId: PaymentId;
  readonly invoiceId: InvoiceId;
  readonly amountCents: Cents;
  readonly feeRefundCents: Cents;
  readonly transferReversalCents: Cents;
  readonly gstRefundCents: Cents;
  readonly gatewayRefundId: string | null;
  readonly reason: string;
  readonly createdAt: Date;
}

/** One completed payment of an agent, as earnings reads it. */
export interface EarningEntry {
  readonly paymentId: PaymentId;
  readonly invoiceId: InvoiceId;
  readonly paidAt: Date;
  readonly amountCents: Cents;
  readonly feeCents: Cents;
  readonly refundedCents: Cents;
  /** Sum of the fee refunded with those refunds. */
  readonly feeRefundedCents: Cents;
  /** An open card dispute holds this payment's payout (ADR 0041). */
  readonly payoutHeld?: boolean;
}

/** One month of an agent's earnings (Australia/Sydney months). */
export interface EarningsMonth {
  /** `yyyy-MM`. */
  readonly month: string;
  /** Paid by businesses (gross, GST included). */
  readonly paidCents: Cents;
  readonly platformFeesCents: Cents;
  readonly refundedCents: Cents;
  /** paid − fees − (refunds − fee refunds): what the agent keeps. */
  readonly netCents: Cents;
  /** Net of payments still inside the payout delay. */
  readonly pendingPayoutCents: Cents;
  /** Net of payments whose payout is held by an open card dispute (ADR 0041); not in pending. */
  readonly heldPayoutCents: Cents;
  /** Net of payments past the payout delay. */
  readonly paidOutCents: Cents;
}
