/** The validation hook's walks (ADR 0034, issue 48): iterative, in document order, depth counted on the text. */
import { describe, expect, it } from "vitest";
import { jsonNestingDepth, unrepresentableText, unrepresentableTextMessage } from "./validation.ts";

describe("unrepresentableText", () => {
  it("walks a value 100,000 levels deep without overflowing the stack", () => {
    let value: unknown = "a\u0000b";
    for (let i = 0; i < 100_000; i++) value = { a: value };
    const errors = unrepresentableText(value);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.field.split(".")).toHaveLength(100_000);
    expect(errors[0]?.message).toBe(unrepresentableTextMessage);
  });

  it("names fields in document order, keys once, and skips what a bad key holds", () => {
    const errors = unrepresentableText({
      first: "\u0000",
      list: ["ok", "\ud800", { deep: ["\udc00x"] }],
      "bad\u0000key": "\u0000 not searched",
      last: "x\u0000",
    });
    expect(errors.map((e) => e.field)).toEqual(["first", "list.1", "list.2.deep.0", "bad\ufffdkey", "last"]);
    expect(unrepresentableText("\u0000")).toEqual([{ field: "body", message: unrepresentableTextMessage }]);
    expect(unrepresentableText({ pair: "\ud83d\ude00", n: 1, f: null })).toEqual([]);
  });
});

describe("jsonNestingDepth", () => {
  it("counts objects and arrays, not brackets inside strings", () => {
    expect(jsonNestingDepth('"x"')).toBe(0);
    expect(jsonNestingDepth('{"a":1}')).toBe(1);
    expect(jsonNestingDepth('{"a":[{"b":[]}],"c":{}}')).toBe(4);
    expect(jsonNestingDepth('{"a":"[[[{{{","b":"\\"[[["}')).toBe(1);
    expect(jsonNestingDepth('["\\\\",[1]]')).toBe(2);
  });

  it("stops as soon as the depth exceeds the limit", () => {
    const deep = `${"[".repeat(65_000)}${"]".repeat(65_000)}`;
    expect(jsonNestingDepth(deep)).toBe(65_000);
    expect(jsonNestingDepth(deep, 64)).toBe(65);
  });
});
