/**
 * Typo tolerance and query reading for discovery (ADR 0036), pure. The rules are the ones
 * searchers know from Algolia, Typesense and Meilisearch:
 * - per word, 0 typos up to 4 letters, 1 from 5, 2 from 9 (`typoBudget`);
 * - a typo is an insertion, a deletion, a substitution or a transposition of two neighbouring
 *   letters (optimal string alignment distance, the restricted Damerau–Levenshtein: "entreprise"
 *   is one typo from "enterprise");
 * - the last word of the query also matches as the start of a word ("solu" → "solutions"), with
 *   the same budget for its typos ("entrepr" → "enterprise");
 * - a query word that is a location of the catalogue ("melbourne") is the location, not a word.
 * The adapter finds candidate words in its vocabulary; `correctTerm` decides which are corrections.
 */
import { type Location, locations } from "./catalogue.ts";

/** Typos allowed in a query word of `length` letters: 0 up to 4, 1 from 5, 2 from 9. */
export const typoBudget = (length: number): 0 | 1 | 2 => (length >= 9 ? 2 : length >= 5 ? 1 : 0);

/**
 * Optimal string alignment distance (restricted Damerau–Levenshtein): insertions, deletions,
 * substitutions and transpositions of adjacent characters each cost 1. Code units, so callers
 * pass lower-cased words.
 */
export function typoDistance(a: string, b: string): number {
  if (a === b) return 0;
  const m = a.length;
  const n = b.length;
  if (m === 0) return n;
  if (n === 0) return m;
  let before = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    current[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[n]!;
}

/**
 * Fewest typos between `term` and the start of `word` (any prefix of `word` whose length is
 * within the budget of the term's), for the last query word. 0 when `word` starts with `term`.
 */
export function prefixTypoDistance(term: string, word: string, budget: number): number {
  if (word.startsWith(term)) return 0;
  let best = Number.POSITIVE_INFINITY;
  const from = Math.max(1, term.length - budget);
  const to = Math.min(word.length, term.length + budget);
  for (let length = from; length <= to; length++)
    best = Math.min(best, typoDistance(term, word.slice(0, length)));
  return best;
}

/** A vocabulary word a query word stands for, with the typos it took (0 for the word itself or, last, a word it starts). */
export interface Correction {
  readonly word: string;
  readonly typos: number;
}

/** At most this many corrections per query word (closest first), so a short prefix stays a small query. */
export const maxCorrections = 20;

/**
 * The corrections of one query word among `candidates` (vocabulary words, lower-cased): words
 * within the word's typo budget (`typoBudget`), or for the `last` word, words whose start is;
 * closest first, then alphabetical; at most `maxCorrections`. Exact hits are not listed (the
 * word itself, or as a prefix, always matches with 0 typos).
 */
export function correctTerm(term: string, candidates: readonly string[], last: boolean): Correction[] {
  const budget = typoBudget(term.length);
  if (budget === 0) return [];
  const found: Correction[] = [];
  for (const word of new Set(candidates)) {
    if (word === term || (last && word.startsWith(term))) continue;
    const typos = last ? prefixTypoDistance(term, word, budget) : typoDistance(term, word);
    if (typos > 0 && typos <= budget) found.push({ word, typos });
  }
  return found
    .sort((x, y) => x.typos - y.typos || (x.word < y.word ? -1 : x.word > y.word ? 1 : 0))
    .slice(0, maxCorrections);
}

/** Query words that say where, not what, when other words remain ("sales in melbourne"). */
const connectives = new Set(["in", "at", "near", "around", "from", "based"]);

/** Locations a query word names (the catalogue's, except "other", which no one types as a place). */
const namedLocations = locations.filter((l) => l !== "other");

/** The catalogue location `term` names exactly or within its typo budget ("melbourne", "melbroune"); undefined otherwise. */
export function locationOf(term: string): Location | undefined {
  const budget = typoBudget(term.length);
  return namedLocations.find((l) => l === term || (budget > 0 && typoDistance(term, l) <= budget));
}

/**
 * A query read as a searcher means it: a word naming a location (`locationOf`) becomes the
 * location when the search has none (and is dropped either way: the filter, not the text, says
 * where), and "in", "at", "near"… are dropped when other words remain. A query of one location
 * word only keeps it as the location with no words. Returns the remaining keywords and the
 * location to filter by.
 */
export function readQuery(
  keywords: readonly string[],
  location: Location | undefined,
): { keywords: string[]; location: Location | undefined } {
  let where = location;
  const rest: string[] = [];
  for (const term of keywords) {
    const named = locationOf(term);
    if (named && (where === undefined || where === named)) where = named;
    else rest.push(term);
  }
  const words = rest.filter((t) => !connectives.has(t));
  return { keywords: words.length || !rest.length ? words : rest, location: where };
}
