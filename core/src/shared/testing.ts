/** Helpers for test fixtures across contexts (never used by production code). */

/**
 * `T` with its branded numbers (ids, Cents) as plain numbers, so fixtures take literals such as
 * `{ id: 1, amountCents: 15_000 }`. Fixtures brand the result once, at their boundary.
 */
export type Unbranded<T> = {
  [K in keyof T]: T[K] extends number ? number : T[K] extends number | null ? number | null : T[K];
};
