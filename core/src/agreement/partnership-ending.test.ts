/** The end of a partnership: notice, end date, trailing commission (issue 45 item 5). */

import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { addCalendarMonths } from "../shared/calendar.ts";
import { AgreementTerms } from "./model.ts";
import { partnershipEnding, saleStillEarns } from "./partnership-ending.ts";
import { someTerms } from "./testing/world.ts";

describe("partnershipEnding", () => {
  it("ends after the notice and earns on brought customers for the trailing months", () => {
    const ending = partnershipEnding({ noticeDays: 90, trailingCommissionMonths: 6 }, "2026-12-02");
    expect(ending).toEqual({
      noticeGivenOn: "2026-12-02",
      endsOn: "2027-03-02",
      trailingUntil: "2027-09-02",
      trailingCommissionMonths: 6,
    });
    expect(saleStillEarns(ending, "2027-05-01", true)).toBe(true);
    expect(saleStillEarns(ending, "2027-05-01", false)).toBe(false);
    expect(saleStillEarns(ending, "2027-09-03", true)).toBe(false);
  });
  it("has no trailing period by default (old agreements)", () => {
    expect(partnershipEnding({ noticeDays: 30 }, "2026-01-31").trailingUntil).toBeNull();
    expect(addCalendarMonths("2027-01-31", 1)).toBe("2027-02-28");
  });
  it("old terms without trailingCommissionMonths still decode", () => {
    const old = { ...someTerms };
    const decoded = Schema.decodeUnknownEither(AgreementTerms)(old);
    expect(decoded._tag).toBe("Right");
    expect(Schema.decodeUnknownEither(AgreementTerms)({ ...old, trailingCommissionMonths: 25 })._tag).toBe(
      "Left",
    );
  });
});
