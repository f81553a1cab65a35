/**
 * What the commission ledger needs from outside (issue 43; ADR 0063). Infrastructure failures are
 * defects; the error channel holds domain errors only. The PostgreSQL implementation is
 * adapters/src/postgres/repositories/commission-ledger.ts; the in-memory one is in ./testing.
 */
import { Context, type Effect, type Option } from "effect";
import type { PartnershipParties } from "../partnership/index.ts";
import type { InvoiceId, PartnershipId } from "../shared/ids.ts";
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
