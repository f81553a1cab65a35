import { describe, expect, it } from "vitest";
import { experienceBandLabel, experienceLabel } from "./profile-labels.ts";

describe("experienceLabel (an agent's exact years of experience)", () => {
  it("reads the count as it is: 19 years is 19 years, not 19+ (issue 46)", () => {
    expect(experienceLabel(19)).toBe("19 years");
    expect(experienceLabel(8)).toBe("8 years");
    expect(experienceLabel(1)).toBe("1 year");
    expect(experienceLabel(0)).toBe("0 years");
  });

  it("keeps the filter's bands in the spec's words (§9: 0-2, 3-5, 6-10, 10+ years)", () => {
    expect(["0-2", "3-5", "6-10", "10+"].map(experienceBandLabel)).toEqual([
      "0-2 years",
      "3-5 years",
      "6-10 years",
      "10+ years",
    ]);
  });
});
