/** Agreement tagged errors (mapped to problems in services/api/src/http/problem.ts). */
import { Data } from "effect";
import type { AgreementStage } from "./model.ts";

/** No agreement on this partnership, or the caller is not a party (nor staff) (404: ids reveal nothing). */
export class AgreementNotFound extends Data.TaggedError("AgreementNotFound")<{
  readonly partnershipId: number;
}> {}

export type AgreementEventType = "edit" | "propose" | "counter" | "sign" | "amend" | "end";

/** The event is not allowed from the agreement's stage, or not for this party (409). */
export class AgreementTransitionNotAllowed extends Data.TaggedError("AgreementTransitionNotAllowed")<{
  readonly from: AgreementStage;
  readonly event: AgreementEventType;
  readonly reason: string;
}> {}

/** Terms that break the rules (422, one entry per field at fault). */
export class InvalidAgreementTerms extends Data.TaggedError("InvalidAgreementTerms")<{
  readonly errors: ReadonlyArray<{ readonly field: string; readonly message: string }>;
}> {}

/** The signer's password did not match (422 on `password`). */
export class SignaturePasswordIncorrect extends Data.TaggedError("SignaturePasswordIncorrect")<{
  readonly field: "password";
}> {}

/** Custom contract templates need the Enterprise plan (spec §9) (403). */
export class CustomTemplatesNotIncluded extends Data.TaggedError("CustomTemplatesNotIncluded")<{
  readonly feature: string;
}> {}

/** Every tagged error the agreement context fails with. */
export type AgreementError =
  | AgreementNotFound
  | AgreementTransitionNotAllowed
  | InvalidAgreementTerms
  | SignaturePasswordIncorrect
  | CustomTemplatesNotIncluded;
