/**
 * Dispute deadlines on the Sydney calendar (issue 17, ADR 0018): AEST/AEDT, NSW business days.
 *
 * - A business day is Monday to Friday in Australia/Sydney that is not an NSW public holiday
 *   (Public Holidays Act 2010 (NSW); `nswPublicHolidays` below is the data, by year).
 * - A deadline of N **days** (respond within 7 days, accept a proposal within 2 days) ends at
 *   the end of the Sydney calendar day N days after the day it started; when that last day is
 *   not a business day it moves to the end of the next business day (the rule of the Acts
 *   Interpretation Act 1901 (Cth) s 36(2) for acts due on a day that is not a business day).
 * - A deadline of N **business days** (staff propose within 5 business days) ends at the end of
 *   the Nth business day after the day it started.
 * - "End of a day" is the instant 00:00 of the next Sydney day, so daylight saving changes
 *   (first Sunday of October, first Sunday of April) shift the UTC time, never the local one.
 * Dates are `yyyy-MM-dd` strings; instants are `Date`. Pure: the time always comes in.
 */
import { calendarDate, startOfCalendarDay } from "@closr/format";
import { addCalendarDays } from "../shared/calendar.ts";

/** The calendar the dispute deadlines run on. */
export const disputeTimeZone = "Australia/Sydney";

/**
 * NSW public holidays (statewide; Bank Holiday excluded, it is for banks only), 2025–2028, with
 * the additional days of the Public Holidays Act 2010 (NSW) s 4–5 when New Year's Day, Christmas
 * or Boxing Day fall on a weekend. Anzac Day on a weekend has no additional day in NSW.
 * Source: NSW Government, "Public holidays" (nsw.gov.au/about-nsw/public-holidays).
 */
export const nswPublicHolidays: ReadonlySet<string> = new Set([
  // 2025
  "2025-01-01",
  "2025-01-27",
  "2025-04-18",
  "2025-04-19",
  "2025-04-20",
  "2025-04-21",
  "2025-04-25",
  "2025-06-09",
  "2025-10-06",
  "2025-12-25",
  "2025-12-26",
  // 2026
  "2026-01-01",
  "2026-01-26",
  "2026-04-03",
  "2026-04-04",
  "2026-04-05",
  "2026-04-06",
  "2026-04-25",
  "2026-06-08",
  "2026-10-05",
  "2026-12-25",
  "2026-12-26",
  "2026-12-28",
  // 2027
  "2027-01-01",
  "2027-01-26",
  "2027-03-26",
  "2027-03-27",
  "2027-03-28",
  "2027-03-29",
  "2027-04-25",
  "2027-06-14",
  "2027-10-04",
  "2027-12-25",
  "2027-12-26",
  "2027-12-27",
  "2027-12-28",
  // 2028
  "2028-01-01",
  "2028-01-03",
  "2028-01-26",
  "2028-04-14",
  "2028-04-15",
  "2028-04-16",
  "2028-04-17",
  "2028-04-25",
  "2028-06-12",
  "2028-10-02",
  "2028-12-25",
  "2028-12-26",
]);

/** The Sydney calendar date (`yyyy-MM-dd`) at an instant. */
export const sydneyDate = (at: Date): string => calendarDate(at, disputeTimeZone);

/** The instant Sydney's day `date` starts (00:00 AEST = 14:00 UTC before, AEDT = 13:00 UTC before). */
export const startOfSydneyDay = (date: string): Date => startOfCalendarDay(date, disputeTimeZone);

/** True for Monday–Friday that is not an NSW public holiday. */
export const isBusinessDay = (date: string, holidays: ReadonlySet<string> = nswPublicHolidays): boolean => {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(date);
};

/** The first business day on or after `date`. */
export const onOrAfterBusinessDay = (date: string, holidays: ReadonlySet<string> = nswPublicHolidays) => {
  let d = date;
  while (!isBusinessDay(d, holidays)) d = addCalendarDays(d, 1);
  return d;
};

/** The `n`th business day after `date` (n ≥ 1; `date` itself never counts). */
export const addBusinessDays = (
  date: string,
  n: number,
  holidays: ReadonlySet<string> = nswPublicHolidays,
): string => {
  let d = date;
  let left = n;
  while (left > 0) {
    d = addCalendarDays(d, 1);
    if (isBusinessDay(d, holidays)) left--;
  }
  return d;
};

/**
 * End of the Sydney day `days` calendar days after `from`'s day, moved to the end of the next
 * business day when that day is a weekend or NSW public holiday.
 */
export const calendarDaysDeadline = (
  from: Date,
  days: number,
  holidays: ReadonlySet<string> = nswPublicHolidays,
): Date =>
  startOfSydneyDay(
    addCalendarDays(onOrAfterBusinessDay(addCalendarDays(sydneyDate(from), days), holidays), 1),
  );

/** End of the `n`th Sydney business day after `from`'s day. */
export const businessDaysDeadline = (
  from: Date,
  n: number,
  holidays: ReadonlySet<string> = nswPublicHolidays,
): Date => startOfSydneyDay(addCalendarDays(addBusinessDays(sydneyDate(from), n, holidays), 1));
