/**
 * A plain text document as a PDF (pdf-lib; issue 16): a title, a subtitle and headed sections of
 * paragraphs, wrapped to A4 with page breaks. Used for the commission agreement template and signed
 * agreements. Drawn in embedded DejaVu Sans (fonts.ts), so what a person typed prints as typed.
 */
import { PDFDocument, type PDFFont, rgb } from "pdf-lib";
import { documentSaveOptions, embedDocumentFonts } from "./fonts.ts";

export interface PdfDocumentText {
  readonly title: string;
  readonly subtitle?: string;
  readonly sections: ReadonlyArray<{ readonly heading: string; readonly paragraphs: readonly string[] }>;
}

const wrap = (text: string, font: PDFFont, size: number, width: number): string[] => {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
};

/** Renders the document; returns the PDF bytes. */
export async function renderDocumentPdf(doc: PdfDocumentText): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  pdf.setAuthor("Closr");
  const { regular, bold, printable } = await embedDocumentFonts(pdf);
  const [width, height] = [595.28, 841.89];
  const margin = 56;
  let page = pdf.addPage([width, height]);
  let y = height - margin;
  const write = (text: string, font: PDFFont, size: number, gap = 4) => {
    for (const line of wrap(printable(text), font, size, width - margin * 2)) {
      if (y < margin + size) {
        page = pdf.addPage([width, height]);
        y = height - margin;
      }
      page.drawText(line, { x: margin, y: y - size, size, font, color: rgb(0.1, 0.12, 0.16) });
      y -= size + gap;
    }
  };
  write(doc.title, bold, 20, 8);
  if (doc.subtitle) write(doc.subtitle, regular, 10, 4);
  y -= 10;
  for (const section of doc.sections) {
    y -= 6;
    write(section.heading, bold, 12, 6);
    for (const paragraph of section.paragraphs) {
      write(paragraph, regular, 10, 3);
      y -= 4;
    }
  }
  return pdf.save(documentSaveOptions);
}
