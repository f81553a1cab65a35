/**
 * Reputation arithmetic (issue 22, ADR 0013), pure. The adapter stores the same Bayesian average
 * as a generated column (migration 2026-11-23-12-reviews) so search can order by it through an
 * index; a unit test keeps the two formulas equal.
 *
 * Bayesian average = (priorWeight × priorMean + sum of ratings) / (priorWeight + count), with
 * priorMean 4.00 and priorWeight 5 (five imaginary 4-star reviews): one 5-star review scores
 * 4.17, forty 4.8s score 4.71, so a single review never outranks a long, strong record.
 * Stored and compared in hundredths of a star (integer division, as PostgreSQL does).
 */

export const priorMean = 4;
export const priorWeight = 5;

/** Bayesian average in hundredths of a star (400 with no reviews). */
export const bayesianHundredths = (sum: number, count: number) =>
  Math.trunc((priorWeight * priorMean * 100 + sum * 100) / (priorWeight + count));

/** What cards and search show: the plain average (1 decimal) and the count; null average with none. */
export interface RatingSummary {
  /** Plain mean of published, visible ratings, rounded to 0.1; null with no reviews. */
  readonly average: number | null;
  readonly count: number;
  /** Bayesian average in hundredths of a star (ranking key). */
  readonly bayesian: number;
}

/** A summary from the stored sum and count. */
export const ratingSummary = (sum: number, count: number): RatingSummary => ({
  average: count > 0 ? Math.round((sum / count) * 10) / 10 : null,
  count,
  bayesian: bayesianHundredths(sum, count),
});

/** Median of a list of numbers (null when empty). */
export const median = (xs: readonly number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
