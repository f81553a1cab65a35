/**
 * Why a keyword search ranked a profile where it did (ADR 0013, ADR 0036): the first field, in
 * ranking weight order (name, specialization/industry, skills, bio/description), holding a word
 * a keyword term is, starts when it is the last term ("enterpr" → "enterprise"), or spells within
 * its typo budget ("entreprise"; core's typo rules, as the adapter applies them).
 */
import type { RatingSummary } from "../shared/reputation.ts";
import type { AgentProfile, BusinessProfile, Match } from "./model.ts";
import { correctTerm } from "./typo.ts";

const words = (text: string | null) => (text ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The profile word a term matches, by the search's rules (ADR 0036): the word itself (or, for the
 * last term, a word it starts), else the closest word within the term's typo budget.
 */
const matchWord = (term: string, last: boolean, candidates: readonly string[]) =>
  candidates.find((w) => w === term || (last && w.startsWith(term))) ??
  correctTerm(term, candidates, last)[0]?.word;

/** "matches 'enterprise' in name" for the first term found, in field weight order; undefined when none. */
export function keywordReason(
  keywords: readonly string[],
  fields: readonly (readonly [label: string, text: string | null])[],
): string | undefined {
  for (const [label, text] of fields) {
    const candidates = words(text);
    for (const [k, term] of keywords.entries()) {
      const word = matchWord(term, k === keywords.length - 1, candidates);
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
