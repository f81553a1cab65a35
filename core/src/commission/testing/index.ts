/**
 * In-memory test layer of the commission ledger (ADR 0045): the CommissionLedger port over arrays,
 * shaped like the PostgreSQL adapter, and object mothers for sales, refunds and terms versions.
 */
import { Effect, Layer, Option } from "effect";
import type { AgreementTerms, CommissionModel } from "../../agreement/index.ts";
import type { SaleConfirmed, SaleRefunded } from "../../shared/domain-events.ts";
import { AgentProfileId, BusinessProfileId, PartnershipId, SaleId, UserId } from "../../shared/ids.ts";
import { cents } from "../../shared/money.ts";
import {
  type CommissionLine,
  CommissionLineId,
  type ConfirmedSale,
  type LedgerSale,
  monthOf,
  type SaleRefund,
  type TermsVersion,
} from "../model.ts";
import { CommissionLedger, type LedgerParties } from "../ports.ts";
import { statementFrom } from "../statement.ts";

/** Terms of an agreement with `model` and the ledger fields given (the rest a plausible default). */
export const aTerms = (model: CommissionModel, ledger: Partial<AgreementTerms> = {}): AgreementTerms => ({
  model,
  territory: ["Sydney"] as unknown as AgreementTerms["territory"],
  exclusive: false,
  products: "Managed IT services",
  paymentTermsDays: 14,
  startDate: "2027-01-01",
  endDate: null,
  noticeDays: 30,
  ...ledger,
});

/** A terms version: number 1 from 2027-01-01 unless given. */
export const aTermsVersion = (
  terms: AgreementTerms,
  number = 1,
  effectiveFrom = "2027-01-01",
): TermsVersion => ({
  number,
  effectiveFrom,
  terms,
});

export const aPartnershipId = PartnershipId.make(1);

/** A confirmed one-off sale of $1,000.00 on 2027-01-15 unless given. */
export const aSale = (over: Partial<ConfirmedSale> = {}): ConfirmedSale => ({
  saleId: 1,
  partnershipId: aPartnershipId,
  amountCents: cents(100_000),
  saleDate: "2027-01-15",
  kind: "one_off",
  ...over,
});

export const aRefund = (over: Partial<SaleRefund> = {}): SaleRefund => ({
  saleId: 1,
  partnershipId: aPartnershipId,
  refundCents: cents(10_000),
  refundDate: "2027-02-01",
  ...over,
});

export const someParties = (over: Partial<LedgerParties> = {}): LedgerParties => ({
  partnershipId: aPartnershipId,
  businessId: BusinessProfileId.make(1),
  agentId: AgentProfileId.make(1),
  businessUserId: UserId.make(1),
  agentUserId: UserId.make(2),
  businessName: "Harbour Tech",
  agentName: "Mia Chen",
  businessGstRegistered: true,
  agentGstRegistered: true,
  businessAbn: "51824753556",
  agentAbn: "53004085616",
  ...over,
});

/** An in-memory ledger; `versions` may be replaced (amended terms) between calls. */
export function makeInMemoryCommissionLedger(options: { versions: TermsVersion[]; parties?: LedgerParties }) {
  const state = {
    versions: options.versions,
    parties: options.parties ?? someParties(),
    sales: [] as LedgerSale[],
    lines: [] as CommissionLine[],
  };
  let nextId = 1;
  const layer = Layer.succeed(CommissionLedger, {
    partiesOf: (id) =>
      Effect.succeed(id === state.parties.partnershipId ? Option.some(state.parties) : Option.none()),
    termsVersions: () => Effect.sync(() => state.versions),
    lock: () => Effect.void,
    findSale: (partnershipId, saleId) =>
      Effect.sync(() =>
        Option.fromNullable(
          state.sales.find((s) => s.partnershipId === partnershipId && s.saleId === saleId),
        ),
      ),
    periodNet: (partnershipId, version, from, to) =>
      Effect.sync(() =>
        state.sales
          .filter(
            (s) =>
              s.partnershipId === partnershipId &&
              s.agreementVersion === version &&
              s.saleDate >= from &&
              s.saleDate <= to,
          )
          .reduce((sum, s) => sum + s.amountCents - s.refundedCents, 0),
      ),
    monthHasBase: (partnershipId, month) =>
      Effect.sync(() =>
        state.lines.some(
          (l) =>
            l.partnershipId === partnershipId &&
            l.model === "base_plus" &&
            l.kind !== "clawback" &&
            monthOf(l.earnedOn) === month,
        ),
      ),
    saveSale: (sale) => Effect.sync(() => void state.sales.push(sale)),
    addRefund: (partnershipId, saleId, applied) =>
      Effect.sync(() => {
        state.sales = state.sales.map((s) =>
          s.partnershipId === partnershipId && s.saleId === saleId
            ? { ...s, refundedCents: cents(s.refundedCents + applied) }
            : s,
        );
      }),
    insertLines: (lines, today) =>
      Effect.sync(() => {
        const stored = lines.map(
          (l): CommissionLine => ({
            ...l,
            id: CommissionLineId.make(nextId++),
            state: l.payableOn <= today ? "payable" : "earned",
            invoiceId: null,
            invoicedOn: null,
            paidOn: null,
          }),
        );
        state.lines.push(...stored);
        return stored;
      }),
    findLine: (id) => Effect.sync(() => Option.fromNullable(state.lines.find((l) => l.id === id))),
    lines: (partnershipId, query) =>
      Effect.sync(() => {
        const all = state.lines
          .filter(
            (l) =>
              l.partnershipId === partnershipId &&
              (query.month === undefined || monthOf(l.earnedOn) === query.month) &&
              (query.states === undefined || query.states.length === 0 || query.states.includes(l.state)),
          )
          .sort((a, b) => (a.earnedOn === b.earnedOn ? b.id - a.id : a.earnedOn < b.earnedOn ? 1 : -1));
        const start = (query.page - 1) * query.pageSize;
        return { items: all.slice(start, start + query.pageSize), total: all.length };
      }),
    releaseDue: (today) =>
      Effect.sync(() => {
        let n = 0;
        state.lines = state.lines.map((l) => {
          if (l.state !== "earned" || l.payableOn > today) return l;
          n++;
          return { ...l, state: "payable" };
        });
        return n;
      }),
    markInvoiced: (ids, invoiceId, on) =>
      Effect.sync(() => {
        state.lines = state.lines.map((l) =>
          ids.includes(l.id) ? { ...l, state: "invoiced", invoiceId, invoicedOn: on } : l,
        );
      }),
    markPaid: (invoiceId, on) =>
      Effect.sync(() => {
        let n = 0;
        state.lines = state.lines.map((l) => {
          if (l.invoiceId !== invoiceId || l.state !== "invoiced") return l;
          n++;
          return { ...l, state: "paid", paidOn: on };
        });
        return n;
      }),
    statement: (partnershipId, month) =>
      Effect.sync(() =>
        statementFrom(
          partnershipId,
          month,
          state.lines.filter((l) => l.partnershipId === partnershipId),
          state.sales.filter((s) => s.partnershipId === partnershipId),
        ),
      ),
  });
  return { layer, state };
}

/**
 * The events part A's use cases publish for a confirmed one-off sale (object mother for the
 * service's tests and bench): `confirmed`, and `refunded(refundCents, refundDate)`.
 */
export const saleEvents = (sale: {
  readonly id: number;
  readonly partnershipId: number;
  readonly amountCents: number;
  readonly saleDate: string;
  readonly businessUserId: number;
  readonly agentUserId: number;
}) => {
  const facts = {
    id: SaleId.make(sale.id),
    partnershipId: PartnershipId.make(sale.partnershipId),
    businessUserId: UserId.make(sale.businessUserId),
    agentUserId: UserId.make(sale.agentUserId),
    businessName: "Harbour Tech",
    agentName: "Mia Chen",
    dealId: null,
    customerId: null,
    amountCents: cents(sale.amountCents),
    saleDate: sale.saleDate,
    kind: "one_off" as const,
    state: "confirmed" as const,
    reportedBy: "business" as const,
    confirmBy: null,
  };
  const confirmed: SaleConfirmed = {
    _tag: "SaleConfirmed",
    saleId: facts.id,
    partnershipId: facts.partnershipId,
    amountCents: facts.amountCents,
    saleDate: sale.saleDate,
    kind: "one_off",
    sale: facts,
    by: "business",
  };
  const refunded = (refundCents: number, refundDate: string): SaleRefunded => ({
    _tag: "SaleRefunded",
    saleId: facts.id,
    partnershipId: facts.partnershipId,
    refundCents: cents(refundCents),
    refundDate,
    sale: { ...facts, state: "refunded" },
  });
  return { confirmed, refunded };
};
