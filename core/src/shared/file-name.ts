/**
 * The name of an uploaded file as Closr stores and shows it (ADR 0034): the last path segment,
 * without control characters (C0, DEL, C1), Unicode bidirectional controls (U+061C, U+200E,
 * U+200F, U+202A–U+202E, U+2066–U+2069: the "right-to-left override" that makes `txt.exe` read
 * `exe.txt`) or unpaired surrogates, trimmed, and cut to at most 255 UTF-8 bytes — the common
 * file-system limit — on a code-point boundary, keeping a short extension. An empty result is
 * `fallback`.
 */

/** Most bytes a stored file name takes in UTF-8. */
export const maxFileNameBytes = 255;

// Unicode mode: \p{Cc} is C0, DEL and C1; [\ud800-\udfff] matches only surrogates without a pair.
const UNSAFE_CHARACTERS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]/gu;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).byteLength;

/** The longest start of `text` that fits in `bytes` UTF-8 bytes, never splitting a code point. */
const cutToBytes = (text: string, bytes: number) => {
  let used = 0;
  let end = 0;
  for (const character of text) {
    const size = utf8Bytes(character);
    if (used + size > bytes) break;
    used += size;
    end += character.length;
  }
  return text.slice(0, end);
};

/** `name` made safe to store and show (see the module comment); `fallback` when nothing is left. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.replace(/^.*[\\/]/, "");
  const cleaned = base.replace(UNSAFE_CHARACTERS, "").trim();
  if (!cleaned) return fallback;
  if (utf8Bytes(cleaned) <= maxFileNameBytes) return cleaned;
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(cleaned)?.[0] ?? "";
  const stem = cutToBytes(
    cleaned.slice(0, cleaned.length - extension.length),
    maxFileNameBytes - extension.length,
  );
  return `${stem.trimEnd()}${extension}`;
}
