/**
 * Marketplace tax documents as PDFs (issue 14; pdf-lib, like the subscription tax invoice): the
 * agent's tax invoice for a paid invoice, the platform's tax invoice to the agent for its fee, and
 * the credit note (adjustment note) of a refund. What each shows follows the ATO ("Tax invoices",
 * "Adjustment notes"): the words "Tax invoice" (only a GST-registered supplier issues one; an
 * unregistered agent's document is an "Invoice" saying no GST is charged), the seller's name and
 * ABN, the date of issue, a description, the GST amount and the total, and the buyer's name and ABN
 * when the total is $1,000 or more. Money arrives in cents; GST was rounded in core
 * (core/src/shared/tax.ts). Each document is dated in its issuer's IANA time zone (the agent's for
 * the agent's invoices and credit notes, Closr's for its fee; default Australia/Sydney), and dates
 * and amounts are formatted by @closr/format like every screen ("2 December 2026", "$1,851.85";
 * ADR 0059). Text is drawn in embedded DejaVu Sans (fonts.ts).
 */
import { displayStateLabels, type InvoiceDisplayState, type InvoiceView } from "@closr/core/invoice";
import type { PayoutRefund } from "@closr/core/payout";
import {
  buyerDetailsFromCents,
  formatAbn,
  gstOfInclusive,
  noAbnWithholdingPercent,
} from "@closr/core/shared";
import { defaultTimeZone, formatCents, formatLongDate } from "@closr/format";
import { PDFDocument, rgb } from "pdf-lib";
import { documentSaveOptions, embedDocumentFonts } from "./fonts.ts";
import type { TaxInvoiceSeller } from "./tax-invoice-pdf.ts";

const aud = formatCents;

/** One document, laid out by renderTaxDocumentPdf. */
export interface TaxDocument {
  readonly title:
    | "Tax invoice"
    | "Invoice"
    | "Credit note"
    | "Recipient-created tax invoice"
    | "Commission statement";
  readonly number: string;
  /** The label of `number` (default "Invoice number"; "Credit note number" for credit notes). */
  readonly numberLabel?: string;
  /** The label of the buyer's name (default "Billed to"). */
  readonly buyerLabel?: string;
  readonly issueDate: Date;
  /** The issuer's IANA time zone: the date of issue is its calendar day there. */
  readonly timeZone: string;
  readonly seller: { readonly name: string; readonly abn: string | null; readonly extra?: readonly string[] };
  readonly buyer: { readonly name: string; readonly abn: string | null; readonly showAbn: boolean };
  /** The invoice's display state as printed (ADR 0049), e.g. "Partly refunded"; absent on other documents. */
  readonly status?: string;
  readonly lines: readonly { readonly description: string; readonly amountCents: number }[];
  readonly totals: readonly { readonly label: string; readonly cents: number; readonly strong?: boolean }[];
  readonly notes: readonly string[];
}

/** Invoice number on documents: INV-000123. */
export const invoiceNumber = (id: number) => `INV-${String(id).padStart(6, "0")}`;

const abnLine = (abn: string | null) => (abn ? `ABN ${formatAbn(abn)}` : "No ABN quoted");

/**
 * The agent's tax invoice (or invoice, when not registered for GST) for a paid invoice, with its
 * display state (`state`, core's `displayState`: Paid, Disputed, Refunded, Partly refunded …) and,
 * once refunded, the refunded amount and what is left below the totals (ADR 0049). Dated in the
 * agent's `timeZone` (the issuer's).
 */
export const agentTaxInvoice = (
  invoice: InvoiceView,
  buyerAbn: string | null,
  state: InvoiceDisplayState,
  timeZone: string = defaultTimeZone,
): TaxDocument => {
  const day = (at: Date) => formatLongDate(at, timeZone);
  const registered = invoice.gstRegistered && invoice.agentAbn !== null;
  const notes = [
    `Paid by card on ${day(invoice.paidAt ?? invoice.createdAt)} through Closr. Amounts in Australian dollars.`,
    `Closr platform fee ${aud(invoice.platformFeeCents)} is deducted from the agent's payout (not charged to the buyer).`,
    registered
      ? "GST is 10% of the price excluding GST, rounded to the nearest cent (half up)."
      : "No GST has been charged: the supplier is not registered for GST.",
  ];
  if (!invoice.agentAbn)
    notes.push(
      `The supplier quoted no ABN: the payer may need to withhold ${noAbnWithholdingPercent}% and pay it to the ATO.`,
    );
  if (invoice.refundedCents > 0)
    notes.push(`Refunded so far: ${aud(invoice.refundedCents)} (see credit notes).`);
  const refunded =
    invoice.refundedCents > 0
      ? [
          { label: "Refunded", cents: invoice.refundedCents },
          { label: "Net paid", cents: invoice.amountCents - invoice.refundedCents, strong: true },
        ]
      : [];
  return {
    title: registered ? "Tax invoice" : "Invoice",
    number: invoiceNumber(invoice.id),
    issueDate: invoice.createdAt,
    timeZone,
    status: displayStateLabels[state],
    seller: { name: invoice.agentName ?? `Agent #${invoice.agentId}`, abn: invoice.agentAbn },
    buyer: {
      name: invoice.businessName ?? `Business #${invoice.businessId}`,
      abn: buyerAbn,
      showAbn: invoice.amountCents >= buyerDetailsFromCents,
    },
    lines: [{ description: invoice.description, amountCents: invoice.subtotalCents }],
    totals: registered
      ? [
          { label: "Subtotal (excluding GST)", cents: invoice.subtotalCents },
          { label: "GST (10%)", cents: invoice.gstCents },
          { label: "Total (including GST)", cents: invoice.amountCents, strong: true },
          ...refunded,
        ]
      : [{ label: "Total (no GST)", cents: invoice.amountCents, strong: true }, ...refunded],
    notes,
  };
};

/** The platform's tax invoice to the agent for its fee on a paid invoice (the fee includes GST). */
export const platformFeeTaxInvoice = (invoice: InvoiceView, platform: TaxInvoiceSeller): TaxDocument => {
  const gst = gstOfInclusive(invoice.platformFeeCents);
  return {
    title: "Tax invoice",
    number: `FEE-${String(invoice.id).padStart(6, "0")}`,
    issueDate: invoice.paidAt ?? invoice.createdAt,
    timeZone: platform.timeZone ?? defaultTimeZone,
    seller: { name: platform.name, abn: platform.abn, extra: [platform.address, platform.email] },
    buyer: {
      name: invoice.agentName ?? `Agent #${invoice.agentId}`,
      abn: invoice.agentAbn,
      showAbn: invoice.platformFeeCents >= buyerDetailsFromCents || invoice.agentAbn !== null,
    },
    lines: [
      {
        description: `Closr platform fee on ${invoiceNumber(invoice.id)} (${aud(invoice.subtotalCents)} excluding GST)`,
        amountCents: invoice.platformFeeCents,
      },
    ],
    totals: [
      { label: "Subtotal (excluding GST)", cents: invoice.platformFeeCents - gst },
      { label: "GST (10%)", cents: gst },
      { label: "Total (including GST)", cents: invoice.platformFeeCents, strong: true },
    ],
    notes: [
      "Deducted from your payout for this invoice. Total price includes GST (one eleventh, rounded to the cent).",
    ],
  };
};

/** The credit note (adjustment note) for one refund of an invoice, dated in the agent's `timeZone`. */
export const creditNote = (
  refund: PayoutRefund,
  invoice: InvoiceView,
  buyerAbn: string | null,
  timeZone: string = defaultTimeZone,
): TaxDocument => {
  const day = (at: Date) => formatLongDate(at, timeZone);
  const registered = invoice.gstRegistered && invoice.agentAbn !== null;
  return {
    title: "Credit note",
    number: `CN-${String(refund.id).padStart(6, "0")}`,
    issueDate: refund.createdAt,
    timeZone,
    seller: { name: invoice.agentName ?? `Agent #${invoice.agentId}`, abn: invoice.agentAbn },
    buyer: {
      name: invoice.businessName ?? `Business #${invoice.businessId}`,
      abn: buyerAbn,
      showAbn: invoice.amountCents >= buyerDetailsFromCents,
    },
    lines: [
      {
        description: `Refund of ${invoiceNumber(invoice.id)}: ${refund.reason}`,
        amountCents: refund.amountCents,
      },
    ],
    totals: registered
      ? [
          { label: "GST adjustment (10%)", cents: refund.gstRefundCents },
          { label: "Total credited (including GST)", cents: refund.amountCents, strong: true },
        ]
      : [{ label: "Total credited (no GST)", cents: refund.amountCents, strong: true }],
    notes: [
      `Adjustment note for ${invoiceNumber(invoice.id)} of ${day(invoice.createdAt)} (total ${aud(invoice.amountCents)}).`,
      `The platform fee returned in proportion: ${aud(refund.feeRefundCents)}.`,
    ],
  };
};

/** Renders a TaxDocument on one A4 page; returns the PDF bytes. */
export async function renderTaxDocumentPdf(doc: TaxDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${doc.title} ${doc.number}`);
  pdf.setAuthor(doc.seller.name);
  pdf.setCreationDate(doc.issueDate);
  const page = pdf.addPage([595.28, 841.89]);
  const { regular, bold, printable } = await embedDocumentFonts(pdf);
  const ink = rgb(0.1, 0.12, 0.16);
  const muted = rgb(0.38, 0.4, 0.45);
  let y = 780;
  const safe = printable;
  const write = (text: string, o: { size?: number; strong?: boolean; x?: number; muted?: boolean } = {}) =>
    page.drawText(safe(text), {
      x: o.x ?? 56,
      y,
      size: o.size ?? 11,
      font: o.strong ? bold : regular,
      color: o.muted ? muted : ink,
    });
  const next = (gap = 18) => {
    y -= gap;
  };
  const rule = () => page.drawLine({ start: { x: 56, y }, end: { x: 539, y }, thickness: 0.5, color: muted });
  const wrap = (text: string, width: number, size: number) => {
    const words = safe(text).split(/\s+/);
    const lines: string[] = [];
    let current = "";
    for (const word of words) {
      const tryLine = current ? `${current} ${word}` : word;
      if (regular.widthOfTextAtSize(tryLine, size) > width && current) {
        lines.push(current);
        current = word;
      } else current = tryLine;
    }
    if (current) lines.push(current);
    return lines.slice(0, 6);
  };

  write(doc.title, { size: 24, strong: true });
  next(34);
  write(doc.seller.name, { strong: true });
  next();
  write(abnLine(doc.seller.abn));
  for (const extra of doc.seller.extra ?? []) {
    next();
    write(extra, { muted: true });
  }
  next(30);
  write(doc.numberLabel ?? (doc.title === "Credit note" ? "Credit note number" : "Invoice number"), {
    strong: true,
  });
  write(doc.number, { x: 200 });
  next();
  write("Date of issue", { strong: true });
  write(formatLongDate(doc.issueDate, doc.timeZone), { x: 200 });
  if (doc.status) {
    next();
    write("Status", { strong: true });
    write(doc.status, { x: 200, strong: true });
  }
  next();
  write(doc.buyerLabel ?? "Billed to", { strong: true });
  write(doc.buyer.name, { x: 200 });
  if (doc.buyer.showAbn) {
    next();
    write("Buyer's ABN", { strong: true });
    write(doc.buyer.abn ? formatAbn(doc.buyer.abn) : "Not provided", { x: 200 });
  }
  next(34);
  write("Description", { strong: true });
  write("Amount", { strong: true, x: 440 });
  next(8);
  rule();
  next(16);
  for (const item of doc.lines) {
    const lines = wrap(item.description, 370, 11);
    write(aud(item.amountCents), { x: 440 });
    for (const [i, text] of lines.entries()) {
      if (i > 0) next(14);
      write(text);
    }
    next();
  }
  next(12);
  for (const total of doc.totals) {
    write(total.label, { strong: total.strong ?? false });
    write(aud(total.cents), { x: 440, strong: total.strong ?? false });
    next();
  }
  next(-10);
  rule();
  next(22);
  for (const note of doc.notes) {
    for (const text of wrap(note, 483, 10)) {
      write(text, { size: 10, muted: true });
      next(14);
    }
  }
  return pdf.save(documentSaveOptions);
}
