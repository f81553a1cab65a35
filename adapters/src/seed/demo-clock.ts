/**
 * Times for the demo history: instants at office hours in Australia/Sydney on working days, so
 * seeded messages, invoices and payments read like a business's week (not all at the minute the
 * seed ran). Deterministic given `now`. Dates go through the one formatting module
 * (@closr/format, ADR 0059).
 */
import { calendarDate, formatDate, shiftCalendarDate, wallClockTime } from "@closr/format";

const zone = "Australia/Sydney";

/**
 * An office-hours instant `daysAgo` calendar days before `now`'s Sydney date at `hour:minute`
 * Sydney time (24-hour), moved back to the Friday when that day is a Saturday or Sunday, and to
 * the working day before when it would still be later than `now`.
 */
export function sydneyWorkTime(now: Date, daysAgo: number, hour: number, minute: number): Date {
  const today = calendarDate(now, zone);
  for (let back = daysAgo; ; back++) {
    const day = shiftCalendarDate(today, { days: -back });
    const weekday = formatDate(day, "EEE");
    if (weekday === "Sat" || weekday === "Sun") continue;
    const at = wallClockTime(day, hour, minute, zone);
    if (at.getTime() <= now.getTime()) return at;
  }
}

/** "October": the Sydney month `monthsAgo` months before `now`'s. */
export function sydneyMonthName(now: Date, monthsAgo: number): string {
  const mid = `${calendarDate(now, zone).slice(0, 8)}15`;
  return formatDate(shiftCalendarDate(mid, { months: -monthsAgo }), "MMMM");
}

/** "2026-12": the Sydney calendar month of `at`. */
export function sydneyMonth(at: Date): string {
  return calendarDate(at, zone).slice(0, 7);
}
