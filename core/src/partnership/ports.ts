/** Partnership ports. Infrastructure failures are defects; the error channel holds domain errors. */
import { Context, type Effect, type Either, type Option } from "effect";
import type { PartnershipId, ProfileId, StatusPaging } from "../shared/index.ts";
import type { PartyListing } from "../shared/paging.ts";
import type { PartnershipAlreadyExists, PartnershipNotFound } from "./errors.ts";
import type {
  NewPartnership,
  Partnership,
  PartnershipCounts,
  PartnershipStatus,
  PartnershipView,
  Party,
  Standings,
} from "./model.ts";
import type { PartnershipChange } from "./partnership-machine.ts";

export type PartnershipFilter = StatusPaging<PartnershipStatus>;

export class PartnershipRepository extends Context.Tag("partnership/PartnershipRepository")<
  PartnershipRepository,
  {
    readonly findById: (id: PartnershipId) => Effect.Effect<Option.Option<PartnershipView>>;
    /** One party's partnerships, newest first, with both profiles. */
    readonly listFor: PartyListing<PartnershipView, PartnershipFilter>;
    /** One party's active and pending counts. */
    readonly countsFor: (party: Party, profileId: ProfileId) => Effect.Effect<PartnershipCounts>;
    /**
     * Inserts a pending request in one transaction that first locks both parties' profiles and
     * reads their standings; `check` may refuse (e.g. a plan limit). Fails with
     * PartnershipAlreadyExists when the pair has a pending or active partnership (also under races).
     */
    readonly create: <E>(
      request: NewPartnership,
      check: (standings: Standings) => Either.Either<void, E>,
    ) => Effect.Effect<PartnershipView, E | PartnershipAlreadyExists>;
    /**
     * Changes one partnership atomically: locks both parties' profiles (business, then agent),
     * then the partnership row, reads the standings, and persists what `decide` returns.
     * Parallel changes for one party are serialised, so a plan limit can never be exceeded.
     */
    readonly change: <E>(
      id: PartnershipId,
      decide: (current: Partnership, standings: Standings) => Either.Either<PartnershipChange, E>,
    ) => Effect.Effect<PartnershipView, E | PartnershipNotFound>;
  }
>() {}
