/**
 * The commission ledger's model (issue 43, Build 3–4; ADR 0063). A confirmed sale (reported and
 * confirmed in the deal context, part A) produces commission lines under the agreement version in
 * force on the sale's date; refunds inside the clawback window produce negative lines. A line goes
 * earned → payable (after the holding period) → invoiced → paid (ledger-machine.ts).
 *
 * Money is integer cents (AUD, ex-GST), signed on lines (clawbacks are negative). Dates are
 * calendar dates `yyyy-MM-dd`; months `yyyy-MM`; the calendar is Australia/Sydney's (the business's).
 */
import type { AgreementTerms, CommissionModelType } from "../agreement/index.ts";
import { type InvoiceId, intId, type PartnershipId } from "../shared/ids.ts";
import type { Cents } from "../shared/money.ts";

/** A commission line. */
export const CommissionLineId = intId("CommissionLineId");
export type CommissionLineId = typeof CommissionLineId.Type;

/** How a sale earns: once, or as monthly recurring revenue (residual: one line a month). */
export const saleKinds = ["one_off", "recurring_monthly"] as const;
export type SaleKind = (typeof saleKinds)[number];

/** A sale the business confirmed (the `sale.confirmed` domain event of part A). */
export interface ConfirmedSale {
  /** The deal context's sale id. */
  readonly saleId: number;
  readonly partnershipId: PartnershipId;
  /** Ex-GST, > 0. For a recurring sale: one month's revenue. */
  readonly amountCents: Cents;
  /** `yyyy-MM-dd` (Sydney). */
  readonly saleDate: string;
  readonly kind: SaleKind;
}

/** A refund or card dispute of a sale's customer payment (the `sale.refunded` event of part A). */
export interface SaleRefund {
  readonly saleId: number;
  readonly partnershipId: PartnershipId;
  /** > 0; the part above what is left of the sale is ignored. */
  readonly refundCents: Cents;
  /** `yyyy-MM-dd` (Sydney). */
  readonly refundDate: string;
}

/** The ledger's own record of a confirmed sale: what its lines were computed from. */
export interface LedgerSale extends ConfirmedSale {
  /** The agreement version whose terms the sale's lines follow. */
  readonly agreementVersion: number;
  /** Refunds clawed back so far (inside the window), ≤ amountCents. */
  readonly refundedCents: Cents;
}

/** Line states (issue 43): earned → payable → invoiced → paid. */
export const lineStates = ["earned", "payable", "invoiced", "paid"] as const;
export type LineState = (typeof lineStates)[number];

/** commission: a sale's share; base: base-plus's monthly base; clawback: a refund's negative line. */
export const lineKinds = ["commission", "base", "clawback"] as const;
export type LineKind = (typeof lineKinds)[number];

/** What a line is before it is stored. */
export interface NewCommissionLine {
  readonly partnershipId: PartnershipId;
  readonly saleId: number;
  readonly agreementVersion: number;
  readonly model: CommissionModelType;
  readonly kind: LineKind;
  /** Signed cents: clawbacks < 0. */
  readonly amountCents: Cents;
  /** The day it was earned (`yyyy-MM-dd`); its month is the statement it appears on. */
  readonly earnedOn: string;
  /** The day it becomes payable: earnedOn + holding period (clawbacks: at once). */
  readonly payableOn: string;
  /** Why a clawback was made ("Refund of $120.00 on 3 March 2027"); null for other lines. */
  readonly reason: string | null;
}

/** A stored line. */
export interface CommissionLine extends NewCommissionLine {
  readonly id: CommissionLineId;
  readonly state: LineState;
  readonly invoiceId: InvoiceId | null;
  /** `yyyy-MM-dd` each; set by the step that reached it. */
  readonly invoicedOn: string | null;
  readonly paidOn: string | null;
}

/** One signed agreement version and the first day its terms apply to sales. */
export interface TermsVersion {
  readonly number: number;
  /** `yyyy-MM-dd`: the day the version was signed (the first version: its start date, if earlier). */
  readonly effectiveFrom: string;
  readonly terms: AgreementTerms;
}

/** The signed version in force on `date` (the newest effective on or before it); null: none. */
export function termsInForce(versions: readonly TermsVersion[], date: string): TermsVersion | null {
  let best: TermsVersion | null = null;
  for (const v of versions)
    if (v.effectiveFrom <= date && (best === null || v.number > best.number)) best = v;
  return best;
}

/** The `yyyy-MM` month of a `yyyy-MM-dd` date. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The key of a tiered model's period: `yyyy-MM` (month) or `yyyy` (year). */
export const tierPeriodKey = (date: string, period: "month" | "year"): string =>
  period === "year" ? date.slice(0, 4) : date.slice(0, 7);

/** The first and last day (`yyyy-MM-dd`) of a tiered period key (`yyyy-MM` or `yyyy`). */
export function periodBounds(key: string): { readonly from: string; readonly to: string } {
  if (key.length === 4) return { from: `${key}-01-01`, to: `${key}-12-31` };
  const [y, m] = key.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${key}-01`, to: `${key}-${String(last).padStart(2, "0")}` };
}

/**
 * The monthly statement of one partnership (issue 43, Build 4), Sydney calendar month, cents.
 * balance = what the agent has earned and not yet been paid; closing = opening + earned − paid.
 */
export interface CommissionStatement {
  readonly partnershipId: PartnershipId;
  /** `yyyy-MM`. */
  readonly month: string;
  readonly openingBalanceCents: Cents;
  /** Confirmed sales dated in the month: how many and their ex-GST total. */
  readonly sales: { readonly count: number; readonly totalCents: Cents };
  /** Positive lines earned in the month, by model (commission and base lines). */
  readonly linesByModel: ReadonlyArray<{
    readonly model: CommissionModelType;
    readonly count: number;
    readonly amountCents: Cents;
  }>;
  /** The month's clawbacks (≤ 0). */
  readonly clawbacksCents: Cents;
  /** Lines earned in the month, clawbacks included. */
  readonly earnedCents: Cents;
  /** Lines that became payable in the month (payableOn in it), net. */
  readonly payableCents: Cents;
  /** Lines invoiced in the month. */
  readonly invoicedCents: Cents;
  /** Lines paid in the month. */
  readonly paidCents: Cents;
  readonly closingBalanceCents: Cents;
}
