/**
 * The fonts every PDF draws with (ADR 0059; issue 46): DejaVu Sans and DejaVu Sans Bold, TrueType
 * files shipped by the npm package `dejavu-fonts-ttf` and embedded (subset) through fontkit, so a
 * document prints what a person typed — "—", "’", "€", "✓", Māori macrons, Greek — instead of the
 * standard-14 fonts' WinAnsi "?". A character DejaVu Sans has no glyph for (most emoji, CJK) is left
 * out, with the emoji variation selector and joiners that come with it (`printable`), rather than
 * drawn as a box or "?".
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

const require = createRequire(import.meta.url);
const fontDirectory = join(dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");

let files: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
const fontFiles = () => {
  files ??= Promise.all([
    readFile(join(fontDirectory, "DejaVuSans.ttf")),
    readFile(join(fontDirectory, "DejaVuSans-Bold.ttf")),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return files;
};

/** The document's two fonts, embedded (subset: only the glyphs drawn end up in the file). */
export interface DocumentFonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  /** `text` with the characters the fonts cannot draw left out (see the module's docstring). */
  readonly printable: (text: string) => string;
}

/** Embeds DejaVu Sans (regular and bold) in `pdf`. */
export async function embedDocumentFonts(pdf: PDFDocument): Promise<DocumentFonts> {
  pdf.registerFontkit(fontkit);
  const { regular: regularFile, bold: boldFile } = await fontFiles();
  const regular = await pdf.embedFont(regularFile, { subset: true });
  const bold = await pdf.embedFont(boldFile, { subset: true });
  const inBold = new Set(bold.getCharacterSet());
  const drawable = new Set(regular.getCharacterSet().filter((code) => inBold.has(code)));
  const printable = (text: string) => {
    let out = "";
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      if (code === 0x09 || code === 0x0a || code === 0x0d) out += " ";
      else if (drawable.has(code)) out += char;
    }
    // An emoji left out leaves its neighbours' two spaces behind: keep one.
    return out.replace(/ {2,}/g, " ");
  };
  return { regular, bold, printable };
}

/**
 * Save options for every document: plain (not compressed) object streams, so the file opens in
 * older readers and its text can be read back by `pdfText` (tests, accessibility tools).
 */
export const documentSaveOptions = { useObjectStreams: false } as const;
