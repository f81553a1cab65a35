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

export class BusinessProfileRepository extends Context.Tag("profiles/BusinessProfileRepository")<
  BusinessProfileRepository,
  {
    readonly insert: (
      userId: UserId,
      fields: BusinessProfileFields,
    ) => Effect.Effect<BusinessProfile, ProfileAlreadyExists>;
    readonly update: (
      id: BusinessProfileId,
      fields: Partial<BusinessProfileFields>,
    ) => Effect.Effect<BusinessProfile>;
    readonly findById: (id: BusinessProfileId) => Effect.Effect<Option.Option<BusinessProfile>>;
    readonly findByUser: (userId: UserId) => Effect.Effect<Option.Option<BusinessProfile>>;
    /**
     * The user's profile as search ranking reads it (the viewer of a search): may be cached for up
     * to `viewerCacheMs` in each process, so an edit made through another process ranks within
     * that time. Everything else reads findByUser.
     */
    readonly findViewer: (userId: UserId) => Effect.Effect<Option.Option<BusinessProfile>>;
    /** Filters, keywords and sort; "match" ranks for `viewer` with the documented score. */
    readonly search: (
      criteria: BusinessSearch,
      viewer: AgentProfile | undefined,
    ) => Effect.Effect<SearchResult<BusinessProfile>>;
  }
>() {}

export class AgentProfileRepository extends Context.Tag("profiles/AgentProfileRepository")<
  AgentProfileRepository,
  {
    readonly insert: (
      userId: UserId,
      fields: AgentProfileFields,
    ) => Effect.Effect<AgentProfile, ProfileAlreadyExists>;
    readonly update: (id: AgentProfileId, fields: Partial<AgentProfileFields>) => Effect.Effect<AgentProfile>;
    readonly findById: (id: AgentProfileId) => Effect.Effect<Option.Option<AgentProfile>>;
    readonly findByUser: (userId: UserId) => Effect.Effect<Option.Option<AgentProfile>>;
    /** The user's profile as search ranking reads it (see BusinessProfileRepository.findViewer). */
    readonly findViewer: (userId: UserId) => Effect.Effect<Option.Option<AgentProfile>>;
    readonly search: (
      criteria: AgentSearch,
      viewer: BusinessProfile | undefined,
    ) => Effect.Effect<SearchResult<AgentProfile>>;
  }
>() {}
