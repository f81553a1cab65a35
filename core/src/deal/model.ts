/**
 * Customers, deal registrations and sales (issue 43, ADR 0062).
 *
 * - A customer belongs to one business: the business's own list (`source: "business"`, a house
 *   account when `houseAccount` — no commission on it, part of the agreement's terms) or one an
 *   agent registered through a deal (`source: "deal"`). ABN (11 digits, checksum-checked), website
 *   domain (normalised) and the normalised name are what the conflict check compares.
 * - A deal is one agent's registration of a customer under an active partnership: submitted →
 *   approved (protected through `protectedUntil`, a Sydney calendar date) or rejected → won, lost
 *   or expired (deal-machine.ts).
 * - A sale is revenue the business made from a won deal or a protected customer: ex-GST cents, a
 *   calendar date, one-off or recurring monthly. Business-reported sales are confirmed at once;
 *   agent-reported ones wait for the business (sale-machine.ts).
 *
 * Money is integer cents (AUD, ex-GST); dates `yyyy-MM-dd`; times UTC `Date`s.
 */
import type { PartnershipParties } from "../partnership/index.ts";
import type { Abn, Cents, CustomerId, DealId, SaleId } from "../shared/index.ts";

/** Deal states (issue 43 §1). */
export const dealStates = ["submitted", "approved", "rejected", "won", "lost", "expired"] as const;
export type DealState = (typeof dealStates)[number];

/** Why a business rejects a registration (issue 43 §1); `other` carries the business's words. */
export const rejectionReasons = [
  "already_customer",
  "house_account",
  "registered_by_another",
  "other",
] as const;
export type RejectionReason = (typeof rejectionReasons)[number];

export const rejectionReasonLabels: Readonly<Record<RejectionReason, string>> = {
  already_customer: "Already a customer",
  house_account: "House account",
  registered_by_another: "Registered by another agent first",
  other: "Other",
};

/** The one thing a refused registration tells the agent (issue 43: never who registered it). */
export const alreadyRegisteredMessage = "This customer is already registered";

/** Limits and defaults (issue 43; the agreement's terms may override the two day counts). */
export const dealRules = {
  /** Days a registration stays protected after approval, unless the terms say otherwise. */
  defaultProtectionDays: 90,
  /** Days the business has to answer an agent-reported sale, unless the terms say otherwise. */
  defaultConfirmationWindowDays: 7,
  /** Protection and renewal: 1–365 days. */
  maxProtectionDays: 365,
  /** Proof files per deal, PDF/JPEG/PNG by magic bytes, ≤ 10 MB each. */
  maxProofFiles: 3,
  maxProofBytes: 10 * 1024 * 1024,
  proofTypes: ["application/pdf", "image/jpeg", "image/png"] as const,
  /** Days before protection ends when both sides get a notice. */
  expiryNoticeDays: 7,
  /** Hours before an agent-reported sale counts as confirmed when both sides get a notice. */
  confirmationNoticeHours: 48,
  /** pg_trgm similarity of two normalised names at or above which they are "near-identical". */
  nameSimilarity: 0.7,
  /** A sale: $0.01 to $9,999,999.99 ex-GST. */
  maxSaleCents: 999_999_999,
  maxNotesLength: 2000,
  /** Rows in one CSV import. */
  maxImportRows: 20_000,
} as const;

/** Where a customer record came from. */
export type CustomerSource = "business" | "deal";

export interface Customer {
  readonly id: CustomerId;
  readonly businessId: number;
  readonly name: string;
  /** `normaliseCustomerName(name)`. */
  readonly normalisedName: string;
  readonly abn: Abn | null;
  /** `normaliseDomain(website)`, e.g. "harbourtech.com.au". */
  readonly domain: string | null;
  readonly contactName: string | null;
  readonly contactEmail: string | null;
  readonly contactPhone: string | null;
  /** The business keeps this customer for itself: no commission, no registration (issue 43). */
  readonly houseAccount: boolean;
  readonly source: CustomerSource;
  readonly createdAt: Date;
}

/** The customer fields a registration or the business's list gives, already validated. */
export interface CustomerInput {
  readonly name: string;
  readonly normalisedName: string;
  readonly abn: Abn | null;
  readonly domain: string | null;
  readonly contactName: string | null;
  readonly contactEmail: string | null;
  readonly contactPhone: string | null;
}

/** The machine's part of a deal. */
export interface DealStatus {
  readonly state: DealState;
  /** The last Sydney calendar day of protection (inclusive); null unless approved/won. */
  readonly protectedUntil: string | null;
  readonly rejectionReason: RejectionReason | null;
  /** The business's words on a rejection (required for `other`). */
  readonly rejectionNote: string | null;
  readonly decidedAt: Date | null;
  readonly closedAt: Date | null;
}

export interface DealProof {
  readonly id: number;
  readonly dealId: DealId;
  readonly fileName: string;
  readonly contentType: (typeof dealRules.proofTypes)[number];
  readonly size: number;
  readonly storageKey: string;
  readonly createdAt: Date;
}

export interface Deal extends DealStatus, PartnershipParties {
  readonly id: DealId;
  readonly customer: Customer;
  /** The agent's estimate, cents ex-GST (null: not given). */
  readonly estimatedValueCents: Cents | null;
  /** `yyyy-MM-dd`, or null. */
  readonly expectedCloseDate: string | null;
  readonly notes: string;
  readonly proofs: readonly DealProof[];
  readonly submittedAt: Date;
  /** Set by the expiry sweep's notice (once per protection period). */
  readonly expiryNoticeFor: string | null;
}

/** Sale states (issue 43 §2). A partly refunded sale stays confirmed with `refundedCents` > 0. */
export const saleStates = ["reported", "confirmed", "disputed", "refunded"] as const;
export type SaleState = (typeof saleStates)[number];
export const saleKinds = ["one_off", "recurring_monthly"] as const;
export type SaleKind = (typeof saleKinds)[number];
export type SaleReporter = "business" | "agent" | "api";
export type SaleSource = "form" | "csv" | "api";

/** The machine's part of a sale. */
export interface SaleStatus {
  readonly state: SaleState;
  readonly amountCents: Cents;
  readonly refundedCents: Cents;
  /** When an agent-reported sale counts as confirmed unanswered; null otherwise. */
  readonly confirmBy: Date | null;
  readonly confirmedAt: Date | null;
  /** The business's reason when it disputed an agent-reported sale. */
  readonly disputeNote: string | null;
}

export interface Sale extends SaleStatus, PartnershipParties {
  readonly id: SaleId;
  readonly dealId: DealId | null;
  readonly customerId: CustomerId | null;
  readonly customerName: string | null;
  readonly saleDate: string;
  readonly kind: SaleKind;
  readonly reportedBy: SaleReporter;
  readonly source: SaleSource;
  /** The reporter's own reference (CRM id, order number); unique per partnership. */
  readonly externalRef: string | null;
  readonly createdAt: Date;
  /** Set by the sweep's notice before the window elapses. */
  readonly confirmNoticeAt: Date | null;
}

/** One field problem (422), `field` as the API names it. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}
