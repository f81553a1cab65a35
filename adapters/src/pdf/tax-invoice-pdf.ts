/**
 * The platform's tax invoice for one paid subscription period, as a PDF (pdf-lib, pure JS; issue 13).
 * Shows what an Australian tax invoice needs (ATO "Tax invoices"): the words "Tax invoice", the
 * seller's name and ABN, the date of issue, the buyer, a description with the period, the GST
 * amount and the GST-inclusive total. Prices are GST-inclusive: GST = total / 11, to the cent.
 * Dates are the issuer's (Closr's, `seller.timeZone`, default Australia/Sydney) calendar days and
 * amounts are formatted like every screen ("$1,851.85"), both by @closr/format (ADR 0059).
 */
import { formatAbn, plans, type SubscriptionInvoice } from "@closr/core/subscription";
import { defaultTimeZone, formatCents, formatLongDate } from "@closr/format";
import { PDFDocument, rgb } from "pdf-lib";
import { documentSaveOptions, embedDocumentFonts } from "./fonts.ts";

export interface TaxInvoiceSeller {
  readonly name: string;
  /** 11 digits with a valid checksum (config PLATFORM_ABN). */
  readonly abn: string;
  readonly address: string;
  readonly email: string;
  /** The issuer's IANA time zone, in which its documents are dated (default Australia/Sydney). */
  readonly timeZone?: string;
}

export interface TaxInvoiceBuyer {
  readonly name: string;
  readonly email: string;
}

/** Renders the tax invoice; returns the PDF bytes. */
export async function renderTaxInvoicePdf(
  invoice: SubscriptionInvoice,
  seller: TaxInvoiceSeller,
  buyer: TaxInvoiceBuyer,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Tax invoice ${invoice.number ?? invoice.id}`);
  pdf.setAuthor(seller.name);
  pdf.setCreationDate(invoice.paidAt ?? invoice.createdAt);
  const page = pdf.addPage([595.28, 841.89]); // A4 in points
  const { regular, bold, printable } = await embedDocumentFonts(pdf);
  const zone = seller.timeZone ?? defaultTimeZone;
  const day = (at: Date) => formatLongDate(at, zone);
  const aud = formatCents;
  const ink = rgb(0.1, 0.12, 0.16);
  const muted = rgb(0.38, 0.4, 0.45);
  let y = 780;
  const line = (
    text: string,
    options: { size?: number; font?: typeof regular; x?: number; color?: typeof ink } = {},
  ) => {
    page.drawText(printable(text), {
      x: options.x ?? 56,
      y,
      size: options.size ?? 11,
      font: options.font ?? regular,
      color: options.color ?? ink,
    });
  };
  const next = (gap = 18) => {
    y -= gap;
  };

  line("Tax invoice", { size: 24, font: bold });
  next(34);
  line(seller.name, { font: bold });
  next();
  line(`ABN ${formatAbn(seller.abn)}`);
  next();
  line(seller.address, { color: muted });
  next();
  line(seller.email, { color: muted });
  next(30);

  line("Invoice number", { font: bold });
  line(invoice.number ?? String(invoice.id), { x: 200 });
  next();
  line("Date of issue", { font: bold });
  line(day(invoice.paidAt ?? invoice.createdAt), { x: 200 });
  next();
  line("Billed to", { font: bold });
  line(`${buyer.name} <${buyer.email}>`, { x: 200 });
  next(34);

  const plan = plans[invoice.planId];
  const gstExclusive = invoice.amountCents - invoice.gstCents;
  line("Description", { font: bold });
  line("Amount", { font: bold, x: 440 });
  next(8);
  page.drawLine({ start: { x: 56, y }, end: { x: 539, y }, thickness: 0.5, color: muted });
  next(16);
  line(`Closr ${plan.title} plan, ${invoice.interval === "year" ? "annual" : "monthly"} subscription`);
  line(aud(invoice.amountCents), { x: 440 });
  next();
  line(`Period ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`, { color: muted, size: 10 });
  next(30);
  line("Subtotal (excluding GST)");
  line(aud(gstExclusive), { x: 440 });
  next();
  line("GST (10%)");
  line(aud(invoice.gstCents), { x: 440 });
  next();
  line("Total (including GST)", { font: bold });
  line(aud(invoice.amountCents), { x: 440, font: bold });
  next(8);
  page.drawLine({ start: { x: 56, y }, end: { x: 539, y }, thickness: 0.5, color: muted });
  next(22);
  line(`Paid by card on ${day(invoice.paidAt ?? invoice.createdAt)}. Amounts in Australian dollars.`, {
    color: muted,
    size: 10,
  });
  next(14);
  line("The total includes GST of one eleventh of the price, rounded to the cent.", {
    color: muted,
    size: 10,
  });
  return pdf.save(documentSaveOptions);
}
