/** Offset paging: the page window a list query asks for, and the page of results answering it. */
import type { Effect } from "effect";
import type { ProfileId } from "./ids.ts";

/** Which page of a list to read. */
export interface Paging {
  /** From 1. */
  readonly page: number;
  /** 1–100. */
  readonly pageSize: number;
}

/** A page of a list filtered by an optional free-text `search` (what it matches is the list's). */
export interface SearchPaging extends Paging {
  readonly search?: string | undefined;
}

/** A page of a list filtered by status: only the items in `statuses`, or all when it is empty. */
export interface StatusPaging<S extends string> extends Paging {
  /** Only these statuses; all when empty. */
  readonly statuses: readonly S[];
}

/** A list's items and how many match in all: what a repository answers for a page it read. */
export interface Counted<T> {
  readonly items: readonly T[];
  readonly total: number;
}

/** One page of a list: its items and how many match in all. */
export interface Page<T> extends Paging, Counted<T> {}

/**
 * A repository's list of one party's items — the business's or the agent's, by its profile id —
 * read one page (`Q`: the paging, perhaps with filters) at a time.
 */
export type PartyListing<T, Q extends Paging = Paging> = (
  party: "business" | "agent",
  profileId: ProfileId,
  page: Q,
) => Effect.Effect<Counted<T>>;
