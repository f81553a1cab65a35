/** Formatting for Australian users: dates with date-fns in en-AU, money in AUD. */
import { format, parseISO } from "date-fns";
import { enAU } from "date-fns/locale";

const currency = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/** "$1,234.50" from a number of dollars. */
export function formatMoney(dollars: number): string {
  return currency.format(dollars);
}

/** Formats an ISO string or Date with a date-fns pattern (default "PP", e.g. "21 Mar 2025"). */
export function formatDate(value: string | Date | null | undefined, pattern = "PP"): string {
  if (value === null || value === undefined || value === "") return "N/A";
  const date = typeof value === "string" ? parseISO(value) : value;
  if (Number.isNaN(date.getTime())) return "N/A";
  return format(date, pattern, { locale: enAU });
}

/** "3:05 pm" */
export function formatTime(value: string | Date): string {
  return formatDate(value, "h:mm a");
}
