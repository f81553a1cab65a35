import { describe, expect, it } from "vitest";
import { isSafeLink } from "./common.ts";
import { ContentInput } from "./content.ts";

describe("isSafeLink", () => {
  it("accepts https:, http:, mailto: and paths on this site", () => {
    for (const link of [
      "https://news.example.com/closr",
      "http://example.com",
      "mailto:press@closr.com.au",
      "/press",
      "/api/media/files/abc.png?variant=thumb",
    ])
      expect(isSafeLink(link), link).toBe(true);
  });

  it("refuses script, data and other schemes however they are written, and paths that leave the site", () => {
    for (const link of [
      "javascript:alert('presslink')",
      " JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "//evil.example.com",
      "/\\evil.example.com",
      "/\t/evil.example.com",
      "press",
      "",
    ])
      expect(isSafeLink(link), JSON.stringify(link)).toBe(false);
  });
});

describe("ContentInput's link fields", () => {
  const entry = (content: unknown) => ({ title: "T", slug: "t", type: "press", content });

  it("refuses a javascript: link at any depth, naming the field", () => {
    const flat = ContentInput.safeParse(entry({ link: "javascript:alert('presslink')" }));
    expect(flat.success).toBe(false);
    expect(flat.error?.issues.map((i) => i.path.join("."))).toEqual(["content.link"]);
    const nested = ContentInput.safeParse(entry({ sections: [{ title: "x", href: "data:text/html,x" }] }));
    expect(nested.error?.issues.map((i) => i.path.join("."))).toEqual(["content.sections.0.href"]);
    expect(ContentInput.safeParse(entry({ coverImage: 42 })).success).toBe(false);
  });

  it("accepts safe links, an empty or absent link, and content that is not an object", () => {
    expect(
      ContentInput.safeParse(
        entry({ link: "https://example.com/story", coverImage: "/api/media/files/a.png" }),
      ).success,
    ).toBe(true);
    expect(ContentInput.safeParse(entry({ link: "", outlet: "ABC" })).success).toBe(true);
    expect(ContentInput.safeParse(entry("plain text")).success).toBe(true);
  });
});
