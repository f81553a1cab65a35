/**
 * The commission ledger's use cases (issue 43, Build 3–4; ADR 0063). `recordConfirmedSale` and
 * `recordRefund` are run by the service's subscribers to part A's `sale.confirmed` and
 * `sale.refunded` events; the reads answer both parties of a partnership (anyone else:
 * `CommissionLineNotFound`, a 404). Writes run in one unit of work holding the partnership's ledger lock, so concurrent sales
 * of one tiered period never read the same cumulative total.
 */
import { Effect, Either, Option } from "effect";
import { ledgerTermsOf } from "../agreement/index.ts";
import type { User } from "../identity/index.ts";
import type { Party } from "../partnership/index.ts";
import { sydneyIsoDate } from "../shared/calendar.ts";
import { Clock } from "../shared/clock.ts";
import type { InvoiceId, PartnershipId } from "../shared/ids.ts";
import { atomically } from "../shared/unit-of-work.ts";
import { clawbackFor, linesForSale } from "./commission-lines.ts";
import { CommissionLineNotFound, LedgerSaleNotFound, NoTermsInForce } from "./errors.ts";
import { invoiceable } from "./ledger-machine.ts";
import {
  type CommissionLine,
  type ConfirmedSale,
  type LedgerSale,
  monthOf,
  periodBounds,
  type SaleRefund,
  type TermsVersion,
  termsInForce,
  tierPeriodKey,
} from "./model.ts";
import { CommissionLedger, CommissionRecords, type LedgerParties, type LineQuery } from "./ports.ts";

const today = Effect.map(Clock, (clock) => clock.now).pipe(Effect.flatten, Effect.map(sydneyIsoDate));

/** The net of the sale's tiered period under its version (0 for other models). */
const periodNetFor = (sale: Pick<LedgerSale, "partnershipId" | "saleDate">, version: TermsVersion) =>
  Effect.gen(function* () {
    if (version.terms.model.type !== "tiered") return 0;
    const { from, to } = periodBounds(tierPeriodKey(sale.saleDate, ledgerTermsOf(version.terms).tierPeriod));
    return yield* (yield* CommissionLedger).periodNet(sale.partnershipId, version.number, from, to);
  });

/**
 * Records a confirmed sale and stores its lines under the terms in force on the sale's date.
 * Idempotent per sale id (a second delivery stores nothing and answers []).
 * Fails with NoTermsInForce when no signed version covers the date.
 */
export const recordConfirmedSale = Effect.fn("commission.recordConfirmedSale")(function* (
  sale: ConfirmedSale,
) {
  const ledger = yield* CommissionLedger;
  const on = yield* today;
  return yield* atomically(
    Effect.gen(function* () {
      yield* ledger.lock(sale.partnershipId);
      if (Option.isSome(yield* ledger.findSale(sale.partnershipId, sale.saleId)))
        return [] as CommissionLine[];
      const version = termsInForce(yield* ledger.termsVersions(sale.partnershipId), sale.saleDate);
      if (version === null)
        return yield* new NoTermsInForce({ partnershipId: sale.partnershipId, date: sale.saleDate });
      const record: LedgerSale = {
        ...sale,
        agreementVersion: version.number,
        refundedCents: 0 as LedgerSale["refundedCents"],
      };
      const periodNetCents = yield* periodNetFor(sale, version);
      const monthHasBase =
        version.terms.model.type === "base_plus"
          ? yield* ledger.monthHasBase(sale.partnershipId, monthOf(sale.saleDate))
          : false;
      yield* ledger.saveSale(record);
      return yield* ledger.insertLines(linesForSale(record, version, { periodNetCents, monthHasBase }), on);
    }),
  );
});

/**
 * Records a refund or card dispute of a sale's payment: inside the clawback window a negative line
 * (payable at once, netting against the next payable lines). Answers the clawback line, if any.
 */
export const recordRefund = Effect.fn("commission.recordRefund")(function* (refund: SaleRefund) {
  const ledger = yield* CommissionLedger;
  const on = yield* today;
  return yield* atomically(
    Effect.gen(function* () {
      yield* ledger.lock(refund.partnershipId);
      const found = yield* ledger.findSale(refund.partnershipId, refund.saleId);
      if (Option.isNone(found)) return yield* new LedgerSaleNotFound({ saleId: refund.saleId });
      const sale = found.value;
      const version = (yield* ledger.termsVersions(refund.partnershipId)).find(
        (v) => v.number === sale.agreementVersion,
      );
      if (version === undefined)
        return yield* new NoTermsInForce({ partnershipId: refund.partnershipId, date: sale.saleDate });
      const outcome = clawbackFor(sale, refund, version, yield* periodNetFor(sale, version));
      if (outcome.appliedCents > 0)
        yield* ledger.addRefund(refund.partnershipId, refund.saleId, outcome.appliedCents);
      if (outcome.line === null) return null;
      const [line] = yield* ledger.insertLines([outcome.line], on);
      return line ?? null;
    }),
  );
});

/** The sweep's step (issue 43): earned → payable for lines past their holding period; how many. */
export const releasePayableLines = Effect.fn("commission.releasePayableLines")(function* () {
  return yield* (yield* CommissionLedger).releaseDue(yield* today);
});

/** The caller's side of the partnership; CommissionLineNotFound (404) unless a party (staff read). */
export const ledgerAccess = Effect.fn("commission.access")(function* (
  user: User,
  partnershipId: PartnershipId,
) {
  const parties = yield* (yield* CommissionLedger).partiesOf(partnershipId);
  if (Option.isNone(parties)) return yield* new CommissionLineNotFound({ id: partnershipId });
  const side: Party | null =
    user.id === parties.value.businessUserId
      ? "business"
      : user.id === parties.value.agentUserId
        ? "agent"
        : null;
  if (side === null && user.role !== "admin") return yield* new CommissionLineNotFound({ id: partnershipId });
  return { parties: parties.value, side };
});

/** A page of the partnership's commission lines, for either party. */
export const listCommissionLines = Effect.fn("commission.listLines")(function* (
  user: User,
  partnershipId: PartnershipId,
  query: LineQuery,
) {
  yield* ledgerAccess(user, partnershipId);
  return yield* (yield* CommissionLedger).lines(partnershipId, query);
});

/**
 * The monthly statement (`yyyy-MM`, Sydney) of the partnership, for either party, with whether it
 * was issued (the commission sweep, after the month ended).
 */
export const getCommissionStatement = Effect.fn("commission.statement")(function* (
  user: User,
  partnershipId: PartnershipId,
  month: string,
) {
  const { parties } = yield* ledgerAccess(user, partnershipId);
  const statement = yield* (yield* CommissionLedger).statement(partnershipId, month);
  const issued = yield* (yield* CommissionRecords).statementIssued(partnershipId, month);
  return { statement, parties, issued };
});

/**
 * Whether the payable lines become a recipient-created tax invoice (ATO LI 2023/20): both parties
 * GST-registered and the agreement in force includes the RCTI clause.
 */
export const usesRcti = (parties: LedgerParties, version: TermsVersion | null): boolean =>
  parties.businessGstRegistered &&
  parties.agentGstRegistered &&
  version !== null &&
  ledgerTermsOf(version.terms).rcti;

/** The payable lines an invoice would take now and their net (NothingPayable when ≤ 0). */
export const payableNow = (lines: readonly CommissionLine[]) => invoiceable(lines);

/**
 * Marks the lines an invoice took as invoiced, under the lock, re-checking they are all still
 * payable and net above zero (called by the invoicing use case in the same transaction).
 */
export const takeLinesOnInvoice = Effect.fn("commission.takeLinesOnInvoice")(function* (
  lines: readonly CommissionLine[],
  invoiceId: InvoiceId,
) {
  const ledger = yield* CommissionLedger;
  const on = yield* today;
  const picked = invoiceable(lines);
  if (Either.isLeft(picked)) return yield* picked.left;
  yield* ledger.markInvoiced(
    picked.right.lines.map((l) => l.id),
    invoiceId,
    on,
  );
  return picked.right;
});

/** The invoice was paid: its lines are paid (the InvoicePaid subscriber); how many. */
export const markLinesPaid = Effect.fn("commission.markLinesPaid")(function* (
  invoiceId: InvoiceId,
  paidAt: Date,
) {
  return yield* (yield* CommissionLedger).markPaid(invoiceId, sydneyIsoDate(paidAt));
});
