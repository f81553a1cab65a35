/**
 * Why a keyword search ranked a profile where it did (issue 22, ADR 0013): the first field, in
 * ranking weight order (name, specialization/industry, skills, bio/description), holding a word
 * that a keyword term starts ("enterpr" → "enterprise") or nearly spells (a typo such as
 * "entreprise"; trigram similarity, as pg_trgm's word_similarity does in the adapter).
 */
import type { RatingSummary } from "../shared/reputation.ts";
import type { AgentProfile, BusinessProfile, Match } from "./model.ts";

const words = (text: string | null) => (text ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

const trigrams = (word: string) => {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
};

/** Trigram similarity of two words (shared / union), 0–1. */
export const wordSimilarity = (a: string, b: string) => {
  const x = trigrams(a);
  const y = trigrams(b);
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
};

/** The profile word a term matches: a prefix match, else a near spelling (terms of 4+ letters). */
const matchWord = (term: string, candidates: readonly string[]) =>
  candidates.find((w) => w.startsWith(term)) ??
  (term.length >= 4 ? candidates.find((w) => wordSimilarity(term, w) >= 0.45) : undefined);

/** "matches 'enterprise' in name" for the first term found, in field weight order; undefined when none. */
export function keywordReason(
  keywords: readonly string[],
  fields: readonly (readonly [label: string, text: string | null])[],
): string | undefined {
  for (const [label, text] of fields) {
    const candidates = words(text);
    for (const term of keywords) {
      const word = matchWord(term, candidates);
      if (word) return `matches '${word}' in ${label}`;
    }
  }
  return undefined;
}

export const agentKeywordFields = (a: AgentProfile) =>
  [
    ["name", a.fullName],
    ["specialization", a.specialization],
    ["skills", a.skills.join(" ")],
    ["bio", a.bio],
  ] as const;

export const businessKeywordFields = (b: BusinessProfile) =>
  [
    ["company name", b.companyName],
    ["industry", b.industry],
    ["description", b.description],
  ] as const;

const ratingReason = (rating: RatingSummary | undefined) =>
  rating && rating.count > 0 && rating.average !== null
    ? `Rated ${rating.average.toFixed(1)} from ${rating.count} review${rating.count === 1 ? "" : "s"}`
    : undefined;

/**
 * The match with the ranking's own reasons first: the keyword match (with keywords), then the
 * rating (when rated), then the score's reasons; at most 3 reasons.
 */
export function explainRanking(
  match: Match,
  keywordMatch: string | undefined,
  rating: RatingSummary | undefined,
): Match {
  const first = [keywordMatch, ratingReason(rating)].filter((r): r is string => r !== undefined);
  return { score: match.score, reasons: [...first, ...match.reasons].slice(0, 3) };
}
