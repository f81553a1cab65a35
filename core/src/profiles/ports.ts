/** Profiles ports. Infrastructure failures are defects; the error channel holds domain errors. */
import { Context, type Effect, type Option } from "effect";
import type { AgentProfileId, BusinessProfileId, UserId } from "../shared/ids.ts";
import type { ProfileAlreadyExists } from "./errors.ts";
import type {
  AgentProfile,
  AgentProfileFields,
  AgentSearch,
  BusinessProfile,
  BusinessProfileFields,
  BusinessSearch,
} from "./model.ts";

/** Totals are counted exactly up to this many matches; beyond it, `total` is the cap and `totalCapped` is true. */
export const searchTotalCap = 1000;

/** How long (ms) a process may rank searches for a viewer profile it read earlier (ADR 0019). */
export const viewerCacheMs = 10_000;

export interface SearchResult<T> {
  readonly items: readonly T[];
  /** Matches, counted up to `searchTotalCap`. */
  readonly total: number;
  /** True when more than `searchTotalCap` profiles match. */
  readonly totalCapped: boolean;
}

/**
 * The repository of one side's profiles: `P` the profile, `Id` its id, `F` its editable fields,
 * `S` its search criteria and `V` the viewer a search ranks for (the other side's profile).
 */
export interface ProfileRepositoryOf<P, Id, F, S, V> {
  readonly insert: (userId: UserId, fields: F) => Effect.Effect<P, ProfileAlreadyExists>;
  readonly update: (id: Id, fields: Partial<F>) => Effect.Effect<P>;
  readonly findById: (id: Id) => Effect.Effect<Option.Option<P>>;
  readonly findByUser: (userId: UserId) => Effect.Effect<Option.Option<P>>;
  /**
   * The user's profile as search ranking reads it (the viewer of a search): may be cached for up
   * to `viewerCacheMs` in each process, so an edit made through another process ranks within
   * that time. Everything else reads findByUser.
   */
  readonly findViewer: (userId: UserId) => Effect.Effect<Option.Option<P>>;
  /** Filters, keywords and sort; "match" ranks for `viewer` with the documented score. */
  readonly search: (criteria: S, viewer: V | undefined) => Effect.Effect<SearchResult<P>>;
}

export class BusinessProfileRepository extends Context.Tag("profiles/BusinessProfileRepository")<
  BusinessProfileRepository,
  ProfileRepositoryOf<BusinessProfile, BusinessProfileId, BusinessProfileFields, BusinessSearch, AgentProfile>
>() {}

export class AgentProfileRepository extends Context.Tag("profiles/AgentProfileRepository")<
  AgentProfileRepository,
  ProfileRepositoryOf<AgentProfile, AgentProfileId, AgentProfileFields, AgentSearch, BusinessProfile>
>() {}
