/** Opportunity tagged errors (mapped to problems in services/api/src/http/problem.ts). */
import { Data } from "effect";
import type { PlanId } from "../subscription/index.ts";
import type { ApplicationStatus, InvitationStatus, OpportunityStatus } from "./model.ts";

/** No such opportunity, or not one the caller may see (404: ids reveal nothing). */
export class OpportunityNotFound extends Data.TaggedError("OpportunityNotFound")<{
  readonly id: number | string;
}> {}

/** No such application, or the caller is neither its agent nor the opportunity's business (404). */
export class ApplicationNotFound extends Data.TaggedError("ApplicationNotFound")<{ readonly id: number }> {}

/** No such invitation for the caller (404). */
export class InvitationNotFound extends Data.TaggedError("InvitationNotFound")<{ readonly id: number }> {}

/** The opportunity machine refused the event from its state (409). */
export class OpportunityTransitionNotAllowed extends Data.TaggedError("OpportunityTransitionNotAllowed")<{
  readonly from: OpportunityStatus;
  readonly event: string;
  readonly reason: string;
}> {}

/** The application or invitation machine refused the event from its state (409). */
export class ApplicationTransitionNotAllowed extends Data.TaggedError("ApplicationTransitionNotAllowed")<{
  readonly from: ApplicationStatus | InvitationStatus;
  readonly event: string;
  readonly reason: string;
}> {}

/** The agent already has an open application to this opportunity (409). */
export class ApplicationAlreadyOpen extends Data.TaggedError("ApplicationAlreadyOpen")<{
  readonly applicationId: number;
}> {}

/** The business's plan allows no more published opportunities at once (409; upgrade at /pricing). */
export class OpportunityLimitReached extends Data.TaggedError("OpportunityLimitReached")<{
  readonly plan: PlanId;
  readonly limit: number;
}> {}

/** A body that failed validation (422), one entry per field. */
export class InvalidOpportunity extends Data.TaggedError("InvalidOpportunity")<{
  readonly errors: readonly { readonly field: string; readonly message: string }[];
}> {}

export type OpportunityError =
  | OpportunityNotFound
  | ApplicationNotFound
  | InvitationNotFound
  | OpportunityTransitionNotAllowed
  | ApplicationTransitionNotAllowed
  | ApplicationAlreadyOpen
  | OpportunityLimitReached
  | InvalidOpportunity;
