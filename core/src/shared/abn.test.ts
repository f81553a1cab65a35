import { Either } from "effect";
import { describe, expect, it } from "vitest";
import { abnChecksumValid, formatAbn, parseAbn } from "./abn.ts";

describe("ABN (ATO checksum)", () => {
  it.each(["51 824 753 556", "53 004 085 616", "51824753556", " 53004085616 "])("accepts %s", (input) => {
    const parsed = parseAbn(input);
    expect(Either.isRight(parsed) && parsed.right).toBe(input.replace(/\s/g, ""));
  });

  it.each(["53-004-085-616", "53 004-085 616", "53\u2013004\u2013085\u2013616"])(
    "accepts dashes as separators: %s → the 11 digits",
    (input) => {
      expect(parseAbn(input)).toEqual(Either.right("53004085616"));
    },
  );

  it("runs the checksum on the digits once the dashes are gone", () => {
    expect(parseAbn("53-004-085-617")).toMatchObject({ left: { reason: "checksum" } });
    expect(parseAbn("53-004-085-61A")).toMatchObject({ left: { reason: "format" } });
  });

  it("refuses a wrong ABN with a checksum message, not the length message", () => {
    const parsed = parseAbn("11 223 493 504");
    expect(Either.isLeft(parsed) && parsed.left).toEqual({
      reason: "checksum",
      message: "This is not a valid ABN (the check digits do not match)",
    });
  });

  it("gives the spec's message below 11 characters, and a format message for letters or 12 digits", () => {
    expect(Either.isLeft(parseAbn("5182475")) && parseAbn("5182475")).toMatchObject({
      left: { reason: "length", message: "ABN must be at least 11 characters" },
    });
    expect(parseAbn("51 824 753 55A")).toMatchObject({ left: { reason: "format" } });
    expect(parseAbn("518247535561")).toMatchObject({ left: { reason: "format" } });
  });

  it("changing any one digit of a valid ABN breaks the checksum", () => {
    const valid = "51824753556";
    for (let i = 0; i < 11; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        const changed = valid.slice(0, i) + d + valid.slice(i + 1);
        expect(abnChecksumValid(changed)).toBe(false);
      }
    }
  });

  it("formats in the ATO grouping", () => {
    expect(formatAbn("51824753556")).toBe("51 824 753 556");
  });
});
