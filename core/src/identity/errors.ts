/** Identity's tagged errors. The service maps each to a problem type (services/api/src/problems.ts). */
import { Data } from "effect";

/** The email is already registered (409, field email). */
export class EmailTaken extends Data.TaggedError("EmailTaken")<{ readonly email: string }> {}

/** The username is already taken, compared case-insensitively (409, field username). */
export class UsernameTaken extends Data.TaggedError("UsernameTaken")<{ readonly username: string }> {}

/** Unknown user or wrong password; deliberately the same error for both (401). */
export class InvalidCredentials extends Data.TaggedError("InvalidCredentials")<Record<never, never>> {}

/** No valid session for the presented token (401). */
export class Unauthenticated extends Data.TaggedError("Unauthenticated")<Record<never, never>> {}

/** No user with that username (CLI). */
export class UserNotFound extends Data.TaggedError("UserNotFound")<{ readonly username: string }> {}

/** Every tagged error identity's use cases fail with (the service maps each to a problem). */
export type IdentityError = EmailTaken | UsernameTaken | InvalidCredentials | Unauthenticated | UserNotFound;
