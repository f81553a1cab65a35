/**
 * Dispute model (issue 17, ADR 0018). A dispute contests one invoice between its two parties.
 * Money is integer cents, AUD. Every resolution is a **settled amount**: what the business pays
 * for the invoice in the end (0 … the invoice total). What that means for the money follows from
 * whether the invoice was paid when the dispute opened (see `disputeOutcome`).
 */
import type { InvoiceParty } from "../invoice/index.ts";
import type { PartnershipParties } from "../partnership/index.ts";
import { DisputeEvidenceId, DisputeId } from "../shared/ids.ts";
import type { Cents, InvoiceId } from "../shared/index.ts";

/** The dispute id brand lives with the other ids (core/src/shared/ids.ts); re-exported here. */
export { DisputeEvidenceId, DisputeId };

/** A party to the invoice: the business or the agent. */
export type DisputeParty = InvoiceParty;

/** Reasons for an unpaid invoice. */
export const unpaidDisputeReasons = ["amount_not_owed", "work_not_done"] as const;
/** Reasons for a paid invoice. */
export const paidDisputeReasons = ["charged_in_error", "services_not_delivered"] as const;
export type DisputeReason = (typeof unpaidDisputeReasons)[number] | (typeof paidDisputeReasons)[number];
export const disputeReasons = [...unpaidDisputeReasons, ...paidDisputeReasons] as const;

/** The words shown for each reason (UI and emails). */
export const disputeReasonLabels: Record<DisputeReason, string> = {
  amount_not_owed: "Amount not owed",
  work_not_done: "Work not done",
  charged_in_error: "Charged in error",
  services_not_delivered: "Services not delivered",
};

/**
 * `open`: the parties negotiate; the party an offer waits on has until `deadline`.
 * `in_mediation`: staff must propose a resolution by `deadline` (5 business days).
 * `proposed`: staff proposed; each party accepts by `deadline` (2 days; silence is acceptance).
 * `resolved` and `withdrawn` are terminal.
 */
export type DisputeState = "open" | "in_mediation" | "proposed" | "resolved" | "withdrawn";
export const disputeStates = ["open", "in_mediation", "proposed", "resolved", "withdrawn"] as const;

/** An amount on the table: the opener's claim or a counter-offer, by the side that made it. */
export interface DisputeOffer {
  readonly by: DisputeParty;
  /** What the business would pay for the invoice in total, cents. */
  readonly amountCents: Cents;
}

/** Staff's proposed resolution and who accepted it so far. */
export interface DisputeProposal {
  readonly amountCents: Cents;
  readonly note: string;
  readonly acceptedBy: readonly DisputeParty[];
}

/** How a dispute ended for the money. */
export type DisputeOutcome =
  | "invoice_cancelled"
  | "amount_reduced"
  | "paid_as_invoiced"
  | "full_refund"
  | "partial_refund"
  | "withdrawn";

/** The machine's view of a dispute: everything a transition reads or writes. */
export interface DisputeStatus {
  readonly state: DisputeState;
  readonly opener: DisputeParty;
  /** Whether the invoice was paid when the dispute opened (a paid one freezes the payout). */
  readonly invoicePaid: boolean;
  /** The invoice total less refunds before the dispute, cents: the most a party can be asked to pay. */
  readonly invoiceAmountCents: Cents;
  /** The latest offer; the other side may accept it. */
  readonly offer: DisputeOffer;
  readonly proposal: DisputeProposal | null;
  /** When the current step times out (open: the awaited party; in mediation: staff; proposed: the parties). */
  readonly deadline: Date | null;
  /** Set when resolved. */
  readonly settledAmountCents: Cents | null;
  readonly outcome: DisputeOutcome | null;
}

/** A dispute as stored and read. */
export interface Dispute extends DisputeStatus, PartnershipParties {
  readonly id: DisputeId;
  readonly invoiceId: InvoiceId;
  readonly reason: DisputeReason;
  readonly description: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly mediationStartedAt: Date | null;
  readonly resolvedAt: Date | null;
  /** When the resolution's money action ran (exactly once). */
  readonly executedAt: Date | null;
}

/** One line of the dispute's timeline. */
export interface DisputeTimelineEntry {
  readonly id: number;
  readonly kind:
    | "opened"
    | "message"
    | "counter_offer"
    | "accepted"
    | "rejected"
    | "escalated"
    | "mediation_started"
    | "proposed"
    | "proposal_accepted"
    | "proposal_rejected"
    | "resolved"
    | "withdrawn"
    | "evidence"
    /** The resolution's money action ran (refund, credit note, cancellation or release). */
    | "settled";
  /** Who acted; "system" for the scheduled job. */
  readonly actor: DisputeParty | "staff" | "system";
  readonly message: string | null;
  readonly amountCents: Cents | null;
  readonly evidenceId: DisputeEvidenceId | null;
  readonly createdAt: Date;
}

/** An evidence file's record (the bytes are in FileStorage under `storageKey`). */
export interface DisputeEvidence {
  readonly id: DisputeEvidenceId;
  readonly disputeId: DisputeId;
  readonly party: DisputeParty;
  readonly fileName: string;
  readonly contentType: "application/pdf" | "image/jpeg" | "image/png";
  readonly size: number;
  readonly storageKey: string;
  readonly createdAt: Date;
}

/** Rules of disputes (issue 17). */
export const disputeRules = {
  /** The other party responds within 7 days (each offer gives the other side 7 days). */
  respondDays: 7,
  /** Staff propose within 5 business days of mediation starting. */
  mediationBusinessDays: 5,
  /** Each party accepts staff's proposal within 2 days; silence is acceptance. */
  acceptDays: 2,
  minDescriptionLength: 10,
  maxDescriptionLength: 5000,
  maxMessageLength: 2000,
  /** 10 MB per evidence file. */
  maxEvidenceBytes: 10 * 1024 * 1024,
  maxEvidenceFiles: 10,
  evidenceTypes: ["application/pdf", "image/jpeg", "image/png"] as const,
} as const;

/** The party other than `party`. */
export const otherParty = (party: DisputeParty): DisputeParty =>
  party === "business" ? "agent" : "business";

/** What a settled amount means for the money of an invoice paid (or not) when the dispute opened. */
export const disputeOutcome = (
  status: Pick<DisputeStatus, "invoicePaid" | "invoiceAmountCents">,
  settled: number,
): DisputeOutcome =>
  settled >= status.invoiceAmountCents
    ? "paid_as_invoiced"
    : status.invoicePaid
      ? settled === 0
        ? "full_refund"
        : "partial_refund"
      : settled === 0
        ? "invoice_cancelled"
        : "amount_reduced";

/** True once the dispute can no longer change. */
export const isTerminal = (state: DisputeState): boolean => state === "resolved" || state === "withdrawn";
