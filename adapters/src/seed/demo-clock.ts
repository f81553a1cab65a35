/**
 * Times for the demo history: instants at office hours in Australia/Sydney on working days, so
 * seeded messages, invoices and payments read like a business's week (not all at the minute the
 * seed ran). Deterministic given `now`. The zone rules are the platform's (Intl, ICU's time zone
 * data); office hours never fall near a daylight-saving change (02:00–03:00), so one offset
 * look-up per instant is exact.
 */

const zone = "Australia/Sydney";
const parts = new Intl.DateTimeFormat("en-AU", {
  timeZone: zone,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  weekday: "short",
  timeZoneName: "longOffset",
});

/** Sydney's calendar date and weekday at `at`, and its UTC offset then (minutes east of UTC). */
function sydneyDay(at: Date) {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  const offset = /GMT([+-])(\d{2}):(\d{2})/.exec(p.timeZoneName ?? "");
  const minutes = offset ? (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    weekday: p.weekday ?? "",
    offsetMinutes: minutes,
  };
}

/** The instant when Sydney's wall clock reads `hour:minute` on `year-month-day`. */
export function sydneyWallTime(year: number, month: number, day: number, hour: number, minute: number): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const offset = sydneyDay(new Date(guess - 11 * 3_600_000)).offsetMinutes;
  return new Date(guess - offset * 60_000);
}

/**
 * An office-hours instant `daysAgo` calendar days before `now`'s Sydney date at `hour:minute`
 * Sydney time (24-hour), moved back to the Friday when that day is a Saturday or Sunday, and to
 * the working day before when it would still be later than `now`.
 */
export function sydneyWorkTime(now: Date, daysAgo: number, hour: number, minute: number): Date {
  const today = sydneyDay(now);
  for (let back = daysAgo; ; back++) {
    const noon = new Date(Date.UTC(today.year, today.month - 1, today.day - back, 2));
    const day = sydneyDay(noon);
    if (day.weekday === "Sat" || day.weekday === "Sun") continue;
    const at = sydneyWallTime(day.year, day.month, day.day, hour, minute);
    if (at.getTime() <= now.getTime()) return at;
  }
}

/** "October": the Sydney month `monthsAgo` months before `now`'s. */
export function sydneyMonthName(now: Date, monthsAgo: number): string {
  const today = sydneyDay(now);
  const first = new Date(Date.UTC(today.year, today.month - 1 - monthsAgo, 15));
  return new Intl.DateTimeFormat("en-AU", { month: "long", timeZone: "UTC" }).format(first);
}

/** "2026-12": the Sydney calendar month of `at`. */
export function sydneyMonth(at: Date): string {
  const day = sydneyDay(at);
  return `${day.year}-${String(day.month).padStart(2, "0")}`;
}
