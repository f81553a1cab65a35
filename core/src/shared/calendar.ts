/**
 * Calendar dates the contexts share, through the one formatting module (@closr/format, ADR 0059):
 * Sydney's `yyyy-MM-dd` (the business calendar: due today, the month of a statement) and the long
 * "23 November 2026" of a date-only value.
 */
import { calendarDate, defaultTimeZone, formatLongDate, shiftCalendarDate } from "@closr/format";

/** The calendar date (`yyyy-MM-dd`) in Australia/Sydney at instant `at`. */
export const sydneyIsoDate = (at: Date): string => calendarDate(at, defaultTimeZone);

/** "23 November 2026": a date-only value (`yyyy-MM-dd`) with its month spelled out, unshifted by any zone. */
export const longCalendarDate = (date: string): string => formatLongDate(date);

/** `date` (`yyyy-MM-dd`) plus `days` calendar days (negative: before); no time zone involved. */
export const addCalendarDays = (date: string, days: number): string => shiftCalendarDate(date, { days });

/** `date` (`yyyy-MM-dd`) plus `months` calendar months, clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export const addCalendarMonths = (date: string, months: number): string =>
  shiftCalendarDate(date, { months });
