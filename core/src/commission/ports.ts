/**
 * What the commission ledger needs from outside (issue 43; ADR 0063). Infrastructure failures are
 * defects; the error channel holds domain errors only. The PostgreSQL implementation is
 * adapters/src/postgres/repositories/commission-ledger.ts; the in-memory one is in ./testing.
 */
import { Context, type Effect, type Option } from "effect";
import type { PartnershipParties } from "../partnership/index.ts";
import type { InvoiceId, PartnershipId, UserId } from "../shared/ids.ts";
import type { Counted, Paging } from "../shared/paging.ts";
import type {
  CommissionLine,
  CommissionLineId,
  CommissionStatement,
  LedgerSale,
  LineState,
  NewCommissionLine,
  TermsVersion,
} from "./model.ts";

/** The two parties of a partnership, with what the RCTI rule needs (issue 43, LI 2023/20). */
export interface LedgerParties extends PartnershipParties {
  readonly businessGstRegistered: boolean;
  readonly agentGstRegistered: boolean;
  readonly businessAbn: string | null;
  readonly agentAbn: string | null;
}

/** Which lines a list reads. */
export interface LineQuery extends Paging {
  /** `yyyy-MM`: lines earned in that month; absent: all. */
  readonly month?: string | undefined;
  readonly states?: readonly LineState[] | undefined;
}

export class CommissionLedger extends Context.Tag("commission/CommissionLedger")<
  CommissionLedger,
  {
    /** The partnership's parties; None when there is no such partnership. */
    readonly partiesOf: (partnershipId: PartnershipId) => Effect.Effect<Option.Option<LedgerParties>>;
    /** Every signed (or superseded) agreement version of the partnership with its effective day. */
    readonly termsVersions: (partnershipId: PartnershipId) => Effect.Effect<readonly TermsVersion[]>;
    /** Locks the partnership's ledger until the unit of work ends (FOR UPDATE): writes are serialised. */
    readonly lock: (partnershipId: PartnershipId) => Effect.Effect<void>;
    readonly findSale: (
      partnershipId: PartnershipId,
      saleId: number,
    ) => Effect.Effect<Option.Option<LedgerSale>>;
    /** Σ (amount − refunded) of the partnership's ledger sales under `agreementVersion` dated in [from, to]. */
    readonly periodNet: (
      partnershipId: PartnershipId,
      agreementVersion: number,
      from: string,
      to: string,
    ) => Effect.Effect<number>;
    /**
     * The month (`yyyy-MM`) already had a base-plus sale, so its base is settled: the base of the
     * terms in force at the month's first base-plus sale, once (even when that base was $0).
     */
    readonly monthHasBase: (partnershipId: PartnershipId, month: string) => Effect.Effect<boolean>;
    readonly saveSale: (sale: LedgerSale) => Effect.Effect<void>;
    /** Adds `appliedCents` to the sale's refunded cents. */
    readonly addRefund: (
      partnershipId: PartnershipId,
      saleId: number,
      appliedCents: number,
    ) => Effect.Effect<void>;
    /** Stores lines: state payable when payableOn ≤ `today`, else earned. */
    readonly insertLines: (
      lines: readonly NewCommissionLine[],
      today: string,
    ) => Effect.Effect<readonly CommissionLine[]>;
    readonly findLine: (id: CommissionLineId) => Effect.Effect<Option.Option<CommissionLine>>;
    /** A page of the partnership's lines, newest earned first. */
    readonly lines: (
      partnershipId: PartnershipId,
      query: LineQuery,
    ) => Effect.Effect<Counted<CommissionLine>>;
    /** earned → payable for every line whose payableOn ≤ `today` (the machine's release); how many. */
    readonly releaseDue: (today: string) => Effect.Effect<number>;
    /** payable → invoiced for `ids` (all payable, checked by the caller under the lock). */
    readonly markInvoiced: (
      ids: readonly CommissionLineId[],
      invoiceId: InvoiceId,
      on: string,
    ) => Effect.Effect<void>;
    /** invoiced → paid for the invoice's lines; how many. */
    readonly markPaid: (invoiceId: InvoiceId, on: string) => Effect.Effect<number>;
    /** The statement of `month` (`yyyy-MM`), the figures of statementFrom. */
    readonly statement: (partnershipId: PartnershipId, month: string) => Effect.Effect<CommissionStatement>;
  }
>() {}

/** How a partnership's payable lines were invoiced (issue 43). */
export interface CommissionInvoiceRecord {
  readonly invoiceId: InvoiceId;
  readonly partnershipId: PartnershipId;
  /** rcti: a recipient-created tax invoice issued by the business (ATO LI 2023/20); agent: the agent's invoice. */
  readonly kind: "rcti" | "agent";
  readonly issuedBy: UserId;
  readonly issuedAt: Date;
}

/**
 * The ledger's records beside the lines (issue 43, service half): refund deliveries, the invoices
 * that took payable lines, and the statements issued. PostgreSQL: CommissionRecordsPg.
 */
export class CommissionRecords extends Context.Tag("commission/CommissionRecords")<
  CommissionRecords,
  {
    /**
     * Claims one delivery of a refund of `refundCents` on the ledger's sale: true when it is new, i.e.
     * the refunds the ledger was told of plus this one stay within the sale's refunded total in the
     * deal context; false for a repeated delivery (or a sale the ledger does not hold).
     */
    readonly claimRefund: (
      partnershipId: PartnershipId,
      saleId: number,
      refundCents: number,
    ) => Effect.Effect<boolean>;
    /** Every payable line of the partnership, oldest first. */
    readonly payableLines: (partnershipId: PartnershipId) => Effect.Effect<readonly CommissionLine[]>;
    /** The lines an invoice took. */
    readonly invoiceLines: (invoiceId: InvoiceId) => Effect.Effect<readonly CommissionLine[]>;
    readonly recordInvoice: (record: Omit<CommissionInvoiceRecord, "issuedAt">) => Effect.Effect<void>;
    readonly findInvoice: (invoiceId: InvoiceId) => Effect.Effect<Option.Option<CommissionInvoiceRecord>>;
    /** The months (`yyyy-MM`) with a sale or a line step of the partnership, newest first, and how many. */
    readonly statementMonths: (
      partnershipId: PartnershipId,
      paging: Paging,
    ) => Effect.Effect<Counted<string>>;
    /** Whether the partnership's statement of `month` was issued (statement.issued sent). */
    readonly statementIssued: (partnershipId: PartnershipId, month: string) => Effect.Effect<boolean>;
    /**
     * Marks `month`'s statement issued for every partnership with ledger activity in it and not yet
     * issued; answers those partnerships (each is issued once).
     */
    readonly issueStatements: (month: string) => Effect.Effect<readonly PartnershipId[]>;
  }
>() {}
