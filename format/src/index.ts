/**
 * The one date and money formatting module (ADR 0059; docs/architecture.md, API conventions): every
 * date the product shows, prints or e-mails goes through `formatDate` in the reader's IANA time zone
 * (default `Australia/Sydney`), and every amount through `formatMoney` / `formatCents` (en-AU, AUD:
 * "$1,851.85"). Used alike by server renders, the browser, PDFs and e-mails, so served HTML and
 * hydration agree and a tax invoice carries the day it was issued in its issuer's zone.
 *
 * Dates: date-fns patterns in the en-AU locale, converted to the zone with @date-fns/tz. A date-only
 * string (`yyyy-MM-dd`, e.g. a due date) is a calendar day, the same in every zone: it is never shifted.
 */
import { TZDate, tz } from "@date-fns/tz";
import {
  addDays,
  addMonths,
  differenceInCalendarDays,
  format,
  formatDistanceStrict,
  formatDistanceToNow,
  parseISO,
} from "date-fns";
import { enAU } from "date-fns/locale";

/** The zone used when a user has none, and for signed-out pages. */
export const defaultTimeZone = "Australia/Sydney";

/**
 * The zones the settings page offers first (one per state and territory capital, plus Eucla's none).
 * Labels short enough to show whole in the settings select at 320 px (issue 46).
 */
export const australianTimeZones = [
  { zone: "Australia/Sydney", label: "Sydney (NSW, ACT)" },
  { zone: "Australia/Melbourne", label: "Melbourne (VIC)" },
  { zone: "Australia/Brisbane", label: "Brisbane (QLD)" },
  { zone: "Australia/Adelaide", label: "Adelaide (SA)" },
  { zone: "Australia/Darwin", label: "Darwin (NT)" },
  { zone: "Australia/Hobart", label: "Hobart (TAS)" },
  { zone: "Australia/Perth", label: "Perth (WA)" },
] as const;

const known = new Map<string, boolean>();

/**
 * True when `zone` is an IANA time zone name this runtime knows ("Australia/Perth"; not "AEST",
 * not "+10:00", not "Etc/Unknown"). Checked by building a formatter, so it agrees with what
 * formatDate can format; "UTC" counts.
 */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone.length === 0 || zone.length > 64 || !/^[A-Za-z_+\-/0-9]+$/.test(zone))
    return false;
  const cached = known.get(zone);
  if (cached !== undefined) return cached;
  let ok: boolean;
  try {
    new Intl.DateTimeFormat("en-AU", { timeZone: zone });
    ok = zone.includes("/") || zone === "UTC";
  } catch {
    ok = false;
  }
  known.set(zone, ok);
  return ok;
}

/** The zone given if it is a valid IANA zone, else `defaultTimeZone`. */
export const timeZoneOr = (zone: string | null | undefined): string =>
  isTimeZone(zone) ? zone : defaultTimeZone;

// The zone a render formats in when a call names none. Set around one synchronous server render
// (`withDisplayTimeZone`; renderToString cannot interleave two requests) and once in the browser
// (`setDisplayTimeZone`, from the signed-in user), so both sides format the same.
let displayZone: string = defaultTimeZone;

/** The zone formatDate uses when none is given. */
export const displayTimeZone = (): string => displayZone;

/** Sets the zone formatDate uses when none is given (the browser: the signed-in user's; invalid → default). */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  displayZone = timeZoneOr(zone);
}

/** Runs the synchronous `render` with `zone` as the display zone, then restores the previous one. */
export function withDisplayTimeZone<T>(zone: string | null | undefined, render: () => T): T {
  const previous = displayZone;
  displayZone = timeZoneOr(zone);
  try {
    return render();
  } finally {
    displayZone = previous;
  }
}

/** The one date family (en-AU): "21 Mar 2025", "3:05 PM", "21 Mar 2025, 3:05 PM", "21 March 2025". */
export const datePatterns = {
  date: "d MMM yyyy",
  time: "h:mm a",
  dateTime: "d MMM yyyy, h:mm a",
  long: "d MMMM yyyy",
} as const;

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Formats an ISO string or Date with a date-fns pattern (default "d MMM yyyy", e.g. "21 Mar 2025")
 * in `zone` (default: the display zone). A date-only string is formatted as that calendar day.
 * "N/A" when the value is absent or not a date.
 */
export function formatDate(
  value: string | Date | null | undefined,
  pattern: string = datePatterns.date,
  zone: string = displayZone,
): string {
  if (value === null || value === undefined || value === "") return "N/A";
  const calendarDay = typeof value === "string" && dateOnly.test(value);
  const date = calendarDay
    ? new Date(`${value}T00:00:00Z`)
    : typeof value === "string"
      ? parseISO(value)
      : value;
  if (Number.isNaN(date.getTime())) return "N/A";
  return format(date, pattern, { locale: enAU, in: tz(calendarDay ? "UTC" : timeZoneOr(zone)) });
}

/** "3:05 PM" in `zone` (default: the display zone). */
export function formatTime(value: string | Date, zone?: string): string {
  return formatDate(value, datePatterns.time, zone);
}

/** "21 Mar 2025, 3:05 PM" in `zone` (default: the display zone); "N/A" when absent. */
export function formatDateTime(value: string | Date | null | undefined, zone?: string): string {
  return formatDate(value, datePatterns.dateTime, zone);
}

/** "2 December 2026": the long date of documents and e-mails, in `zone` (tax documents: the issuer's). */
export function formatLongDate(value: string | Date, zone?: string): string {
  return formatDate(value, datePatterns.long, zone);
}

/** The calendar day (`yyyy-MM-dd`) of instant `at` in `zone` (default Australia/Sydney). */
export function calendarDate(at: Date, zone: string = defaultTimeZone): string {
  return format(at, "yyyy-MM-dd", { in: tz(timeZoneOr(zone)) });
}

/**
 * The instant calendar day `date` (`yyyy-MM-dd`) starts in `zone` (default Australia/Sydney):
 * 00:00 local, e.g. 2026-12-02 in Sydney (AEDT, UTC+11) → 2026-12-01T13:00:00Z.
 */
export function startOfCalendarDay(date: string, zone: string = defaultTimeZone): Date {
  return wallClockTime(date, 0, 0, zone);
}

/**
 * The instant `zone`'s wall clock reads `hour:minute` (24-hour) on calendar day `date`
 * (`yyyy-MM-dd`), e.g. 9:48 on 2026-12-02 in Sydney → 2026-12-01T22:48:00Z. A time skipped by a
 * daylight-saving change resolves as @date-fns/tz does (forward by the change).
 */
export function wallClockTime(
  date: string,
  hour: number,
  minute: number,
  zone: string = defaultTimeZone,
): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, hour, minute, timeZoneOr(zone)).getTime());
}

/** How long from `from` to `to` in words, rounded ("3 days", "5 hours"); zone-free. */
export function formatElapsed(from: string | Date, to: string | Date): string {
  return formatDistanceStrict(new Date(from), new Date(to), { locale: enAU });
}

/** How long ago (or until) `value` is from now, in words ("about 2 hours ago", "in 3 days"). */
export function formatFromNow(value: string | Date): string {
  return formatDistanceToNow(new Date(value), { addSuffix: true, locale: enAU });
}

/**
 * A calendar day (`yyyy-MM-dd`) moved by whole `days` and/or `months` (date-fns: the 31st plus a
 * month is the month's last day). Zone-free: a date-only value is the same day everywhere (issue 43).
 */
export function shiftCalendarDate(
  date: string,
  by: { readonly days?: number; readonly months?: number },
): string {
  let at = parseISO(date);
  if (by.months) at = addMonths(at, by.months);
  if (by.days) at = addDays(at, by.days);
  return format(at, "yyyy-MM-dd");
}

/** Whole calendar days from `from` to `to` (`yyyy-MM-dd` each; negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  return differenceInCalendarDays(parseISO(to), parseISO(from));
}

const currency = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/** "$1,234.50" from a number of AUD dollars (negative: "-$12.00"). */
export function formatMoney(dollars: number): string {
  return currency.format(dollars);
}

/** "$1,851.85" from integer cents (AUD), the amount every screen, document and e-mail shows. */
export function formatCents(cents: number): string {
  return currency.format(cents / 100);
}
