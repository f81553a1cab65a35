/** Operations errors (issue 21, admin queue view). Staff-only checks use content's AdminOnly (403). */
import { Data } from "effect";

/** No job has this id (or it was cleaned up). */
export class JobNotFound extends Data.TaggedError("JobNotFound")<{ readonly id: string }> {}

/** Only a failed job can be retried by staff; the others are still on their way. */
export class JobNotRetryable extends Data.TaggedError("JobNotRetryable")<{
  readonly id: string;
  readonly state: string;
}> {}

export type OperationsError = JobNotFound | JobNotRetryable;
