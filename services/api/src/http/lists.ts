/**
 * Shapes every list endpoint shares: the comma-separated status filter of a query, a core page
 * mapped to its JSON items, and a whole (unpaged) list answered as one page.
 */

/**
 * The distinct values of a comma-separated query parameter that are among `allowed`, in the
 * order given; unknown values are dropped; [] when the parameter is absent or empty.
 */
export const parseCommaList =
  <T extends string>(allowed: readonly T[]) =>
  (value: string | undefined): T[] =>
    value
      ? [...new Set(value.split(","))].filter((s): s is T => (allowed as readonly string[]).includes(s))
      : [];

/**
 * A list query's status filter and paging, as core's list use cases take them: `statuses` from
 * the comma-separated `status` parameter (parseCommaList of `allowed`), `page` and `pageSize`.
 */
export const statusFilter = <T extends string>(allowed: readonly T[]) => {
  const parse = parseCommaList(allowed);
  return (query: {
    readonly status?: string | undefined;
    readonly page: number;
    readonly pageSize: number;
  }) => ({
    statuses: parse(query.status),
    page: query.page,
    pageSize: query.pageSize,
  });
};

/** A core page (items, total, page from 1, pageSize) with each item mapped to its JSON. */
export const pageOf = <T, U>(
  page: { items: readonly T[]; total: number; page: number; pageSize: number },
  map: (t: T) => U,
) => ({ items: page.items.map(map), total: page.total, page: page.page, pageSize: page.pageSize });

/** A whole list as one page: page 1, pageSize the item count (at least 1). */
export const singlePage = <T>(items: T[]) => ({
  items,
  total: items.length,
  page: 1,
  pageSize: Math.max(items.length, 1),
});
