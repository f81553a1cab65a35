/**
 * The credit (adjustment) note of an unpaid invoice reduced by a dispute's resolution (issue 17,
 * ADR 0018), laid out like the refund credit notes of ADR 0011 (renderTaxDocumentPdf). Amounts in
 * cents, AUD; GST shown when the agent was GST-registered with an ABN.
 */
import type { InvoiceView } from "@closr/core/invoice";
import { formatCents as aud, defaultTimeZone } from "@closr/format";
import { invoiceNumber, type TaxDocument } from "./tax-document-pdf.ts";

export interface DisputeCreditNote {
  readonly id: number;
  readonly disputeId: number;
  readonly amountCents: number;
  readonly gstCents: number;
  readonly feeCents: number;
  readonly originalAmountCents: number;
  readonly createdAt: Date;
}

/** The document of `note` against `invoice` (its current, reduced state), dated in the agent's `timeZone`. */
export const disputeCreditNote = (
  note: DisputeCreditNote,
  invoice: InvoiceView,
  timeZone: string = defaultTimeZone,
): TaxDocument => {
  const registered = invoice.gstRegistered && invoice.agentAbn !== null;
  return {
    title: "Credit note",
    number: `CN-D${String(note.id).padStart(6, "0")}`,
    issueDate: note.createdAt,
    timeZone,
    seller: { name: invoice.agentName ?? `Agent #${invoice.agentId}`, abn: invoice.agentAbn },
    buyer: { name: invoice.businessName ?? `Business #${invoice.businessId}`, abn: null, showAbn: false },
    lines: [
      {
        description: `Reduction of ${invoiceNumber(invoice.id)} agreed in dispute #${note.disputeId}`,
        amountCents: note.amountCents,
      },
    ],
    totals: registered
      ? [
          { label: "GST adjustment (10%)", cents: note.gstCents },
          { label: "Total credited (including GST)", cents: note.amountCents, strong: true },
        ]
      : [{ label: "Total credited (no GST)", cents: note.amountCents, strong: true }],
    notes: [
      `Adjustment note for ${invoiceNumber(invoice.id)}: originally ${aud(note.originalAmountCents)}, now ${aud(invoice.amountCents)}.`,
      `The platform fee reduced in proportion: ${aud(note.feeCents)}.`,
    ],
  };
};
