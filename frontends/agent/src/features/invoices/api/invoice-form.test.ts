import { describe, expect, it } from "vitest";
import { defaultDueDate, validateInvoiceForm } from "./invoice-form.ts";

const valid = {
  businessId: 1,
  partnershipId: 2,
  amount: "1500.50",
  description: "November lead generation",
  dueDate: "2026-12-31",
};

describe("invoice form rules (spec §5)", () => {
  it("a complete form has no errors", () => {
    expect(validateInvoiceForm(valid)).toEqual({});
    expect(validateInvoiceForm({ ...valid, amount: "0.01" })).toEqual({});
    expect(validateInvoiceForm({ ...valid, amount: "12" })).toEqual({});
  });

  it("business and partnership must be chosen", () => {
    expect(validateInvoiceForm({ ...valid, businessId: 0, partnershipId: 0 })).toEqual({
      businessId: "Business is required",
      partnershipId: "Partnership is required",
    });
  });

  it("the amount is a positive number of dollars with at most 2 decimals", () => {
    for (const amount of ["", "  ", "0", "0.001", "-5", "abc", "Infinity"])
      expect(validateInvoiceForm({ ...valid, amount }).amount).toBe("Amount must be a positive number");
    for (const amount of ["10.005", "1.999"])
      expect(validateInvoiceForm({ ...valid, amount }).amount).toBe("Amount can have at most 2 decimals");
    // Binary floating point must not reject an honest two-decimal amount.
    for (const amount of ["0.29", "1.15", "4.35", "1234567.89"])
      expect(validateInvoiceForm({ ...valid, amount }).amount).toBeUndefined();
  });

  it("the description needs 3 characters after trimming", () => {
    expect(validateInvoiceForm({ ...valid, description: " ab " }).description).toBe(
      "Description is required",
    );
    expect(validateInvoiceForm({ ...valid, description: "abc" }).description).toBeUndefined();
  });

  it("the due date is a yyyy-MM-dd date", () => {
    for (const dueDate of ["", "31/12/2026", "2026-1-5"])
      expect(validateInvoiceForm({ ...valid, dueDate }).dueDate).toBe("Due date is required");
  });

  it("the due date defaults to 30 days ahead", () => {
    expect(defaultDueDate(new Date(2026, 10, 23))).toBe("2026-12-23");
    expect(defaultDueDate(new Date(2026, 1, 1))).toBe("2026-03-03");
  });

  it("the due date follows the signed agreement's payment terms when given", () => {
    expect(defaultDueDate(new Date(2026, 10, 23), 14)).toBe("2026-12-07");
    expect(defaultDueDate(new Date(2026, 11, 31), 7)).toBe("2027-01-07");
  });
});
