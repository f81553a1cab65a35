import { Either } from "effect";
import { describe, expect, it } from "vitest";
import { validateTerms } from "./draft-agreement.ts";
import { generalAgreementTemplate, renderTemplate, unknownPlaceholders } from "./template.ts";

const valid = {
  model: { type: "straight", rate: 15 },
  territory: ["sydney", "remote"],
  exclusive: false,
  products: "Cloud accounting software subscriptions",
  paymentTermsDays: 14,
  startDate: "2026-11-01",
  endDate: null,
  noticeDays: 30,
};

describe("validateTerms", () => {
  it("accepts valid terms, and §9 guidance is not enforced (a 45% straight rate is allowed)", () => {
    expect(Either.isRight(validateTerms(valid))).toBe(true);
    expect(Either.isRight(validateTerms({ ...valid, model: { type: "straight", rate: 45 } }))).toBe(true);
  });

  const fieldOf = (input: unknown) => {
    const result = validateTerms(input);
    return Either.isLeft(result) ? result.left.errors.map((e) => e.field) : [];
  };

  it("names the field at fault", () => {
    expect(fieldOf({ ...valid, model: { type: "straight", rate: 101 } })).toEqual(["model.rate"]);
    expect(fieldOf({ ...valid, model: { type: "straight", rate: 10.125 } })).toEqual(["model.rate"]);
    expect(fieldOf({ ...valid, paymentTermsDays: 21 })).toEqual(["paymentTermsDays"]);
    expect(fieldOf({ ...valid, territory: [] })).toEqual(["territory"]);
    expect(fieldOf({ ...valid, territory: ["adelaide"] })).toEqual(["territory.0"]);
    expect(fieldOf({ ...valid, startDate: "2026-02-30" })).toEqual(["startDate"]);
    expect(fieldOf({ ...valid, noticeDays: -1 })).toEqual(["noticeDays"]);
    expect(fieldOf({ ...valid, model: { type: "tiered", tiers: [{ fromCents: 100, rate: 10 }] } })).toEqual([
      "model.tiers",
    ]);
    expect(fieldOf({ ...valid, model: { type: "residual", rate: 5, months: 0 } })).toEqual(["model.months"]);
  });

  it("refuses an end before the start", () => {
    const result = validateTerms({ ...valid, endDate: "2026-10-01" });
    expect(Either.isLeft(result) && result.left.errors).toEqual([
      { field: "endDate", message: "End date must be on or after the start date" },
    ]);
  });
});

describe("the general template", () => {
  it("renders blank placeholders as hints (the §2.12 download)", () => {
    const doc = renderTemplate(generalAgreementTemplate, {});
    expect(doc.sections[0]?.paragraphs[0]).toContain("[Business name], ABN [ABN]");
    expect(JSON.stringify(doc)).not.toContain("{{");
  });

  it("finds unknown placeholders in a custom template", () => {
    expect(
      unknownPlaceholders({
        title: "T {{agentName}}",
        subtitle: "",
        sections: [{ heading: "{{nope}}", paragraphs: [] }],
      }),
    ).toEqual(["nope"]);
  });
});
