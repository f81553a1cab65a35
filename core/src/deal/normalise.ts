/**
 * How customers are compared (issue 43 §1): a normalised name, a normalised website domain and the
 * ABN's 11 digits. `trigramSimilarity` is PostgreSQL pg_trgm's `similarity()` written out (the
 * same trigrams: lower-cased words of alphanumerics, padded with two spaces before and one after),
 * so in-memory tests and the database agree on "near-identical" (dealRules.nameSimilarity).
 */

/** Legal and filler words that do not tell two businesses apart. */
const fillerWords = new Set([
  "pty",
  "ltd",
  "limited",
  "proprietary",
  "inc",
  "incorporated",
  "co",
  "company",
  "corp",
  "corporation",
  "llc",
  "plc",
  "the",
  "and",
  "trust",
  "trustee",
  "for",
  "atf",
  "group",
  "holdings",
  "australia",
  "aust",
  "au",
]);

/**
 * "The Harbour-Tech Pty. Ltd." → "harbour tech": lower case, accents dropped, `&` as "and",
 * punctuation as spaces, legal/filler words removed (unless nothing else is left), spaces collapsed.
 */
export function normaliseCustomerName(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter((w) => w.length > 0);
  const kept = words.filter((w) => !fillerWords.has(w));
  return (kept.length > 0 ? kept : words).join(" ");
}

/**
 * A website or email domain as one comparable host: "https://www.HarbourTech.com.au/contact" →
 * "harbourtech.com.au". Scheme, credentials, `www.`, port, path, query and a trailing dot are
 * dropped; an email address gives its domain. Null when what is left is not a host name with a dot.
 */
export function normaliseDomain(input: string): string | null {
  let s = input.trim().toLowerCase();
  if (s.length === 0) return null;
  if (s.includes("@") && !s.includes("/")) s = s.slice(s.lastIndexOf("@") + 1);
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  s = s.replace(/^[^/@]*@/, "");
  s = s.split(/[/?#]/)[0] ?? "";
  s = s.replace(/:\d+$/, "").replace(/\.$/, "");
  while (s.startsWith("www.")) s = s.slice(4);
  if (!/^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(s)) return null;
  return s;
}

/** pg_trgm's trigrams of `text` (set semantics, like `show_trgm`). */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (word.length === 0) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** pg_trgm `similarity(a, b)`: shared trigrams ÷ distinct trigrams of both (0 when either has none). */
export function trigramSimilarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}
