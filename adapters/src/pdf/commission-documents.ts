/**
 * The commission ledger's documents (issue 43, ADR 0063), laid out by renderTaxDocumentPdf in the
 * tax invoice's style: a partnership's monthly statement, and the recipient-created tax invoice
 * (RCTI) a GST-registered business issues for its GST-registered agent's commission under the
 * agreement's RCTI clause. The RCTI follows ATO LI 2023/20 (A New Tax System (Goods and Services
 * Tax) (Recipient-Created Tax Invoice) Determination 2023): the words "Recipient-created tax
 * invoice" prominently, the supplier's and the recipient's names and ABNs, the date of issue, what
 * was supplied, the GST and the total, and the written agreement statement; the recipient issues it
 * within 28 days of the value being known and both keep it for 5 years. Money arrives in cents
 * (lines ex-GST); dates are formatted by @closr/format in Sydney (the business's zone).
 */
import type { CommissionLine, CommissionStatement, LedgerParties } from "@closr/core/commission";
import type { InvoiceView } from "@closr/core/invoice";
import { formatCents, formatLongDate } from "@closr/format";
import { invoiceNumber, type TaxDocument } from "./tax-document-pdf.ts";

const modelNames: Record<CommissionLine["model"], string> = {
  straight: "Straight commission",
  base_plus: "Base plus commission",
  tiered: "Tiered commission",
  residual: "Residual commission",
};

const monthName = (month: string) => formatLongDate(`${month}-01`).replace(/^1 /, "");

/** The statement of one month as a document: the figures as lines, the closing balance as the total. */
export const commissionStatementDocument = (
  statement: CommissionStatement,
  parties: LedgerParties,
  issuedAt: Date,
): TaxDocument => ({
  title: "Commission statement",
  number: `${monthName(statement.month)} (partnership #${statement.partnershipId})`,
  numberLabel: "Statement",
  buyerLabel: "Agent",
  issueDate: issuedAt,
  timeZone: "Australia/Sydney",
  seller: { name: parties.businessName, abn: parties.businessAbn },
  buyer: { name: parties.agentName, abn: parties.agentAbn, showAbn: parties.agentAbn !== null },
  lines: [
    { description: "Opening balance (earned, not yet paid)", amountCents: statement.openingBalanceCents },
    {
      description: `Confirmed sales: ${statement.sales.count.toLocaleString("en-AU")} (ex-GST total, for reference)`,
      amountCents: statement.sales.totalCents,
    },
    ...statement.linesByModel.map((m) => ({
      description: `${modelNames[m.model]}: ${m.count.toLocaleString("en-AU")} line${m.count === 1 ? "" : "s"}`,
      amountCents: m.amountCents,
    })),
    {
      description: "Clawbacks (refunds and card disputes in the window)",
      amountCents: statement.clawbacksCents,
    },
  ],
  totals: [
    { label: "Earned in the month", cents: statement.earnedCents },
    { label: "Became payable", cents: statement.payableCents },
    { label: "Invoiced", cents: statement.invoicedCents },
    { label: "Paid", cents: statement.paidCents },
    { label: "Closing balance", cents: statement.closingBalanceCents, strong: true },
  ],
  notes: [
    "Amounts in Australian dollars, excluding GST. Closing balance = opening balance + earned − paid.",
    `Commission lines follow the agreement version in force on each sale's date. Months are Sydney calendar months; the lines are listed at Closr under the partnership's commission ledger.`,
  ],
});

/** The written agreement statement an RCTI carries (ATO LI 2023/20, the agreement's RCTI clause). */
export const rctiAgreementStatement = [
  "The recipient and the supplier declare that this agreement applies to supplies to which this tax invoice relates. The recipient can issue tax invoices in respect of these supplies. The supplier will not issue tax invoices in respect of these supplies.",
  "The supplier acknowledges that it is registered for GST and that it will notify the recipient if it ceases to be registered. The recipient acknowledges that it is registered for GST and that it will notify the supplier if it ceases to be registered.",
  "Acceptance of this recipient-created tax invoice constitutes acceptance of the terms of this written agreement. Both parties agree that they are parties to an RCTI agreement.",
];

/**
 * The recipient-created tax invoice of a commission invoice: the agent (supplier) at the top with
 * their ABN, the business (recipient, the issuer) billed with its ABN, the lines grouped by model
 * and kind (clawbacks netted), GST and total, then the written agreement statement.
 */
export const recipientCreatedTaxInvoice = (
  invoice: InvoiceView,
  lines: readonly CommissionLine[],
  parties: LedgerParties,
): TaxDocument => {
  const groups = new Map<string, { count: number; cents: number }>();
  for (const line of lines) {
    const key =
      line.kind === "clawback"
        ? "Clawbacks"
        : `${modelNames[line.model]}${line.kind === "base" ? " (base)" : ""}`;
    const group = groups.get(key) ?? { count: 0, cents: 0 };
    groups.set(key, { count: group.count + 1, cents: group.cents + line.amountCents });
  }
  return {
    title: "Recipient-created tax invoice",
    number: invoiceNumber(invoice.id),
    issueDate: invoice.createdAt,
    timeZone: "Australia/Sydney",
    buyerLabel: "Recipient",
    seller: { name: parties.agentName, abn: invoice.agentAbn ?? parties.agentAbn, extra: ["Supplier"] },
    buyer: { name: parties.businessName, abn: parties.businessAbn, showAbn: true },
    lines: [...groups].map(([label, g]) => ({
      description: `${label}: ${g.count} ledger line${g.count === 1 ? "" : "s"} — commission for selling services`,
      amountCents: g.cents,
    })),
    totals: [
      { label: "Subtotal (excluding GST)", cents: invoice.subtotalCents },
      { label: "GST (10%)", cents: invoice.gstCents },
      { label: "Total (including GST)", cents: invoice.amountCents, strong: true },
    ],
    notes: [
      `Issued by the recipient, ${parties.businessName}, under the RCTI clause of the partnership's commission agreement (ATO LI 2023/20), within 28 days of the commission becoming payable. Both parties keep this document for 5 years.`,
      ...rctiAgreementStatement,
      `Amounts in Australian dollars; GST is 10% of the price excluding GST, rounded to the nearest cent. Payable by ${formatLongDate(invoice.dueDate)} through Closr; ${formatCents(invoice.platformFeeCents)} platform fee is deducted from the supplier's payout.`,
    ],
  };
};
