import { describe, expect, it } from "vitest";
import { offersFeeTaxInvoice } from "./invoice-documents.ts";

describe("offersFeeTaxInvoice (the platform fee tax invoice PDF on an invoice card)", () => {
  it("is offered for a paid invoice that carried a fee", () => {
    expect(offersFeeTaxInvoice({ isPaid: true, platformFee: 50 })).toBe(true);
    expect(offersFeeTaxInvoice({ isPaid: true, platformFee: 0.01 })).toBe(true);
  });

  it("is not offered for $0.00 of fees (issue 46), nor before the invoice is paid", () => {
    expect(offersFeeTaxInvoice({ isPaid: true, platformFee: 0 })).toBe(false);
    expect(offersFeeTaxInvoice({ isPaid: false, platformFee: 50 })).toBe(false);
  });
});
