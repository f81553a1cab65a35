/** Formatting for Australian users: dates with date-fns in en-AU, money in AUD. */
import { format, parseISO } from "date-fns";
import { enAU } from "date-fns/locale";

const currency = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/** "$1,234.50" from a number of dollars. */
export function formatMoney(dollars: number): string {
  return currency.format(dollars);
}

/** The one date family (en-AU): "21 Mar 2025", "3:05 pm", "21 Mar 2025, 3:05 pm". */
export const datePatterns = { date: "d MMM yyyy", time: "h:mm a", dateTime: "d MMM yyyy, h:mm a" } as const;

/** Formats an ISO string or Date with a date-fns pattern (default "d MMM yyyy", e.g. "21 Mar 2025"). */
export function formatDate(
  value: string | Date | null | undefined,
  pattern: string = datePatterns.date,
): string {
  if (value === null || value === undefined || value === "") return "N/A";
  const date = typeof value === "string" ? parseISO(value) : value;
  if (Number.isNaN(date.getTime())) return "N/A";
  return format(date, pattern, { locale: enAU });
}

/** "3:05 pm" */
export function formatTime(value: string | Date): string {
  return formatDate(value, datePatterns.time);
}

/** "21 Mar 2025, 3:05 pm" ("—"-free: "N/A" when absent, like formatDate). */
export function formatDateTime(value: string | Date | null | undefined): string {
  return formatDate(value, datePatterns.dateTime);
}
