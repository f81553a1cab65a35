/** Verification tagged errors (mapped to problems in services/api/src/http/problem.ts). */

import { Data } from "effect";
import type { UserType } from "../identity/index.ts";
import type { VerificationRequestId } from "../shared/ids.ts";
import type { VerificationRequestStatus } from "./model.ts";

/** No such request, or not the caller's (404: ids reveal nothing). Also used for documents. */
export class VerificationRequestNotFound extends Data.TaggedError("VerificationRequestNotFound")<{
  readonly id: VerificationRequestId;
}> {}

/** The event is not allowed from the request's status (409). */
export class VerificationTransitionNotAllowed extends Data.TaggedError("VerificationTransitionNotAllowed")<{
  readonly from: VerificationRequestStatus;
  readonly event: VerificationEventType;
  readonly reason: string;
}> {}

/** The user already has a request being handled (409; one open request per user). */
export class VerificationAlreadyOpen extends Data.TaggedError("VerificationAlreadyOpen")<{
  readonly status: VerificationRequestStatus;
}> {}

/** The user is already verified (409). */
export class AlreadyVerified extends Data.TaggedError("AlreadyVerified")<Record<never, never>> {}

/** The applicant asked for the other type's verification (403; spec §6 wording). */
export class WrongVerificationType extends Data.TaggedError("WrongVerificationType")<{
  readonly requested: UserType;
  readonly actual: UserType;
}> {}

/** Only staff (role admin) may review (403). */
export class NotStaff extends Data.TaggedError("NotStaff")<Record<never, never>> {}

/**
 * A staff member acted on their own request (403): an applicant never reviews, approves, rejects
 * or sends back their own verification; another staff member must.
 */
export class OwnVerificationRequest extends Data.TaggedError("OwnVerificationRequest")<{
  readonly id: VerificationRequestId;
}> {}

/** Fields that break §5's rules (422), each with its message. */
export class InvalidVerificationRequest extends Data.TaggedError("InvalidVerificationRequest")<{
  readonly errors: ReadonlyArray<{ readonly field: string; readonly message: string }>;
}> {}

/** A document whose sniffed type the field does not accept (415). */
export class UnsupportedDocumentType extends Data.TaggedError("UnsupportedDocumentType")<{
  readonly field: string;
  readonly message: string;
}> {}

/** A document over 10 MB (413). */
export class DocumentTooLarge extends Data.TaggedError("DocumentTooLarge")<{
  readonly field: string;
  readonly message: string;
}> {}

export type VerificationEventType = "start_review" | "approve" | "reject" | "request_changes" | "resubmit";

/** Every tagged error the verification context can fail with. */
export type VerificationError =
  | VerificationRequestNotFound
  | VerificationTransitionNotAllowed
  | VerificationAlreadyOpen
  | AlreadyVerified
  | WrongVerificationType
  | NotStaff
  | OwnVerificationRequest
  | InvalidVerificationRequest
  | UnsupportedDocumentType
  | DocumentTooLarge;

/** The ABN registry could not be asked (network, bad GUID). Never reaches HTTP: the lookup is left empty. */
export class AbnRegistryUnavailable extends Data.TaggedError("AbnRegistryUnavailable")<{
  readonly message: string;
}> {}
