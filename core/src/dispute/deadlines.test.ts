/** The Sydney business-day calendar (ADR 0018): table tests for weekends, NSW holidays and daylight saving. */
import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  businessDaysDeadline,
  calendarDaysDeadline,
  isBusinessDay,
  startOfSydneyDay,
  sydneyDate,
} from "./deadlines.ts";

describe("Sydney days and daylight saving", () => {
  it.each([
    // AEDT (UTC+11) in summer, AEST (UTC+10) in winter.
    ["2026-01-15", "2026-01-14T13:00:00.000Z"],
    ["2026-07-15", "2026-07-14T14:00:00.000Z"],
    // AEDT ends Sunday 5 April 2026 at 03:00 → 02:00; the day starts still in AEDT.
    ["2026-04-05", "2026-04-04T13:00:00.000Z"],
    ["2026-04-06", "2026-04-05T14:00:00.000Z"],
    // AEDT starts Sunday 4 October 2026 at 02:00 → 03:00.
    ["2026-10-04", "2026-10-03T14:00:00.000Z"],
    ["2026-10-05", "2026-10-04T13:00:00.000Z"],
  ])("%s starts at %s", (date, instant) => {
    expect(startOfSydneyDay(date).toISOString()).toBe(instant);
    expect(sydneyDate(new Date(instant))).toBe(date);
  });

  it("reads the Sydney date, not the UTC one", () => {
    expect(sydneyDate(new Date("2026-11-23T13:30:00Z"))).toBe("2026-11-24"); // 00:30 AEDT
    expect(sydneyDate(new Date("2026-11-23T12:59:59Z"))).toBe("2026-11-23");
  });
});

describe("business days (Mon–Fri, not an NSW public holiday)", () => {
  it.each([
    ["2026-11-23", true], // Monday
    ["2026-11-28", false], // Saturday
    ["2026-11-29", false], // Sunday
    ["2026-01-26", false], // Australia Day
    ["2026-04-03", false], // Good Friday
    ["2026-04-06", false], // Easter Monday
    ["2026-06-08", false], // King's Birthday
    ["2026-10-05", false], // Labour Day
    ["2026-12-28", false], // Boxing Day (Saturday) → additional Monday
    ["2027-04-26", true], // Anzac Day on a Sunday: no additional day in NSW
  ] as const)("%s → %s", (date, expected) => {
    expect(isBusinessDay(date)).toBe(expected);
  });

  it.each([
    ["2026-11-23", 5, "2026-11-30"], // Mon + 5 → next Mon
    ["2026-11-27", 1, "2026-11-30"], // Fri + 1 → Mon
    ["2026-11-28", 1, "2026-11-30"], // Sat + 1 → Mon
    ["2026-12-23", 5, "2027-01-04"], // Christmas, Boxing Day (Mon 28), New Year's Day skipped
    ["2026-04-01", 3, "2026-04-08"], // Easter: Good Friday and Easter Monday skipped
    ["2026-10-01", 2, "2026-10-06"], // Labour Day Mon 5 Oct skipped
  ] as const)("%s plus %i business days is %s", (date, n, expected) => {
    expect(addBusinessDays(date, n)).toBe(expected);
  });
});

describe("deadlines", () => {
  it.each([
    // Opened Monday 23 Nov 2026 10:00 AEDT: 7 days → end of Monday 30 Nov (Sydney midnight, AEDT).
    ["2026-11-22T23:00:00Z", 7, "2026-11-30T13:00:00.000Z"],
    // Opened Saturday 21 Nov: day 7 is Saturday 28 → end of Monday 30 Nov.
    ["2026-11-21T01:00:00Z", 7, "2026-11-30T13:00:00.000Z"],
    // 2 days from Wednesday 23 Dec 2026 → Fri 25 is Christmas, Mon 28 additional → end of Tue 29 Dec.
    ["2026-12-22T22:00:00Z", 2, "2026-12-29T13:00:00.000Z"],
    // Across the end of AEDT: opened Wed 1 Apr 2026; day 7 is Wed 8 Apr, which ends at 14:00 UTC (AEST).
    ["2026-03-31T22:00:00Z", 7, "2026-04-08T14:00:00.000Z"],
    // Across the start of AEDT: opened Tue 29 Sep 2026; day 7 is Tue 6 Oct, which ends at 13:00 UTC (AEDT).
    ["2026-09-28T22:00:00Z", 7, "2026-10-06T13:00:00.000Z"],
  ] as const)("from %s, %i days ends at %s", (from, days, expected) => {
    expect(calendarDaysDeadline(new Date(from), days).toISOString()).toBe(expected);
  });

  it.each([
    // Mediation from Thursday 26 Nov 2026 → 5 business days → end of Thursday 3 Dec.
    ["2026-11-25T23:00:00Z", 5, "2026-12-03T13:00:00.000Z"],
    // From Thursday 2 Apr 2026 (Easter): Tue 7, Wed 8, Thu 9, Fri 10, Mon 13 Apr → ends 14:00 UTC (AEST).
    ["2026-04-01T23:00:00Z", 5, "2026-04-13T14:00:00.000Z"],
    // From Friday 2 Oct 2026: Labour Day Mon 5 skipped → Tue 6 … Fri 9, Mon 12 Oct, AEDT.
    ["2026-10-01T23:00:00Z", 5, "2026-10-12T13:00:00.000Z"],
  ] as const)("from %s, %i business days ends at %s", (from, n, expected) => {
    expect(businessDaysDeadline(new Date(from), n).toISOString()).toBe(expected);
  });
});
