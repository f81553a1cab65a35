/** Deal and sale tagged errors (mapped to problems in services/api/src/http/problem.ts). */
import { Data } from "effect";
import type { DealState, FieldProblem, SaleState } from "./model.ts";

/** No such deal, sale, customer or partnership visible to the caller (404: ids reveal nothing). */
export class DealNotFound extends Data.TaggedError("DealNotFound")<{ readonly id: number }> {}

/**
 * The customer matches one of the business's customers, a house account or another protected
 * registration (409 customer-already-registered). The agent is told only `alreadyRegisteredMessage`.
 */
export class CustomerAlreadyRegistered extends Data.TaggedError("CustomerAlreadyRegistered")<{
  readonly message: string;
}> {}

/** The event does not apply in the deal's state or not from this party (409 deal-transition). */
export class DealTransitionRefused extends Data.TaggedError("DealTransitionRefused")<{
  readonly state: DealState;
  readonly event: string;
  readonly message: string;
}> {}

/** The event does not apply in the sale's state or not from this party (409 sale-transition). */
export class SaleTransitionRefused extends Data.TaggedError("SaleTransitionRefused")<{
  readonly state: SaleState;
  readonly event: string;
  readonly message: string;
}> {}

/** Fields that break the deal or sale rules (422), each with its message. */
export class InvalidDeal extends Data.TaggedError("InvalidDeal")<{
  readonly errors: readonly FieldProblem[];
}> {}

/** Another sale of the partnership already carries this external reference (409 sale-duplicate). */
export class SaleAlreadyRecorded extends Data.TaggedError("SaleAlreadyRecorded")<{
  readonly externalRef: string;
}> {}

export type DealError =
  | DealNotFound
  | CustomerAlreadyRegistered
  | DealTransitionRefused
  | SaleTransitionRefused
  | InvalidDeal
  | SaleAlreadyRecorded;
