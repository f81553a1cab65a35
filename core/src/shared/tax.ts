/**
 * Payout money rules (issue 14), all in integer cents, AUD:
 * - GST (A New Tax System (Goods and Services Tax) Act 1999, s 9-70): 10 % of the GST-exclusive
 *   price. A GST-registered agent's invoice adds it on top: GST = round-half-up(ex × 10 %) to the
 *   cent (ATO: "rounding of GST for a taxable supply … round to the nearest cent, 0.5 up").
 * - Platform fee (Stripe `application_fee_amount`): `feeBasisPoints` of the ex-GST amount
 *   (default 500 = 5 %), round-half-up to the cent. The fee includes the platform's own GST
 *   (one eleventh, as on the platform's subscription tax invoices).
 * - The agent's net = total paid − platform fee, so fee + net = total for every amount.
 * - A refund of part of a payment reverses the transfer and the fee proportionally (Stripe
 *   `refund_application_fee` / `reverse_transfer`); proportions are taken on the running total
 *   refunded, so several partial refunds add up to exactly the full amounts.
 * Integer arithmetic only (no floats): amounts up to $999,999.99 times 10,000 stay exact.
 */
import { type Cents, cents } from "./money.ts";

/** round-half-up(numerator / denominator) for numerator ≥ 0, denominator > 0, in integers. */
export const roundHalfUp = (numerator: number, denominator: number): number =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

/** The default platform fee: 5 % of the invoice's ex-GST amount. */
export const defaultFeeBasisPoints = 500;

/** The rate a business may need to withhold from a supplier who quotes no ABN (ATO PAYG, top marginal rate + levy). */
export const noAbnWithholdingPercent = 47;

/** Tax invoices naming the buyer's identity or ABN from this total (ATO: A$1,000 or more). */
export const buyerDetailsFromCents = 100_000;

/** GST at 10 % on a GST-exclusive amount, round-half-up to the cent. */
export const gstOnTop = (exclusiveCents: number): Cents => cents(roundHalfUp(exclusiveCents, 10));

/** The GST inside a GST-inclusive amount (1/11), round-half-up to the cent. */
export const gstOfInclusive = (inclusiveCents: number): Cents => cents(roundHalfUp(inclusiveCents, 11));

/** The platform fee on an ex-GST amount at `basisPoints` (1/100 of a percent). */
export const platformFee = (exclusiveCents: number, basisPoints: number): Cents =>
  cents(roundHalfUp(exclusiveCents * basisPoints, 10_000));

/** What an invoice charges and how the payment splits. */
export interface InvoiceTotals {
  /** What the agent typed: GST-exclusive when GST-registered, else the whole price. */
  readonly subtotalCents: Cents;
  /** 0 unless the agent is registered for GST. */
  readonly gstCents: Cents;
  /** What the business pays: subtotal + GST. */
  readonly totalCents: Cents;
  /** The platform's fee (Stripe application_fee_amount). */
  readonly platformFeeCents: Cents;
  /** What reaches the agent's payout account: total − fee. */
  readonly agentNetCents: Cents;
}

/** The totals of an invoice of `subtotalCents` for an agent (GST-registered or not) at a fee rate. */
export const invoiceTotals = (input: {
  readonly subtotalCents: number;
  readonly gstRegistered: boolean;
  readonly feeBasisPoints: number;
}): InvoiceTotals => {
  const gst = input.gstRegistered ? gstOnTop(input.subtotalCents) : 0;
  const total = input.subtotalCents + gst;
  const fee = Math.min(platformFee(input.subtotalCents, input.feeBasisPoints), total);
  return {
    subtotalCents: cents(input.subtotalCents),
    gstCents: cents(gst),
    totalCents: cents(total),
    platformFeeCents: cents(fee),
    agentNetCents: cents(total - fee),
  };
};

/** How one refund splits: the fee the platform returns, the transfer reversed from the agent, the GST adjusted. */
export interface RefundSplit {
  readonly refundCents: Cents;
  /** Part of the platform fee refunded (Stripe refund_application_fee, proportional). */
  readonly feeRefundCents: Cents;
  /** Taken back from the agent's connected account (Stripe reverse_transfer): refund − fee part. */
  readonly transferReversalCents: Cents;
  /** GST included in the refund (for the credit note), proportional to the invoice's GST. */
  readonly gstRefundCents: Cents;
}

/** Proportional share of `part` in `whole` of `amount`, half up. */
const share = (amount: number, part: number, whole: number) => roundHalfUp(amount * part, whole);

/**
 * The split of refunding `refundCents` of a payment of `amountCents` (fee `feeCents`, GST
 * `gstCents`) of which `refundedSoFarCents` was refunded before. Shares are computed on the running
 * total, so refunding everything in parts returns exactly the fee and GST.
 */
export const refundSplit = (input: {
  readonly amountCents: number;
  readonly feeCents: number;
  readonly gstCents: number;
  readonly refundedSoFarCents: number;
  readonly refundCents: number;
}): RefundSplit => {
  const { amountCents: a, refundedSoFarCents: before, refundCents: r } = input;
  const after = before + r;
  const fee = share(input.feeCents, after, a) - share(input.feeCents, before, a);
  const gst = share(input.gstCents, after, a) - share(input.gstCents, before, a);
  return {
    refundCents: cents(r),
    feeRefundCents: cents(fee),
    transferReversalCents: cents(r - fee),
    gstRefundCents: cents(gst),
  };
};
