/** Identity's tagged errors. The service maps each to a problem type (services/api/src/problems.ts). */
import { Data } from "effect";

/**
 * The storage-level clash of two accounts on one email (the unique index). No operation answers
 * it (issue 48: no account enumeration): core turns it into InvalidToken on email change.
 */
export class EmailTaken extends Data.TaggedError("EmailTaken")<{ readonly email: string }> {}

/** The username is already taken, compared case-insensitively (409, field username). */
export class UsernameTaken extends Data.TaggedError("UsernameTaken")<{ readonly username: string }> {}

/** Unknown user or wrong password; deliberately the same error for both (401). */
export class InvalidCredentials extends Data.TaggedError("InvalidCredentials")<Record<never, never>> {}

/** No valid session for the presented token (401). */
export class Unauthenticated extends Data.TaggedError("Unauthenticated")<Record<never, never>> {}

/** No user with that username (CLI). */
export class UserNotFound extends Data.TaggedError("UserNotFound")<{ readonly username: string }> {}

/** A reset, verification or email-change link that is unknown, used or expired (spec §8 invalid-link state). */
export class InvalidToken extends Data.TaggedError("InvalidToken")<{
  readonly purpose: "reset" | "verify-email" | "change-email" | "export";
}> {}

/** The current password given for a sensitive change is wrong (422 on the field). */
export class WrongPassword extends Data.TaggedError("WrongPassword")<{ readonly field: string }> {}

/** A verification email was sent less than the cooldown ago (429). */
export class VerificationEmailCooldown extends Data.TaggedError("VerificationEmailCooldown")<{
  readonly retryAfterSeconds: number;
}> {}

/** The email is already verified; nothing to resend (409). */
export class EmailAlreadyVerified extends Data.TaggedError("EmailAlreadyVerified")<Record<never, never>> {}

/**
 * The action needs a verified email (issue 15: verification requests and paying out);
 * problem code `email-not-verified` (403). Raised by `requireVerifiedEmail`.
 */
export class EmailNotVerified extends Data.TaggedError("EmailNotVerified")<{ readonly action: string }> {}

/** Every tagged error identity's use cases fail with (the service maps each to a problem). */
export type IdentityError =
  | UsernameTaken
  | InvalidCredentials
  | Unauthenticated
  | UserNotFound
  | InvalidToken
  | WrongPassword
  | VerificationEmailCooldown
  | EmailAlreadyVerified
  | EmailNotVerified;
