/** Dispute ports. Infrastructure failures are defects; the error channel holds domain errors. */
import { Context, type Effect, type Either, type Option } from "effect";
import type { InvoiceLedger, InvoiceTransition, InvoiceTransitionRefused } from "../invoice/index.ts";
import type { Cents, InvoiceId, PaymentId, ProfileId, RefundSplit, UserId } from "../shared/index.ts";
import type { DisputeAlreadyOpen, DisputeNotFound } from "./errors.ts";
import type {
  Dispute,
  DisputeEvidence,
  DisputeEvidenceId,
  DisputeId,
  DisputeParty,
  DisputeReason,
  DisputeStatus,
  DisputeTimelineEntry,
} from "./model.ts";

/** A timeline line to append (the repository stamps id and time). */
export type NewTimelineEntry = Omit<DisputeTimelineEntry, "id" | "createdAt">;

/** What the repository needs to open a dispute. */
export interface NewDispute {
  readonly invoiceId: InvoiceId;
  readonly openedBy: UserId;
  readonly reason: DisputeReason;
  readonly description: string;
  readonly status: DisputeStatus;
  /** The invoice machine's `DisputeOpened` decision (ADR 0049), stored with the dispute. */
  readonly transition: InvoiceTransition;
}

/**
 * What a resolution does to the money, executed once in one transaction with the dispute's
 * `executed_at` (ADR 0018):
 * - `release`: nothing to change but the payout hold (paid as invoiced, or withdrawn);
 * - `cancel`: the unpaid invoice is cancelled (never payable again);
 * - `reduce`: the unpaid invoice's total, GST and fee drop by `split` and a credit note records it;
 * - `refund`: the refund the gateway made is recorded on the payment (payout_refunds, its credit
 *   note) exactly as a staff refund is, then the hold is released.
 * Every plan carries the invoice machine's decision (ADR 0040): `before`, the invoice the machine
 * started from (the repository refuses to settle when the stored invoice no longer matches it), and
 * `invoice`, its result after `DisputeResolved`, persisted through the invoice repository's
 * `persistInvoiceTransition` — the repository does no invoice arithmetic of its own.
 */
export type SettlementPlan = (
  | { readonly kind: "release" }
  | { readonly kind: "cancel" }
  | { readonly kind: "reduce"; readonly split: RefundSplit }
  | {
      readonly kind: "refund";
      readonly paymentId: PaymentId;
      readonly refundedBefore: number;
      readonly split: RefundSplit;
      readonly gatewayRefundId: string | null;
      readonly actorUserId: UserId;
    }
) & { readonly before: InvoiceLedger; readonly invoice: InvoiceLedger };

/** A dispute with its timeline and evidence (the dispute page). */
export interface DisputeDetail {
  readonly dispute: Dispute;
  readonly timeline: readonly DisputeTimelineEntry[];
  readonly evidence: readonly DisputeEvidence[];
  /** The invoice as it stands now (total after any credit note; cancelled by a resolution). */
  readonly invoice: {
    readonly id: InvoiceId;
    readonly amountCents: Cents;
    readonly description: string;
    readonly dueDate: string;
    readonly isPaid: boolean;
    readonly cancelled: boolean;
  };
  /** The credit note of an unpaid invoice this dispute reduced. */
  readonly creditNote: {
    readonly id: number;
    readonly amountCents: Cents;
    readonly gstCents: Cents;
    readonly feeCents: Cents;
    readonly originalAmountCents: Cents;
    readonly createdAt: Date;
  } | null;
}

export class DisputeRepository extends Context.Tag("dispute/DisputeRepository")<
  DisputeRepository,
  {
    /** Inserts the dispute and its "opened" line; DisputeAlreadyOpen when the invoice has an active one (unique index, also under races). */
    /**
     * Stores a new dispute with the machine's result in one transaction: DisputeAlreadyOpen when
     * the invoice has an active dispute; InvoiceTransitionRefused when the stored invoice no longer
     * equals `input.transition.before` (it moved on since the machine read it).
     */
    readonly open: (
      input: NewDispute,
    ) => Effect.Effect<Dispute, DisputeAlreadyOpen | InvoiceTransitionRefused>;
    readonly findById: (id: DisputeId) => Effect.Effect<Option.Option<Dispute>>;
    readonly detail: (id: DisputeId) => Effect.Effect<Option.Option<DisputeDetail>>;
    /** One party's disputes, newest first. */
    readonly listFor: (party: DisputeParty, profileId: ProfileId) => Effect.Effect<readonly Dispute[]>;
    /** Disputes of one invoice, newest first. */
    readonly listForInvoice: (invoiceId: InvoiceId) => Effect.Effect<readonly Dispute[]>;
    /** In mediation or proposed, oldest first (staff's queue). */
    readonly mediationQueue: () => Effect.Effect<readonly Dispute[]>;
    /**
     * Locks the dispute, runs `decide` on it and, on Right, stores the new status with the timeline
     * lines in the same transaction. Serialises concurrent answers.
     */
    readonly update: <E>(
      id: DisputeId,
      decide: (
        dispute: Dispute,
      ) => Either.Either<{ status: DisputeStatus; lines: readonly NewTimelineEntry[] }, E>,
    ) => Effect.Effect<Dispute, E | DisputeNotFound>;
    readonly appendLine: (id: DisputeId, line: NewTimelineEntry) => Effect.Effect<void>;
    /** Open or proposed disputes whose deadline is at or before `now`. */
    readonly due: (now: Date) => Effect.Effect<readonly DisputeId[]>;
    readonly addEvidence: (
      evidence: Omit<DisputeEvidence, "id" | "createdAt">,
    ) => Effect.Effect<DisputeEvidence>;
    readonly findEvidence: (id: DisputeEvidenceId) => Effect.Effect<Option.Option<DisputeEvidence>>;
    /**
     * Executes `plan` and sets `executed_at`, in one transaction, only while the dispute is
     * terminal and not yet executed; answers false when another call got there first.
     */
    readonly settle: (id: DisputeId, plan: SettlementPlan, now: Date) => Effect.Effect<boolean>;
    /** The invoice's active dispute id, or a dispute that cancelled it (payment is refused). */
    readonly paymentBlock: (
      invoiceId: InvoiceId,
    ) => Effect.Effect<
      Option.Option<{ readonly disputeId: DisputeId; readonly reason: "disputed" | "cancelled" }>
    >;
    /** Emails of the two parties' users. */
    readonly contacts: (
      dispute: Dispute,
    ) => Effect.Effect<{ readonly business: string; readonly agent: string }>;
  }
>() {}
