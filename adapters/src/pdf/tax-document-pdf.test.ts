/**
 * The marketplace tax documents (issue 14): text extracted from the generated PDF holds each
 * field an Australian tax invoice needs (ATO "Tax invoices"), and the unregistered, no-ABN and
 * credit note variants say what they are.
 */
import type { InvoiceView } from "@closr/core/invoice";
import { anInvoice } from "@closr/core/invoice/testing";
import { cents, InvoiceId, PaymentId, PayoutRefundId } from "@closr/core/shared";
import { describe, expect, it } from "vitest";
import { pdfText } from "./pdf-text.ts";
import {
  agentTaxInvoice,
  creditNote,
  platformFeeTaxInvoice,
  renderTaxDocumentPdf,
} from "./tax-document-pdf.ts";

const paid = (overrides: Parameters<typeof anInvoice>[0] = {}): InvoiceView =>
  anInvoice({
    id: 42,
    amountCents: 110_000,
    subtotalCents: 100_000,
    gstCents: 10_000,
    platformFeeCents: 5_000,
    gstRegistered: true,
    agentAbn: "83914571673",
    description: "October commission: 3 deals closed",
    isPaid: true,
    createdAt: new Date("2026-11-02T00:00:00Z"),
    paidAt: new Date("2026-11-05T00:00:00Z"),
    businessName: "Harbour Tech",
    agentName: "Mia Chen",
    ...overrides,
  });

const text = async (doc: Parameters<typeof renderTaxDocumentPdf>[0]) => {
  const bytes = await renderTaxDocumentPdf(doc);
  expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe("%PDF-");
  return pdfText(bytes);
};

describe("tax documents in the issuer's time zone, with the screens' money and the typed characters (issue 46)", () => {
  // Paid at 23:30 UTC on 1 December: 10:30 on 2 December in Sydney, 07:30 on 2 December in Perth.
  const lateUtc = paid({
    amountCents: 185_185,
    subtotalCents: 168_350,
    gstCents: 16_835,
    platformFeeCents: 9_259,
    description: "November commission — 3 deals 🎉 closed",
    createdAt: new Date("2026-12-01T23:30:00Z"),
    paidAt: new Date("2026-12-01T23:30:00Z"),
  });

  it("dates the tax invoice 2 December for an issuer in Sydney and in Perth, never UTC's 1 December", async () => {
    for (const zone of ["Australia/Sydney", "Australia/Perth"]) {
      const t = await text(agentTaxInvoice(lateUtc, "51824753556", "paid", zone));
      expect(t).toMatch(/Date of issue\s*2 December 2026/);
      expect(t).toContain("Paid by card on 2 December 2026");
      expect(t).not.toContain("1 December");
    }
    const fee = await text(
      platformFeeTaxInvoice(lateUtc, {
        name: "Closr Pty Ltd",
        abn: "51824753556",
        address: "Sydney NSW 2000",
        email: "billing@closr.com.au",
      }),
    );
    expect(fee).toMatch(/Date of issue\s*2 December 2026/);
  });

  it("prints amounts as every screen does ($1,851.85) and keeps the em dash; an emoji the font lacks is left out", async () => {
    const t = await text(agentTaxInvoice(lateUtc, "51824753556", "paid", "Australia/Sydney"));
    expect(t).toMatch(/Total \(including GST\)\s*\$1,851\.85/);
    expect(t).toContain("$1,683.50");
    expect(t).not.toContain("A$");
    expect(t).toContain("November commission — 3 deals closed");
    expect(t).not.toContain("?");
  });
});

describe("invoice tax documents", () => {
  it("a GST-registered agent's tax invoice: title, agent and ABN, date, description, GST, total, buyer and ABN", async () => {
    const t = await text(agentTaxInvoice(paid(), "51824753556", "paid"));
    for (const field of [
      "Tax invoice",
      "Mia Chen",
      "ABN 83 914 571 673",
      "Date of issue",
      "2 November 2026",
      "INV-000042",
      "October commission: 3 deals closed",
      "Subtotal (excluding GST)",
      "$1,000.00",
      "GST (10%)",
      "$100.00",
      "Total (including GST)",
      "$1,100.00",
      "Billed to",
      "Harbour Tech",
      "Buyer's ABN",
      "51 824 753 556",
      "Closr platform fee $50.00 is deducted",
      "Status",
      "Paid",
    ])
      expect(t).toContain(field);
    expect(t).not.toContain("Refunded");
  });

  it("prints the display state and, once refunded, the refunded amount and the net paid (ADR 0049)", async () => {
    const partly = await text(
      agentTaxInvoice(paid({ refundedCents: cents(10_000) }), "51824753556", "partly_refunded"),
    );
    expect(partly).toMatch(/Status\s*Partly refunded/);
    expect(partly).toMatch(/Refunded\s*\$100\.00/);
    expect(partly).toMatch(/Net paid\s*\$1,000\.00/);
    const disputed = await text(agentTaxInvoice(paid({ disputed: true }), "51824753556", "disputed"));
    expect(disputed).toMatch(/Status\s*Disputed/);
    const refunded = await text(
      agentTaxInvoice(paid({ refundedCents: cents(110_000) }), "51824753556", "refunded"),
    );
    expect(refunded).toMatch(/Status\s*Refunded/);
    expect(refunded).toMatch(/Net paid\s*\$0\.00/);
  });

  it("under A$1,000 the buyer's ABN is left out; an unregistered agent without ABN issues an Invoice with the withholding warning", async () => {
    const small = await text(
      agentTaxInvoice(
        paid({ amountCents: 99_999, subtotalCents: 90_908, gstCents: 9_091 }),
        "51824753556",
        "paid",
      ),
    );
    expect(small).not.toContain("Buyer's ABN");
    const t = await text(
      agentTaxInvoice(
        paid({ gstRegistered: false, agentAbn: null, gstCents: 0, subtotalCents: 110_000 }),
        null,
        "paid",
      ),
    );
    expect(t).toContain("Invoice");
    expect(t).not.toContain("Tax invoice");
    expect(t).toContain("No ABN quoted");
    expect(t).toContain("No GST has been charged");
    expect(t).toContain("withhold 47%");
    expect(t).toContain("Not provided"); // buyer's ABN on a total of A$1,000 or more
  });

  it("the platform's fee tax invoice to the agent, and a credit note", async () => {
    const fee = await text(
      platformFeeTaxInvoice(paid(), {
        name: "Closr Pty Ltd",
        abn: "51824753556",
        address: "Sydney NSW 2000",
        email: "billing@closr.com.au",
      }),
    );
    for (const field of [
      "Tax invoice",
      "Closr Pty Ltd",
      "ABN 51 824 753 556",
      "FEE-000042",
      "Mia Chen",
      "$50.00",
      "$4.55",
      "$45.45",
    ])
      expect(fee).toContain(field);
    const note = await text(
      creditNote(
        {
          id: PayoutRefundId.make(7),
          paymentId: PaymentId.make(3),
          invoiceId: InvoiceId.make(42),
          amountCents: cents(55_000),
          feeRefundCents: cents(2_500),
          transferReversalCents: cents(52_500),
          gstRefundCents: cents(5_000),
          gatewayRefundId: "re_1",
          reason: "Duplicate leads",
          createdAt: new Date("2026-11-20T00:00:00Z"),
        },
        paid(),
        null,
      ),
    );
    for (const field of [
      "Credit note",
      "CN-000007",
      "INV-000042",
      "Duplicate leads",
      "$550.00",
      "GST adjustment (10%)",
      "$50.00",
    ])
      expect(note).toContain(field);
  });
});
