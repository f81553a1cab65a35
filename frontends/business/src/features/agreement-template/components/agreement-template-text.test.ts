import { describe, expect, it } from "vitest";
import { templateToText, textToTemplate } from "./agreement-template-page.tsx";

const template = {
  title: "Acme Sales Agreement",
  subtitle: "Acme's standard terms",
  sections: [
    {
      heading: "1. Parties",
      paragraphs: ["Between {{businessName}} and {{agentName}}.", "Made on {{date}}."],
    },
    { heading: "2. Commission", paragraphs: ["{{commission}}."] },
  ],
};

describe("the template's text form", () => {
  it("round-trips: title, subtitle, # sections, blank-line paragraphs", () => {
    expect(textToTemplate(templateToText(template))).toEqual(template);
  });

  it("joins wrapped lines into one paragraph", () => {
    expect(textToTemplate("Title here\nSub\n# One\nfirst line\nsecond line\n\nnext")).toEqual({
      title: "Title here",
      subtitle: "Sub",
      sections: [{ heading: "One", paragraphs: ["first line second line", "next"] }],
    });
  });

  it("explains what is missing", () => {
    expect(textToTemplate("T")).toBe("Start with a title of at least 3 characters.");
    expect(textToTemplate("Title\nSubtitle\nno section")).toBe(
      'Add at least one section: a line starting with "# ".',
    );
  });
});
