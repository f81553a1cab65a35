import { SubscriptionId, SubscriptionInvoiceId, UserId } from "@closr/core/shared";
import type { SubscriptionInvoice } from "@closr/core/subscription";
import { describe, expect, it } from "vitest";
import { pdfText } from "./pdf-text.ts";
import { renderTaxInvoicePdf } from "./tax-invoice-pdf.ts";

const invoice: SubscriptionInvoice = {
  id: SubscriptionInvoiceId.make(12),
  subscriptionId: SubscriptionId.make(3),
  userId: UserId.make(7),
  gatewayInvoiceId: "in_local_1",
  number: "CLR-000012",
  planId: "professional",
  interval: "month",
  amountCents: 4900,
  gstCents: 445,
  status: "paid",
  periodStart: new Date("2026-11-23T00:00:00Z"),
  periodEnd: new Date("2026-12-23T00:00:00Z"),
  paidAt: new Date("2026-11-23T00:00:00Z"),
  failureMessage: null,
  createdAt: new Date("2026-11-23T00:00:00Z"),
};

describe("renderTaxInvoicePdf", () => {
  it("writes a PDF with the words of an Australian tax invoice: title, ABN, GST and total", async () => {
    const bytes = await renderTaxInvoicePdf(
      invoice,
      {
        name: "Closr Pty Ltd",
        abn: "51824753556",
        address: "Sydney NSW 2000",
        email: "billing@closr.com.au",
      },
      { name: "HarbourTech", email: "owner@harbourtech.example" },
    );
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe("%PDF-");
    const text = pdfText(bytes);
    expect(text).toContain("Tax invoice");
    expect(text).toContain("ABN 51 824 753 556");
    expect(text).toContain("CLR-000012");
    expect(text).toContain("GST (10%)");
    expect(text).toContain("$4.45");
    expect(text).toContain("Total (including GST)");
    expect(text).toContain("$49.00");
    expect(text).toContain("$44.55");
  });

  it("dates the platform's invoice in its zone: paid at 23:30 UTC on 1 December is 2 December (Sydney)", async () => {
    const late = new Date("2026-12-01T23:30:00Z");
    const seller = {
      name: "Closr Pty Ltd",
      abn: "51824753556",
      address: "Sydney NSW 2000",
      email: "b@closr.com.au",
    };
    const buyer = { name: "HarbourTech", email: "owner@harbourtech.example" };
    const sydney = pdfText(await renderTaxInvoicePdf({ ...invoice, paidAt: late }, seller, buyer));
    expect(sydney).toMatch(/Date of issue\s*2 December 2026/);
    expect(sydney).toContain("Paid by card on 2 December 2026");
    const perth = pdfText(
      await renderTaxInvoicePdf(
        { ...invoice, paidAt: late },
        { ...seller, timeZone: "Australia/Perth" },
        buyer,
      ),
    );
    expect(perth).toMatch(/Date of issue\s*2 December 2026/);
  });
});
