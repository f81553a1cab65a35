/** For tests: the text a PDF draws (pdf-lib writes hex strings in Flate-compressed content streams). */
import { inflateSync } from "node:zlib";

/** The text drawn on the PDF's pages: inflates content streams and decodes Tj hex strings (WinAnsi). */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString("latin1");
  const out: string[] = [];
  // A stream's bytes are read by its dictionary's /Length: compressed data may itself end in "\r"
  // or hold "endstream"-like bytes, which a search for the end marker would cut wrongly.
  const stream = /\/Length (\d+)[^>]*>>\s*stream\r?\n/g;
  for (let m = stream.exec(raw); m; m = stream.exec(raw)) {
    const start = m.index + m[0].length;
    const data = raw.slice(start, start + Number(m[1]));
    let content: string;
    try {
      content = inflateSync(Buffer.from(data, "latin1")).toString("latin1");
    } catch {
      content = data;
    }
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      out.push(Buffer.from(t[1] ?? "", "hex").toString("latin1"));
  }
  return out.join("\n");
}
