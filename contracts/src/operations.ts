/**
 * Operations schemas (issue 21): the staff view of the background job queue — counts by kind
 * and state, the newest jobs with their last error, and the retry of a failed job.
 */
import { z } from "@hono/zod-openapi";

export const JobState = z.enum(["queued", "running", "retried", "failed", "done"]).openapi("JobState", {
  description:
    "queued: waiting for its first attempt; running; retried: an attempt failed, the next waits (back-off); failed: attempts used up (staff may retry); done (listed for 24 hours).",
});

export const QueueJob = z
  .object({
    id: z
      .string()
      .openapi({ description: "`t-<n>` (in-process queue) or a pg-boss job uuid.", example: "t-42" }),
    kind: z.string().openapi({ example: "send-email" }),
    state: JobState,
    attempts: z.number().int().openapi({ description: "Attempts made so far." }),
    lastError: z.string().nullable().openapi({ description: "The last failed attempt's error message." }),
    createdAt: z.string().openapi({ format: "date-time" }),
    runAt: z
      .string()
      .nullable()
      .openapi({ format: "date-time", description: "When it may run next (queued, retried)." }),
    finishedAt: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("QueueJob");

export const QueueJobCount = z
  .object({ kind: z.string(), state: JobState, count: z.number().int() })
  .openapi("QueueJobCount");

export const QueueJobList = z
  .object({
    counts: z.array(QueueJobCount).openapi({ description: "By kind and state (done: last 24 hours)." }),
    items: z.array(QueueJob).openapi({ description: "The newest jobs matching the filter." }),
  })
  .openapi("QueueJobList");

export const QueueJobQuery = z.object({
  kind: z
    .string()
    .max(100, { error: "Kind must be at most 100 characters" })
    .regex(/^[a-z0-9-]*$/, { error: "Kind is a job kind such as send-email" })
    .optional()
    .openapi({ example: "send-email" }),
  state: JobState.optional(),
  limit: z.coerce
    .number({ error: "Limit must be a whole number from 1 to 200" })
    .int({ error: "Limit must be a whole number from 1 to 200" })
    .min(1, { error: "Limit must be a whole number from 1 to 200" })
    .max(200, { error: "Limit must be a whole number from 1 to 200" })
    .optional(),
});

export const QueueJobParams = z.object({
  id: z
    .string()
    .max(64, { error: "Unknown job id" })
    .regex(/^(t-\d{1,15}|[0-9a-fA-F-]{36})$/, { error: "Unknown job id" })
    .openapi({ param: { name: "id", in: "path" }, example: "t-42" }),
});
