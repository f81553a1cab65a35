/** injectStyles outside a browser (the shell's server render, ADR 0051): recorded, not applied. */
import { describe, expect, it } from "vitest";
import { injectStyles, recordedStyles } from "./inject-styles.ts";

describe("injectStyles outside a browser", () => {
  it("records each stylesheet once by id, in the order first injected, for the served <head>", () => {
    expect(typeof document).toBe("undefined");
    injectStyles("closr-b-styles", ".b { color: red; }");
    injectStyles("closr-a-styles", ".a { color: blue; }");
    injectStyles("closr-b-styles", ".b { color: red; }");
    expect([...recordedStyles()]).toEqual([
      ["closr-b-styles", ".b { color: red; }"],
      ["closr-a-styles", ".a { color: blue; }"],
    ]);
  });
});
