/**
 * The ledger's use cases for the service (issue 43, service half; ADR 0063): the statements list,
 * the invoice drafted from the payable lines and issued with one press — a recipient-created tax
 * invoice issued by the business when both parties are registered for GST and the agreement in
 * force has the RCTI clause (ATO LI 2023/20), otherwise the agent's own invoice through the
 * invoice context's `createInvoice` — flagging a line (a dispute on the invoice that took it), and
 * the monthly issue of statements (`StatementIssued`, the `statement.issued` webhook).
 * Both parties read; anyone else gets CommissionLineNotFound (404). Money is integer cents ex-GST
 * on lines; GST is added on the invoice (core/src/shared/tax.ts).
 */
import { Effect, Either, Option } from "effect";
import { openDispute } from "../dispute/index.ts";
import type { User } from "../identity/index.ts";
import { createInvoice, displayState, InvoiceRepository, InvoiceTerms } from "../invoice/index.ts";
import {
  AgentProfileId,
  addCalendarDays,
  atomically,
  Clock,
  formatAud,
  invoiceTotals,
  type PartnershipId,
  publishEvent,
  sydneyIsoDate,
} from "../shared/index.ts";
import type { Paging } from "../shared/paging.ts";
import { CommissionInvoiceIssuer, CommissionLineNotFound, CommissionLineNotInvoiced } from "./errors.ts";
import { invoiceable } from "./ledger-machine.ts";
import { type CommissionLine, type CommissionLineId, termsInForce } from "./model.ts";
import { CommissionLedger, CommissionRecords, type LedgerParties } from "./ports.ts";
import { ledgerAccess, takeLinesOnInvoice, usesRcti } from "./use-cases.ts";

/** The first words of a recipient-created tax invoice, as the ATO words them (LI 2023/20). */
export const rctiTitle = "Recipient-created tax invoice";

/** LI 2023/20: the recipient issues the RCTI within 28 days of the value of the supply being known. */
export const rctiIssueWithinDays = 28;

/** The payment terms of a commission invoice when the agreement names none (days). */
const defaultPaymentTermsDays = 14;

/** Who issues the partnership's commission invoice, and under which terms version. */
const issuerOf = (parties: LedgerParties, today: string) =>
  Effect.gen(function* () {
    const version = termsInForce(
      yield* (yield* CommissionLedger).termsVersions(parties.partnershipId),
      today,
    );
    const rcti = usesRcti(parties, version);
    return {
      rcti,
      issuer: rcti ? ("business" as const) : ("agent" as const),
      paymentTermsDays: version?.terms.paymentTermsDays ?? defaultPaymentTermsDays,
    };
  });

/** The invoice's description from the lines it takes. */
const invoiceDescription = (rcti: boolean, lines: readonly CommissionLine[], today: string) => {
  const from = [today, ...lines.map((l) => l.earnedOn)].sort()[0] ?? today;
  const what = `Commission from the Closr ledger: ${lines.length} line${lines.length === 1 ? "" : "s"} earned ${from} to ${today}`;
  return rcti ? `${rctiTitle}. ${what}` : what;
};

/**
 * The invoice the payable lines would make now, for either party: the lines, their net (ex-GST),
 * GST and total, who issues it (`rcti` true: the business) and, for an RCTI, the day it is due to
 * be issued by (`issueBy`, 28 days after the oldest line became payable). NothingPayable when
 * they net ≤ 0.
 */
export const commissionInvoiceDraft = Effect.fn("commission.invoiceDraft")(function* (
  user: User,
  partnershipId: PartnershipId,
) {
  const { parties } = yield* ledgerAccess(user, partnershipId);
  const today = sydneyIsoDate(yield* (yield* Clock).now);
  const picked = invoiceable(yield* (yield* CommissionRecords).payableLines(partnershipId));
  if (Either.isLeft(picked)) return yield* picked.left;
  const { rcti, issuer } = yield* issuerOf(parties, today);
  const terms = yield* (yield* InvoiceTerms).forAgent(AgentProfileId.make(parties.agentId));
  const totals = invoiceTotals({
    subtotalCents: picked.right.netCents,
    gstRegistered: terms.gstRegistered,
    feeBasisPoints: terms.feeBasisPoints,
  });
  // The oldest payable line's day is when the first of these values became known.
  const firstPayable = [...picked.right.lines.map((l) => l.payableOn)].sort()[0] ?? today;
  const issueBy = rcti ? addCalendarDays(firstPayable, rctiIssueWithinDays) : null;
  return {
    parties,
    rcti,
    issuer,
    issueBy,
    lines: picked.right.lines,
    netCents: picked.right.netCents,
    totals,
  };
});

/**
 * Issues the invoice of every payable line (one press), in one unit of work holding the ledger
 * lock: with the RCTI rule the business issues a recipient-created tax invoice (stored as the
 * agent's supply to the business, GST added when the agent is registered; due after the
 * agreement's payment terms); otherwise the agent's invoice is raised through `createInvoice`
 * (its checks: payouts enabled, an active partnership). The lines become invoiced.
 * Errors: CommissionLineNotFound (404), CommissionInvoiceIssuer (403, the wrong party),
 * NothingPayable (409), and createInvoice's own.
 */
export const issueCommissionInvoice = Effect.fn("commission.issueInvoice")(function* (
  user: User,
  partnershipId: PartnershipId,
) {
  const { parties, side } = yield* ledgerAccess(user, partnershipId);
  const now = yield* (yield* Clock).now;
  const today = sydneyIsoDate(now);
  const { rcti, issuer, paymentTermsDays } = yield* issuerOf(parties, today);
  if (side !== issuer) return yield* new CommissionInvoiceIssuer({ issuer });
  yield* (yield* CommissionLedger).lock(partnershipId);
  const records = yield* CommissionRecords;
  const picked = invoiceable(yield* records.payableLines(partnershipId));
  if (Either.isLeft(picked)) return yield* picked.left;
  const description = invoiceDescription(rcti, picked.right.lines, today);
  const dueDate = addCalendarDays(today, paymentTermsDays);
  const invoice = rcti
    ? yield* Effect.gen(function* () {
        const terms = yield* (yield* InvoiceTerms).forAgent(AgentProfileId.make(parties.agentId));
        const totals = invoiceTotals({
          subtotalCents: picked.right.netCents,
          gstRegistered: terms.gstRegistered,
          feeBasisPoints: terms.feeBasisPoints,
        });
        const created = yield* (yield* InvoiceRepository).insert({
          partnershipId,
          businessId: parties.businessId,
          agentId: parties.agentId,
          amountCents: totals.totalCents,
          subtotalCents: totals.subtotalCents,
          gstCents: totals.gstCents,
          platformFeeCents: totals.platformFeeCents,
          agentAbn: terms.abn,
          gstRegistered: terms.gstRegistered,
          description,
          dueDate,
        });
        yield* publishEvent({ _tag: "InvoiceRaised", invoice: created });
        return { ...created, state: displayState(created, now) };
      })
    : yield* createInvoice(user, {
        businessId: parties.businessId,
        partnershipId,
        amountCents: picked.right.netCents,
        description,
        dueDate,
      });
  yield* takeLinesOnInvoice(picked.right.lines, invoice.id);
  yield* records.recordInvoice({
    invoiceId: invoice.id,
    partnershipId,
    kind: rcti ? "rcti" : "agent",
    issuedBy: user.id,
  });
  return { invoice, rcti, lines: picked.right.lines, netCents: picked.right.netCents };
}, atomically);

/**
 * The agent flags a line: a dispute opens on the invoice that took it (the dispute context's
 * `openDispute`, with its reasons and checks), its description naming the line. A line not yet
 * invoiced answers CommissionLineNotInvoiced (409); another party's line CommissionLineNotFound.
 */
export const flagCommissionLine = Effect.fn("commission.flagLine")(function* (
  user: User,
  partnershipId: PartnershipId,
  lineId: CommissionLineId,
  input: Parameters<typeof openDispute>[2],
) {
  yield* ledgerAccess(user, partnershipId);
  const found = yield* (yield* CommissionLedger).findLine(lineId);
  if (Option.isNone(found) || found.value.partnershipId !== partnershipId)
    return yield* new CommissionLineNotFound({ id: lineId });
  const line = found.value;
  if (line.invoiceId === null)
    return yield* new CommissionLineNotInvoiced({ id: line.id, state: line.state });
  const dispute = yield* openDispute(user, line.invoiceId, {
    ...input,
    description: `Commission line #${line.id} (${line.model}, ${line.kind}, ${formatAud(line.amountCents)} earned ${line.earnedOn}): ${input.description.trim()}`,
  });
  return { dispute, line };
});

/** A page of the partnership's statements, newest month first, each with its figures and whether issued; and the parties. */
export const listCommissionStatements = Effect.fn("commission.listStatements")(function* (
  user: User,
  partnershipId: PartnershipId,
  paging: Paging,
) {
  const { parties } = yield* ledgerAccess(user, partnershipId);
  const records = yield* CommissionRecords;
  const ledger = yield* CommissionLedger;
  const months = yield* records.statementMonths(partnershipId, paging);
  const items = yield* Effect.forEach(months.items, (month) =>
    Effect.all({
      statement: ledger.statement(partnershipId, month),
      issued: records.statementIssued(partnershipId, month),
    }),
  );
  return { items, total: months.total, parties };
});

/**
 * A recipient-created tax invoice the partnership's business issued, with the lines it took, for
 * either party: CommissionLineNotFound (404) when the invoice is not an RCTI of a partnership the
 * caller is a party to.
 */
export const getRecipientCreatedInvoice = Effect.fn("commission.rcti")(function* (
  user: User,
  invoiceId: Parameters<typeof takeLinesOnInvoice>[1],
) {
  const records = yield* CommissionRecords;
  const record = yield* records.findInvoice(invoiceId);
  if (Option.isNone(record) || record.value.kind !== "rcti")
    return yield* new CommissionLineNotFound({ id: invoiceId });
  const { parties } = yield* ledgerAccess(user, record.value.partnershipId);
  const found = yield* (yield* InvoiceRepository).findById(invoiceId);
  if (Option.isNone(found)) return yield* new CommissionLineNotFound({ id: invoiceId });
  return {
    invoice: found.value,
    record: record.value,
    parties,
    lines: yield* records.invoiceLines(invoiceId),
  };
});

/** The `yyyy-MM` month before the one `today` (`yyyy-MM-dd`) falls in. */
export const previousMonth = (today: string): string => {
  const [y, m] = today.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
};

/**
 * The commission sweep (issue 43), run by the scheduled `commission-sweep` job: lines past their
 * holding period become payable, then last month's (Sydney) statement of every partnership with
 * activity in it is issued once — `StatementIssued` to both parties (the `statement.issued`
 * webhook). Answers how many lines were released and statements issued.
 */
export const runCommissionSweep = Effect.fn("commission.sweep")(function* () {
  const today = sydneyIsoDate(yield* (yield* Clock).now);
  const ledger = yield* CommissionLedger;
  const released = yield* ledger.releaseDue(today);
  const month = previousMonth(today);
  const issued = yield* atomically(
    Effect.gen(function* () {
      const partnerships = yield* (yield* CommissionRecords).issueStatements(month);
      for (const partnershipId of partnerships) {
        const parties = yield* ledger.partiesOf(partnershipId);
        if (Option.isNone(parties)) continue;
        const statement = yield* ledger.statement(partnershipId, month);
        yield* publishEvent({
          _tag: "StatementIssued",
          statement: {
            ...statement,
            businessId: parties.value.businessId,
            agentId: parties.value.agentId,
          },
        });
      }
      return partnerships.length;
    }),
  );
  return { released, issued };
});
