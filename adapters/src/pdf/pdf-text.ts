/**
 * For tests: the text a PDF draws. pdf-lib writes each string as a hex string shown with `Tj`, in
 * Flate-compressed content streams: WinAnsi bytes for a standard font, two-byte glyph ids for an
 * embedded font (fonts.ts), which the font's ToUnicode CMap maps back to characters. Reads PDFs
 * saved without object streams (`documentSaveOptions`), as every Closr document is.
 */
import { inflateSync } from "node:zlib";

type Objects = Map<number, { readonly dictionary: string; readonly stream: string | null }>;

/** Every `N 0 obj … endobj` with its dictionary and its (inflated) stream. */
const objectsOf = (raw: string): Objects => {
  const objects: Objects = new Map();
  const start = /(\d+) 0 obj\b/g;
  for (let m = start.exec(raw); m; m = start.exec(raw)) {
    const body = m.index + m[0].length;
    const streamAt = raw.indexOf("stream", body);
    const endAt = raw.indexOf("endobj", body);
    let dictionary = raw.slice(body, endAt);
    let stream: string | null = null;
    // A stream's bytes are read by its dictionary's /Length: compressed data may itself end in "\r"
    // or hold "endstream"-like bytes, which a search for the end marker would cut wrongly.
    if (streamAt !== -1 && streamAt < endAt) {
      dictionary = raw.slice(body, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1] ?? 0);
      const data = raw
        .slice(streamAt)
        .replace(/^stream\r?\n/, "")
        .slice(0, length);
      try {
        stream = inflateSync(Buffer.from(data, "latin1")).toString("latin1");
      } catch {
        stream = data;
      }
      start.lastIndex = raw.indexOf("endobj", streamAt + length);
    }
    objects.set(Number(m[1]), { dictionary, stream });
  }
  return objects;
};

/** A ToUnicode CMap's code → text (bfchar and bfrange entries). */
const cmapOf = (cmap: string): Map<string, string> => {
  const map = new Map<string, string>();
  const text = (hex: string) => Buffer.from(hex, "hex").swap16().toString("utf16le");
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, unicode] of (block[1] ?? "").matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      map.set((code ?? "").toUpperCase(), text(unicode ?? ""));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, low, high, first] of (block[1] ?? "").matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
    )) {
      const from = Number.parseInt(low ?? "0", 16);
      const base = Number.parseInt(first ?? "0", 16);
      for (let code = from; code <= Number.parseInt(high ?? "0", 16); code++)
        map.set(
          code
            .toString(16)
            .toUpperCase()
            .padStart(low?.length ?? 4, "0"),
          String.fromCodePoint(base + code - from),
        );
    }
  return map;
};

/** The text drawn on the PDF's pages, one shown string per line. */
export function pdfText(bytes: Uint8Array): string {
  const objects = objectsOf(Buffer.from(bytes).toString("latin1"));
  // Font resource name (/F1-xxxx) → that font's ToUnicode map, if it has one.
  const fonts = new Map<string, Map<string, string>>();
  for (const { dictionary } of objects.values())
    for (const [, name, ref] of dictionary.matchAll(/\/([^\s/<>[\]()]+)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(ref));
      if (!font || !/\/Type\s*\/Font/.test(font.dictionary)) continue;
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(font.dictionary);
      const cmap = toUnicode ? objects.get(Number(toUnicode[1]))?.stream : null;
      if (name && !fonts.has(name)) fonts.set(name, cmap ? cmapOf(cmap) : new Map());
    }
  const out: string[] = [];
  for (const { stream } of objects.values()) {
    if (stream === null || !/\bTj\b/.test(stream)) continue;
    let map = new Map<string, string>();
    for (const op of stream.matchAll(/\/([^\s/<>[\]()]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (op[1] !== undefined) map = fonts.get(op[1]) ?? new Map();
      else {
        const hex = (op[2] ?? "").toUpperCase();
        out.push(
          map.size === 0
            ? Buffer.from(hex, "hex").toString("latin1")
            : (hex.match(/.{4}/g) ?? []).map((code) => map.get(code) ?? "\uFFFD").join(""),
        );
      }
    }
  }
  return out.join("\n");
}
