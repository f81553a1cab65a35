/** Reading PostgreSQL errors the same way from postgres.js and PGlite. */

/** The constraint a unique violation (SQLSTATE 23505) broke, or undefined for any other error. */
export function uniqueViolation(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const e = error as { code?: unknown; constraint_name?: unknown; constraint?: unknown; cause?: unknown };
  if (e.code === "23505") {
    const name = e.constraint_name ?? e.constraint;
    return typeof name === "string" ? name : "";
  }
  return e.cause ? uniqueViolation(e.cause) : undefined;
}
