/** Dispute tagged errors (mapped to problems in services/api/src/http/problem.ts). */
import { Data } from "effect";
import type { DisputeState } from "./model.ts";

/** No such dispute, evidence or invoice visible to the caller (404: ids reveal nothing). */
export class DisputeNotFound extends Data.TaggedError("DisputeNotFound")<{ readonly id: number }> {}

/** The invoice already has a dispute that is not resolved or withdrawn (409). */
export class DisputeAlreadyOpen extends Data.TaggedError("DisputeAlreadyOpen")<{
  readonly invoiceId: number;
  readonly disputeId: number;
}> {}

/** The event does not apply in the dispute's state, or not from this caller (409, with why). */
export class DisputeTransitionRefused extends Data.TaggedError("DisputeTransitionRefused")<{
  readonly state: DisputeState;
  readonly event: string;
  readonly message: string;
}> {}

/** Fields that break the dispute rules (422), each with its message. */
export class InvalidDispute extends Data.TaggedError("InvalidDispute")<{
  readonly errors: ReadonlyArray<{ readonly field: string; readonly message: string }>;
}> {}

/** Only staff (role admin) mediate (403). */
export class NotMediator extends Data.TaggedError("NotMediator")<Record<never, never>> {}

/** Every tagged error the dispute context fails with. */
export type DisputeError =
  | DisputeNotFound
  | DisputeAlreadyOpen
  | DisputeTransitionRefused
  | InvalidDispute
  | NotMediator;
