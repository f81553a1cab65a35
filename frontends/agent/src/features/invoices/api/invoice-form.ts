/**
 * The Create Invoice form's rules (spec §5 Invoice form), pure so they are tested alone: the
 * default due date and the client-side checks with the spec's messages (the server checks the
 * same rules and answers with the same words).
 */
import { calendarDate, displayTimeZone, shiftCalendarDate } from "@closr/ui";

export type InvoiceFormField =
  | "businessId"
  | "partnershipId"
  | "amount"
  | "description"
  | "dueDate"
  | "saleAmount"
  | "saleDate"
  | "aboveCommissionReason";
export type InvoiceFormErrors = Partial<Record<InvoiceFormField, string>>;

/**
 * Today plus `days` (default 30, spec §5; the signed agreement's payment terms where there is one),
 * as yyyy-MM-dd in the reader's time zone (the display zone: Australia/Sydney by default).
 */
export const defaultDueDate = (today = new Date(), days = 30) =>
  shiftCalendarDate(calendarDate(today, displayTimeZone()), { days });

/** Spec §5 messages, checked before sending (the server checks the same rules). */
export function validateInvoiceForm(form: {
  businessId: number;
  partnershipId: number;
  amount: string;
  description: string;
  dueDate: string;
}): InvoiceFormErrors {
  const errors: InvoiceFormErrors = {};
  if (form.businessId < 1) errors.businessId = "Business is required";
  if (form.partnershipId < 1) errors.partnershipId = "Partnership is required";
  const amount = Number(form.amount);
  if (form.amount.trim() === "" || !Number.isFinite(amount) || amount < 0.01)
    errors.amount = "Amount must be a positive number";
  else if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6)
    errors.amount = "Amount can have at most 2 decimals";
  if (form.description.trim().length < 3) errors.description = "Description is required";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.dueDate)) errors.dueDate = "Due date is required";
  return errors;
}
