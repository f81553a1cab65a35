/**
 * Operations use cases (issue 21): staff list the job queue and retry a failed job. Anyone
 * else → AdminOnly (403). A retry is audit-logged (who, which job, state before and after).
 */
import { Effect, Option } from "effect";
import { AdminOnly } from "../content/index.ts";
import type { User } from "../identity/index.ts";
import { AuditLog } from "../shared/audit.ts";
import { JobNotFound, JobNotRetryable } from "./errors.ts";
import type { JobFilter } from "./model.ts";
import { JobAdministration } from "./ports.ts";

const requireStaff = (user: User, action: string) =>
  user.role === "admin" ? Effect.void : Effect.fail(new AdminOnly({ action }));

/** Staff: counts by kind and state and the newest jobs (limit clamped to 1..200). */
export const listJobs = Effect.fn("operations.listJobs")(function* (user: User, filter: JobFilter) {
  yield* requireStaff(user, "see the job queue");
  return yield* (yield* JobAdministration).list({
    ...filter,
    limit: Math.min(Math.max(Math.floor(filter.limit) || 50, 1), 200),
  });
});

/**
 * Staff: runs a failed job again. JobNotFound (404) for an unknown id, JobNotRetryable (409)
 * when it is not failed (queued, running, retried and done jobs are left alone).
 */
export const retryJob = Effect.fn("operations.retryJob")(function* (user: User, id: string) {
  yield* requireStaff(user, "retry jobs");
  const jobs = yield* JobAdministration;
  const found = yield* jobs.find(id);
  if (Option.isNone(found)) return yield* new JobNotFound({ id });
  const before = found.value;
  if (before.state !== "failed") return yield* new JobNotRetryable({ id, state: before.state });
  if (!(yield* jobs.retry(id))) return yield* new JobNotRetryable({ id, state: "changed" });
  const after = Option.getOrElse(yield* jobs.find(id), () => before);
  yield* (yield* AuditLog).record({
    actorUserId: user.id,
    action: "job.retried",
    subjectType: "job",
    subjectId: id,
    before: {
      kind: before.kind,
      state: before.state,
      attempts: before.attempts,
      lastError: before.lastError,
    },
    after: { kind: after.kind, state: after.state },
  });
  return after;
});
