/** The one formatting module (ADR 0059): dates in the reader's zone, calendar days unshifted, AUD. */
import { describe, expect, it } from "vitest";
import {
  calendarDate,
  displayTimeZone,
  formatCents,
  formatDate,
  formatDateTime,
  formatElapsed,
  formatFromNow,
  formatLongDate,
  formatMoney,
  isTimeZone,
  shiftCalendarDate,
  startOfCalendarDay,
  withDisplayTimeZone,
} from "./index.ts";

const lateOnFirstDecemberUtc = new Date("2026-12-01T23:30:00Z");

describe("formatDate", () => {
  it("formats an instant in the zone given: 23:30 UTC on 1 December is 2 December in Sydney and Perth", () => {
    expect(formatLongDate(lateOnFirstDecemberUtc, "Australia/Sydney")).toBe("2 December 2026");
    expect(formatLongDate(lateOnFirstDecemberUtc, "Australia/Perth")).toBe("2 December 2026");
    expect(formatLongDate(lateOnFirstDecemberUtc, "UTC")).toBe("1 December 2026");
    expect(formatDateTime(lateOnFirstDecemberUtc, "Australia/Perth")).toBe("2 Dec 2026, 7:30 AM");
    expect(formatDateTime(lateOnFirstDecemberUtc, "Australia/Sydney")).toBe("2 Dec 2026, 10:30 AM");
  });

  it("defaults to the display zone, Sydney unless a render sets another", () => {
    expect(displayTimeZone()).toBe("Australia/Sydney");
    expect(formatDate(lateOnFirstDecemberUtc)).toBe("2 Dec 2026");
    expect(withDisplayTimeZone("UTC", () => formatDate(lateOnFirstDecemberUtc))).toBe("1 Dec 2026");
    expect(withDisplayTimeZone("Not/AZone", () => displayTimeZone())).toBe("Australia/Sydney");
    expect(displayTimeZone()).toBe("Australia/Sydney");
  });

  it("keeps a date-only value on its calendar day in every zone", () => {
    for (const zone of ["Australia/Sydney", "Australia/Perth", "America/Los_Angeles", "UTC"])
      expect(formatDate("2026-12-02", "d MMM yyyy", zone)).toBe("2 Dec 2026");
  });

  it("says N/A for an absent or broken value", () => {
    expect(formatDate(null)).toBe("N/A");
    expect(formatDate("")).toBe("N/A");
    expect(formatDate("not a date")).toBe("N/A");
  });

  it("gives the calendar day in a zone", () => {
    expect(calendarDate(lateOnFirstDecemberUtc, "Australia/Sydney")).toBe("2026-12-02");
    expect(calendarDate(lateOnFirstDecemberUtc, "UTC")).toBe("2026-12-01");
  });
});

describe("calendar days and spans", () => {
  it("starts a calendar day at local midnight, through daylight saving changes", () => {
    expect(startOfCalendarDay("2026-12-02").toISOString()).toBe("2026-12-01T13:00:00.000Z"); // AEDT
    expect(startOfCalendarDay("2026-07-01").toISOString()).toBe("2026-06-30T14:00:00.000Z"); // AEST
    expect(startOfCalendarDay("2026-10-04").toISOString()).toBe("2026-10-03T14:00:00.000Z"); // the change day
    expect(startOfCalendarDay("2026-12-02", "Australia/Perth").toISOString()).toBe(
      "2026-12-01T16:00:00.000Z",
    );
  });

  it("moves a calendar day by days and months, the 31st to the month's last day", () => {
    expect(shiftCalendarDate("2026-12-31", { days: 1 })).toBe("2027-01-01");
    expect(shiftCalendarDate("2027-01-31", { months: 1 })).toBe("2027-02-28");
    expect(shiftCalendarDate("2028-03-01", { days: -1 })).toBe("2028-02-29");
  });

  it("says spans in words", () => {
    expect(formatElapsed("2026-12-01T00:00:00Z", "2026-12-04T00:00:00Z")).toBe("3 days");
    expect(formatFromNow(new Date(Date.now() - 2 * 3_600_000))).toBe("about 2 hours ago");
  });
});

describe("isTimeZone", () => {
  it("accepts IANA zones and refuses abbreviations, offsets and unknown names", () => {
    for (const zone of ["Australia/Sydney", "Australia/Eucla", "Europe/London", "UTC"])
      expect(isTimeZone(zone)).toBe(true);
    for (const zone of ["AEST", "+10:00", "Mars/Olympus_Mons", "", "Australia/Sydney<script>", 42])
      expect(isTimeZone(zone)).toBe(false);
  });
});

describe("money", () => {
  it("formats AUD with thousands separators, from dollars or cents", () => {
    expect(formatMoney(1851.85)).toBe("$1,851.85");
    expect(formatCents(185_185)).toBe("$1,851.85");
    expect(formatCents(110_000_00)).toBe("$110,000.00");
    expect(formatCents(-1200)).toBe("-$12.00");
  });
});
