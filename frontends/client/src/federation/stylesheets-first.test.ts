import { describe, expect, it } from "vitest";
import { stylesheetsFirst } from "./stylesheets-first.ts";

const head = (inner: string) =>
  `<html><head>\n<meta charset="UTF-8" />\n${inner}\n</head><body></body></html>`;

describe("stylesheetsFirst", () => {
  it("moves every stylesheet, in order, ahead of the first script and preload", () => {
    const html = head(
      [
        '<link rel="icon" href="/i.png" />',
        '<script type="module" crossorigin src="/assets/entry.js"></script>',
        '<link rel="modulepreload" crossorigin href="/assets/a.js">',
        '<link rel="stylesheet" crossorigin href="/assets/one.css">',
        '<link rel="stylesheet" crossorigin href="/assets/two.css">',
        '<link rel="modulepreload" crossorigin href="/assets/b.js">',
      ].join("\n"),
    );
    const out = stylesheetsFirst(html);
    const one = out.indexOf("one.css");
    const two = out.indexOf("two.css");
    expect(one).toBeGreaterThan(out.indexOf("charset"));
    expect(one).toBeLessThan(two);
    expect(two).toBeLessThan(out.indexOf('rel="icon"'));
    expect(two).toBeLessThan(out.indexOf("entry.js"));
    expect(out.match(/rel="stylesheet"/g)).toHaveLength(2);
    expect(out.match(/modulepreload/g)).toHaveLength(2);
  });

  it("leaves a page without stylesheets, or with nothing ahead of them, as it is", () => {
    const bare = head('<script type="module" src="/e.js"></script>');
    expect(stylesheetsFirst(bare)).toBe(bare);
    const last = head('<link rel="stylesheet" href="/s.css">');
    expect(stylesheetsFirst(last)).toBe(last);
  });
});
