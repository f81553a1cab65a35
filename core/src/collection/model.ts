/**
 * Collection model (issue 45, ADR 0064): a payment mandate by which a business authorises Closr
 * to collect one partnership's invoices on their due dates, and the attempts that collect them.
 * Money is integer cents, AUD; dates `yyyy-MM-dd` on the Sydney calendar (the business's zone);
 * instants are `Date` (UTC). `businessId`/`agentId` are PROFILE ids.
 *
 * Sources: Stripe SetupIntents with `payment_method_types: ["au_becs_debit"]`, `usage:
 * "off_session"` and `mandate_data` (docs.stripe.com/payments/au-becs-debit/set-up-payment);
 * Stripe Mandate statuses pending / active / inactive (docs.stripe.com/api/mandates/object);
 * the BECS Direct Debit Request service agreement (stripe.com/au-becs-dd-service-agreement/legal).
 */
import type { AgentProfileId, BusinessProfileId, InvoiceId, PartnershipId } from "../shared/ids.ts";
import type { Cents } from "../shared/money.ts";

/** How the mandate collects: BECS Direct Debit from a bank account, or a card saved for off-session use. */
export const mandateMethods = ["au_becs_debit", "card"] as const;
export type MandateMethod = (typeof mandateMethods)[number];

/**
 * pending (set up, not yet confirmed by the gateway) → active → revoked (by the business) or
 * inactive (the gateway reports the account closed or the mandate cancelled: replace it).
 */
export const mandateStatuses = ["pending", "active", "inactive", "revoked"] as const;
export type MandateStatus = (typeof mandateStatuses)[number];

/** Identifier `MandateId` (integer, like every id at the API). */
export type MandateId = number & { readonly MandateId: unique symbol };
export const MandateId = (n: number) => n as MandateId;

export interface Mandate {
  readonly id: MandateId;
  readonly partnershipId: PartnershipId;
  readonly businessId: BusinessProfileId;
  readonly agentId: AgentProfileId;
  readonly method: MandateMethod;
  readonly status: MandateStatus;
  /** The mandate reference shown to the payer (Stripe `mandate.payment_method_details.au_becs_debit.url`'s reference). */
  readonly reference: string;
  /** The gateway's SetupIntent (`seti_…`). */
  readonly setupIntentId: string;
  /** The gateway's Mandate (`mandate_…`), once the SetupIntent succeeded. */
  readonly gatewayMandateId: string | null;
  /** The reusable PaymentMethod (`pm_…`) charged off-session. */
  readonly paymentMethodId: string | null;
  /** BSB (6 digits) for BECS; null for a card. */
  readonly bsb: string | null;
  /** Last four digits of the account or card. */
  readonly lastFour: string;
  /** The DDR service agreement version the payer accepted (BECS), with when and from where. */
  readonly acceptedAt: Date;
  readonly acceptedIp: string | null;
  readonly acceptedUserAgent: string | null;
  /** Why it became inactive (gateway failure code, e.g. `account_closed`). */
  readonly inactiveReason: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The invoice-side status of automatic collection shown per invoice (issue 45 item 3). */
export const collectionStatuses = ["scheduled", "processing", "paid", "failed", "retry_scheduled"] as const;
export type CollectionStatus = (typeof collectionStatuses)[number];

/** One attempt to collect one invoice by its partnership's mandate. */
export interface CollectionAttempt {
  readonly invoiceId: InvoiceId;
  /** 1 on the due date, then 2, 3, 4 for the retries. */
  readonly attempt: number;
  readonly mandateId: MandateId;
  /** charging: recorded, gateway not yet answered; processing: BECS clearing; then succeeded or failed. */
  readonly status: "charging" | "processing" | "succeeded" | "failed";
  readonly amountCents: Cents;
  /** Sydney date the charge was made. */
  readonly chargedOn: string;
  readonly paymentIntentId: string | null;
  /** The gateway's failure message when failed. */
  readonly failureMessage: string | null;
  readonly failureCode: string | null;
  /** Sydney date the funds are expected (BECS: 2–3 business days after the charge). */
  readonly expectedOn: string | null;
}

/** Rules (issue 45 item 2). */
export const collectionRules = {
  /** Retries after a failure, in days after the first failed attempt's date (at most 3). */
  retryOffsetsDays: [1, 3, 7] as readonly number[],
  /** The business is told this many days before a charge (BECS advance notice). */
  advanceNoticeDays: 3,
  /** BECS debits clear in 2–3 business days; the local gateway clears on the 2nd. */
  becsClearingBusinessDays: 2,
} as const;

/** The gateway idempotency key of collecting `invoiceId`'s attempt `attempt` (one charge per key). */
export const collectionIdempotencyKey = (invoiceId: number, attempt: number) =>
  `closr-collection-${invoiceId}-attempt-${attempt}`;

/**
 * The Direct Debit Request text the payer accepts before a BECS mandate is created (Stripe's
 * mandate acceptance wording for au_becs_debit, with Closr as the merchant).
 */
export const becsDirectDebitRequestText =
  "By providing your bank account details, you agree to this Direct Debit Request and the Direct Debit Request service agreement, and authorise Stripe Payments Australia Pty Ltd ACN 160 180 343 Direct Debit User ID number 507156 (“Stripe”) to debit your account through the Bulk Electronic Clearing System (BECS) on behalf of Closr (the “Merchant”) for any amounts separately communicated to you by the Merchant. You certify that you are either an account holder or an authorised signatory on the account listed above.";

/** Where the DDR service agreement is published. */
export const becsServiceAgreementUrl = "https://stripe.com/au-becs-dd-service-agreement/legal";

/**
 * The version of `becsDirectDebitRequestText` a payer accepts: a BECS mandate request names it, and
 * a different version (an old page) is refused, so the text shown is the text accepted.
 */
export const becsDirectDebitRequestVersion = "2026-12-02";
