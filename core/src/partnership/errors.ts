/** Partnership tagged errors (mapped to problems in services/api/src/http/problem.ts). */
import { Data } from "effect";
import type { PlanId } from "../subscription/index.ts";
import type { PartnershipStatus, Party } from "./model.ts";

/** No such partnership, or the caller is not a party to it (404: ids reveal nothing). */
export class PartnershipNotFound extends Data.TaggedError("PartnershipNotFound")<{ readonly id: number }> {}

/** The event is not allowed from the partnership's state, or not for this party (409). */
export class PartnershipTransitionNotAllowed extends Data.TaggedError("PartnershipTransitionNotAllowed")<{
  readonly from: PartnershipStatus;
  readonly event: PartnershipEventType;
  readonly reason: string;
}> {}

/** The business–agent pair already has a pending or active partnership (409). */
export class PartnershipAlreadyExists extends Data.TaggedError("PartnershipAlreadyExists")<{
  readonly status: "pending" | "active";
}> {}

/**
 * A party is at its plan's limit of active partnerships (spec §9 reading B). `party` says whose
 * limit: the caller's own (upgrade at /pricing) or the counterpart's.
 */
export class PartnershipLimitReached extends Data.TaggedError("PartnershipLimitReached")<{
  readonly party: Party;
  readonly own: boolean;
  readonly plan: PlanId;
  readonly limit: number;
}> {}

/** The caller has no profile of their own type yet (spec §8 messages). */
export class OwnProfileRequired extends Data.TaggedError("OwnProfileRequired")<{ readonly kind: Party }> {}

/** The requested counterpart profile does not exist (404). */
export class CounterpartNotFound extends Data.TaggedError("CounterpartNotFound")<{ readonly kind: Party }> {}

/** A connection request that names the wrong sides (e.g. the caller's own type as counterpart) (422). */
export class InvalidConnectionRequest extends Data.TaggedError("InvalidConnectionRequest")<{
  readonly field: string;
  readonly message: string;
}> {}

export type PartnershipEventType = "accept" | "reject" | "withdraw" | "end";

/** Every tagged error the partnership context fails with (the service maps each to a problem). */
export type PartnershipError =
  | PartnershipNotFound
  | PartnershipTransitionNotAllowed
  | PartnershipAlreadyExists
  | PartnershipLimitReached
  | OwnProfileRequired
  | CounterpartNotFound
  | InvalidConnectionRequest;
