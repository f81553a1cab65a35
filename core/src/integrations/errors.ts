/** Integrations' tagged errors (issue 20). */
import { Data } from "effect";

/** The account has no API access: not on Enterprise and not granted by an administrator. */
export class ApiAccessRequired extends Data.TaggedError("ApiAccessRequired")<Record<never, never>> {}

/** No such API key among the caller's (or it belongs to someone else). */
export class ApiKeyNotFound extends Data.TaggedError("ApiKeyNotFound")<{ readonly id: number }> {}

/** The account already has the maximum number of active keys. */
export class ApiKeyLimitReached extends Data.TaggedError("ApiKeyLimitReached")<{ readonly limit: number }> {}

export type IntegrationsError = ApiAccessRequired | ApiKeyNotFound | ApiKeyLimitReached;
