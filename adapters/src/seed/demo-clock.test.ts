/** The demo history's office-hours clock (demo-clock.ts): Sydney working days, never in the future. */
import { describe, expect, it } from "vitest";
import { sydneyMonth, sydneyMonthName, sydneyWorkTime } from "./demo-clock.ts";

// Wednesday 2 December 2026, 15:00 in Sydney (AEDT, UTC+11).
const now = new Date("2026-12-02T04:00:00Z");

describe("demo clock", () => {
  it("puts an instant at Sydney office hours on a working day, days before now", () => {
    expect(sydneyWorkTime(now, 1, 9, 48).toISOString()).toBe("2026-11-30T22:48:00.000Z"); // Tue 1 Dec 9:48
    // 4 days before Wednesday is Saturday: moved back to Friday 27 November
    expect(sydneyWorkTime(now, 4, 10, 0).toISOString()).toBe("2026-11-26T23:00:00.000Z");
    // today at 16:00 is still to come: the working day before
    expect(sydneyWorkTime(now, 0, 16, 0).toISOString()).toBe("2026-12-01T05:00:00.000Z");
    // AEST in winter: 10:00 is 00:00 UTC
    expect(sydneyWorkTime(new Date("2026-07-01T04:00:00Z"), 0, 10, 0).toISOString()).toBe(
      "2026-07-01T00:00:00.000Z",
    );
  });

  it("names Sydney months", () => {
    expect(sydneyMonthName(now, 0)).toBe("December");
    expect(sydneyMonthName(now, 2)).toBe("October");
    // 1 January 00:30 in Sydney is still 31 December in UTC: Sydney's month counts
    expect(sydneyMonth(new Date("2026-12-31T13:30:00Z"))).toBe("2027-01");
  });
});
