/** Date ranges of the insights pages (ADR 0014): Australia/Sydney calendar dates as `yyyy-MM-dd`, checked and resolved from the query. */
import { Effect } from "effect";
import { InvalidRange } from "./errors.ts";
import { type DateRange, type InsightsQuery, MAX_RANGE_DAYS } from "./model.ts";

export const DAY_MS = 86_400_000;

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const toUtc = (date: string) => new Date(`${date}T00:00:00Z`).getTime();

export const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const validDate = (date: string | undefined): date is string =>
  date !== undefined && ISO_DATE.test(date) && fromUtc(toUtc(date)) === date;

/** The first day of the month `monthsBack` months before `today`'s month. */
export const monthStart = (today: string, monthsBack: number) => {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - monthsBack);
  return fromUtc(d.getTime());
};

/**
 * The inclusive range a query stands for at `today` (Sydney): this month, the last 3 or 12
 * months (whole months, this one included), or a custom range of at most three years.
 */
export function resolveRange(query: InsightsQuery, today: string): DateRange {
  switch (query.preset) {
    case "month":
      return { from: monthStart(today, 0), to: today };
    case "3m":
      return { from: monthStart(today, 2), to: today };
    case "12m":
      return { from: monthStart(today, 11), to: today };
    default:
      return { from: query.from ?? today, to: query.to ?? today };
  }
}

/** Checks a custom range: two valid dates, `from` ≤ `to`, at most MAX_RANGE_DAYS. */
export const validRange = (query: InsightsQuery, today: string) =>
  Effect.gen(function* () {
    if (query.preset === "custom") {
      if (!validDate(query.from))
        return yield* new InvalidRange({ field: "from", message: "Choose a start date" });
      if (!validDate(query.to))
        return yield* new InvalidRange({ field: "to", message: "Choose an end date" });
      if (query.from > query.to)
        return yield* new InvalidRange({ field: "to", message: "The end date must be after the start date" });
      if ((toUtc(query.to) - toUtc(query.from)) / DAY_MS > MAX_RANGE_DAYS)
        return yield* new InvalidRange({ field: "from", message: "Choose a range of at most three years" });
    }
    return resolveRange(query, today);
  });

/** The period of the same length that ends the day before `range` starts. */
export function previousRange(range: DateRange): DateRange {
  const days = (toUtc(range.to) - toUtc(range.from)) / DAY_MS;
  const to = toUtc(range.from) - DAY_MS;
  return { from: fromUtc(to - days * DAY_MS), to: fromUtc(to) };
}

/** Every month (`yyyy-MM`) of an inclusive range of dates, oldest first. */
export function monthsOf(range: DateRange): string[] {
  const months: string[] = [];
  const to = range.to.slice(0, 7);
  for (let month = range.from.slice(0, 7); month <= to; ) {
    months.push(month);
    const d = new Date(`${month}-01T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + 1);
    month = fromUtc(d.getTime()).slice(0, 7);
  }
  return months;
}
