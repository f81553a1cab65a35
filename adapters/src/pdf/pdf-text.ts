/** For tests: the text a PDF draws (pdf-lib writes hex strings in Flate-compressed content streams). */
import { inflateSync } from "node:zlib";

/** The text drawn on the PDF's pages: inflates content streams and decodes Tj hex strings (WinAnsi). */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString("latin1");
  const out: string[] = [];
  const stream = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let m = stream.exec(raw); m; m = stream.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1] ?? "", "latin1")).toString("latin1");
    } catch {
      content = m[1] ?? "";
    }
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      out.push(Buffer.from(t[1] ?? "", "hex").toString("latin1"));
  }
  return out.join("\n");
}
