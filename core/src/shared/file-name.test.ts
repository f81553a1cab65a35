import { describe, expect, it } from "vitest";
import { cleanFileName, maxFileNameBytes } from "./file-name.ts";

const bytes = (text: string) => new TextEncoder().encode(text).byteLength;

describe("cleanFileName", () => {
  it("removes the right-to-left override and other bidi controls, so the name reads as it is", () => {
    expect(cleanFileName("invoice\u202Efdp.exe", "file")).toBe("invoicefdp.exe");
    expect(cleanFileName("\u2066a\u2069\u200Fb\u061C.pdf", "file")).toBe("ab.pdf");
  });

  it("removes control characters, lone surrogates and the path, and trims", () => {
    expect(cleanFileName("  C:\\Users\\me\\re\u0000port\u0007\u009b\ud800.pdf ", "file")).toBe("report.pdf");
    expect(cleanFileName("../../etc/passwd", "file")).toBe("passwd");
  });

  it("keeps names people write, emoji and accents included", () => {
    expect(cleanFileName("Café menu 🍰 (final).pdf", "file")).toBe("Café menu 🍰 (final).pdf");
  });

  it("cuts a long name to 255 UTF-8 bytes on a code-point boundary and keeps its extension", () => {
    const ascii = cleanFileName(`${"a".repeat(5000)}.png`, "file");
    expect(bytes(ascii)).toBe(maxFileNameBytes);
    expect(ascii.endsWith(".png")).toBe(true);
    const wide = cleanFileName(`${"😀".repeat(200)}.pdf`, "file");
    expect(bytes(wide)).toBeLessThanOrEqual(maxFileNameBytes);
    expect(wide).toBe(`${"😀".repeat(62)}.pdf`);
    expect(wide).not.toMatch(/[\ud800-\udbff]$/);
  });

  it("answers the fallback when nothing printable is left", () => {
    expect(cleanFileName("\u202E\u0000 ", "evidence")).toBe("evidence");
    expect(cleanFileName("", "document")).toBe("document");
  });
});
