/**
 * Calendar dates the contexts share, through the one formatting module (@closr/format, ADR 0059):
 * Sydney's `yyyy-MM-dd` (the business calendar: due today, the month of a statement) and the long
 * "23 November 2026" of a date-only value.
 */
import { calendarDate, defaultTimeZone, formatLongDate } from "@closr/format";

/** The calendar date (`yyyy-MM-dd`) in Australia/Sydney at instant `at`. */
export const sydneyIsoDate = (at: Date): string => calendarDate(at, defaultTimeZone);

/** "23 November 2026": a date-only value (`yyyy-MM-dd`) with its month spelled out, unshifted by any zone. */
export const longCalendarDate = (date: string): string => formatLongDate(date);

/** `date` (`yyyy-MM-dd`) plus `days` calendar days (negative: before); no time zone involved. */
export const addCalendarDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** `date` (`yyyy-MM-dd`) plus `months` calendar months, clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export const addCalendarMonths = (date: string, months: number): string => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
};
