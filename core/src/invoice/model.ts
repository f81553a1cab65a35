/**
 * Invoice model (spec §3 invoices, §4 Invoice display state, §5 Invoice form, §9 limits).
 * `businessId` and `agentId` are PROFILE ids. Money is integer cents, AUD, end to end inside;
 * the API converts to dollars with 2 decimals at the edge (docs/architecture.md, API conventions).
 * `dueDate` is a calendar date `yyyy-MM-dd` (no time zone); "today" is Australia/Sydney's date.
 */

import { addCalendarDays, sydneyIsoDate } from "../shared/calendar.ts";
import type { AgentProfileId, BusinessProfileId, InvoiceId, PartnershipId } from "../shared/ids.ts";
import type { Cents } from "../shared/money.ts";

/** The only currency (spec §1: Australia). */
export const invoiceCurrency = "AUD";

/** Limits from spec §5 and §9; the upper amount is Stripe's per-charge maximum for AUD. */
export const invoiceRules = {
  /** $0.01 (spec §9: amount minimum and step 0.01). */
  minAmountCents: 1,
  /** $999,999.99. */
  maxAmountCents: 99_999_999,
  /** Description at least 3 characters (spec §5). */
  minDescriptionLength: 3,
  maxDescriptionLength: 5000,
  /** Default due date: 30 days ahead (spec §5, §9). */
  defaultDueDays: 30,
  /** Calendar of the business day ("today", "this month"). */
  timeZone: "Australia/Sydney",
} as const;

export interface Invoice {
  readonly id: InvoiceId;
  readonly partnershipId: PartnershipId;
  /** Business profile id. */
  readonly businessId: BusinessProfileId;
  /** Agent profile id. */
  readonly agentId: AgentProfileId;
  /** What the business pays, integer cents, ≥ 1: subtotal + GST (issue 14). */
  readonly amountCents: Cents;
  readonly currency: "AUD";
  /** The price the agent typed: GST-exclusive when they are registered for GST (issue 14). */
  readonly subtotalCents: Cents;
  /** 10 % on top of the subtotal for a GST-registered agent, else 0 (core/src/payout/money-rules.ts). */
  readonly gstCents: Cents;
  /** The platform's fee on this invoice (Stripe application_fee_amount), deducted from the agent's share. */
  readonly platformFeeCents: Cents;
  /** The agent's ABN when the invoice was raised; null: none quoted (the business may need to withhold). */
  readonly agentAbn: string | null;
  readonly gstRegistered: boolean;
  /** Refunded so far, the sum of its payments' refunded cents. */
  readonly refundedCents: Cents;
  readonly description: string;
  /** `yyyy-MM-dd`. */
  readonly dueDate: string;
  readonly isPaid: boolean;
  readonly createdAt: Date;
  /** Set exactly when isPaid. */
  readonly paidAt: Date | null;
  /** When a dispute resolution cancelled the unpaid invoice (ADR 0040); null: not cancelled. */
  readonly cancelledAt: Date | null;
  /** A dispute on the invoice is active (open, in mediation or proposed): payment is blocked. */
  readonly disputed: boolean;
}

/** An invoice with the parties' display names (spec §2.9: "Invoice #{id} - {company name}"). */
export interface InvoiceView extends Invoice {
  readonly businessName: string | null;
  readonly agentName: string | null;
  /** The agent's IANA time zone: the agent issues the invoice, so its documents are dated there (ADR 0059). */
  readonly agentTimeZone?: string | undefined;
}

/** An invoice as the caller reads it: with its spec §4 display state at the Clock's now. */
export interface InvoiceWithState extends InvoiceView {
  readonly state: InvoiceDisplayState;
}

/** What creating an invoice stores (spec §3: creation excludes isPaid, createdAt, paidAt). */
export interface NewInvoice {
  readonly partnershipId: PartnershipId;
  readonly businessId: BusinessProfileId;
  readonly agentId: AgentProfileId;
  /** The total: subtotal + GST. */
  readonly amountCents: Cents;
  readonly subtotalCents: Cents;
  readonly gstCents: Cents;
  readonly platformFeeCents: Cents;
  readonly agentAbn: string | null;
  readonly gstRegistered: boolean;
  readonly description: string;
  readonly dueDate: string;
  /** Issue 17: the sale value the commission was computed from (absent: an amount typed as is). */
  readonly saleAmountCents?: Cents;
  /** Issue 17: the signed agreement version (id) the invoice was raised under. */
  readonly agreementVersionId?: number;
  /** Issue 17: why the invoice is above the commission the agreement computes. */
  readonly aboveCommissionReason?: string;
}

/** The caller's request to create an invoice; `dueDate` defaults to 30 days ahead. */
export interface CreateInvoiceInput {
  readonly businessId: BusinessProfileId;
  readonly partnershipId: PartnershipId;
  /** The agent's price: GST-exclusive when GST-registered (GST is added on top). */
  readonly amountCents: Cents;
  readonly description: string;
  readonly dueDate?: string | undefined;
  /**
   * Issue 17: the sale value; with a signed agreement the commission on it is computed and an
   * `amountCents` above it needs `aboveCommissionReason`.
   */
  readonly saleAmountCents?: Cents | undefined;
  /** Issue 17: the date of the sale (`yyyy-MM-dd`, default today in Sydney); must fall within the agreement's term. */
  readonly saleDate?: string | undefined;
  readonly aboveCommissionReason?: string | undefined;
}

/**
 * Display state (spec §4 "Invoice display state", ADR 0040). Spec badges: Paid, Overdue, Pending
 * (the business side words pending "Due"); issue 32 adds Disputed, Cancelled, Refunded, Partly refunded.
 */
export type InvoiceDisplayState =
  | "paid"
  | "overdue"
  | "pending"
  | "disputed"
  | "cancelled"
  | "refunded"
  | "partly_refunded";

/**
 * The words of each display state on documents and business screens (spec §4; the business side
 * words pending "Due"), e.g. the status line of the tax invoice PDF (ADR 0049).
 */
export const displayStateLabels: Readonly<Record<InvoiceDisplayState, string>> = {
  paid: "Paid",
  pending: "Due",
  overdue: "Overdue",
  disputed: "Disputed",
  cancelled: "Cancelled",
  refunded: "Refunded",
  partly_refunded: "Partly refunded",
};

/** The facts the display state reads. */
export type DisplayFacts = Pick<Invoice, "isPaid" | "dueDate"> & {
  readonly amountCents?: number;
  readonly refundedCents?: number;
  readonly cancelledAt?: Date | null;
  readonly disputed?: boolean;
};

/** The calendar date (`yyyy-MM-dd`) in Australia/Sydney (`invoiceRules.timeZone`) at instant `now`. */
export const businessDate = (now: Date): string => sydneyIsoDate(now);

/** The calendar month (`yyyy-MM`) in Australia/Sydney at instant `now`. */
export const businessMonth = (now: Date): string => businessDate(now).slice(0, 7);

/** `date` (`yyyy-MM-dd`) plus `days` calendar days. */
export const addDays = addCalendarDays;

/** The default due date: 30 days after today (Sydney). */
export const defaultDueDate = (now: Date): string => addDays(businessDate(now), invoiceRules.defaultDueDays);

/** True for a real calendar date written `yyyy-MM-dd`. */
export const isCalendarDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

/**
 * THE display state and overdue rule on the Sydney calendar date `today` (`yyyy-MM-dd`) (ADR 0040; lists, notifications, insights, PDFs and the
 * contract read it; SQL mirrors it once in adapters/src/postgres/invoice-state-sql.ts, pinned by a
 * test). In order: cancelled (never payable, never overdue); disputed; paid invoices: refunded when
 * refunded in full, partly_refunded when in part, else paid; unpaid: overdue when the due date is
 * before today in Sydney (spec §4 "overdue if dueDate is before now": due today is still pending),
 * else pending.
 */
export const displayStateOn = (invoice: DisplayFacts, today: string): InvoiceDisplayState => {
  const refunded = invoice.refundedCents ?? 0;
  if (invoice.cancelledAt) return "cancelled";
  if (invoice.disputed) return "disputed";
  if (invoice.isPaid) {
    if (refunded <= 0) return "paid";
    return refunded >= (invoice.amountCents ?? refunded) ? "refunded" : "partly_refunded";
  }
  return invoice.dueDate < today ? "overdue" : "pending";
};

/** `displayStateOn` at the instant `now` (today: Sydney's calendar date at `now`). */
export const displayState = (invoice: DisplayFacts, now: Date): InvoiceDisplayState =>
  displayStateOn(invoice, businessDate(now));

/** The overdue rule (spec §4), by way of `displayState`: unpaid, not cancelled nor disputed, due before today. */
export const isOverdue = (invoice: DisplayFacts, now: Date): boolean =>
  displayState(invoice, now) === "overdue";
