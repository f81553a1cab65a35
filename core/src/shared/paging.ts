/** Offset paging: the page window a list query asks for, and the page of results answering it. */

/** Which page of a list to read. */
export interface Paging {
  /** From 1. */
  readonly page: number;
  /** 1–100. */
  readonly pageSize: number;
}

/** One page of a list: its items and how many match in all. */
export interface Page<T> extends Paging {
  readonly items: readonly T[];
  readonly total: number;
}
