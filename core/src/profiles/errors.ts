/** Profiles' tagged errors (mapped to problems in services/api/src/http/problem.ts). */
import { Data } from "effect";

export type ProfileKind = "business" | "agent";

/** The caller already has a profile of this kind (409). */
export class ProfileAlreadyExists extends Data.TaggedError("ProfileAlreadyExists")<{
  readonly kind: ProfileKind;
}> {}

/** No such profile, or not the caller's to change (404: ids reveal nothing). */
export class ProfileNotFound extends Data.TaggedError("ProfileNotFound")<{ readonly kind: ProfileKind }> {}

/** The caller's account type cannot do this (403), e.g. an agent creating a business profile. */
export class WrongAccountType extends Data.TaggedError("WrongAccountType")<{
  readonly required: ProfileKind;
  readonly action: string;
}> {}

/** Skills outside the catalogue, repeated, or more than 10 (422 on field skills). */
export class InvalidSkills extends Data.TaggedError("InvalidSkills")<{ readonly message: string }> {}

/** Every tagged error the profiles context fails with (the service maps each to a problem). */
export type ProfileError = ProfileAlreadyExists | ProfileNotFound | WrongAccountType | InvalidSkills;
