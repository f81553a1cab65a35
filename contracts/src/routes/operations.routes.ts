/**
 * Operations routes (issue 21): the admin queue view. Staff only: anyone else signed in gets
 * 403 forbidden, signed out 401.
 */
import { createRoute } from "@hono/zod-openapi";
import { QueueJob, QueueJobList, QueueJobParams, QueueJobQuery } from "../operations.ts";
import { json, signedInProblems } from "./route-helpers.ts";

export const listQueueJobs = createRoute({
  method: "get",
  path: "/api/admin/jobs",
  operationId: "listQueueJobs",
  tags: ["operations"],
  summary: "Admin: background jobs by kind and state, newest first",
  description:
    "Counts of the job queue by kind and state (queued, running, retried, failed, and done in the last 24 hours) and the newest jobs matching `kind` and `state` (at most `limit`, default 50), each with its last error. Both queue engines (pg-boss and the in-process table queue) are shown as one list.",
  security: [{ session: [] }],
  request: { query: QueueJobQuery },
  responses: {
    200: json(QueueJobList, "Counts and the newest jobs"),
    ...signedInProblems("forbidden", "validation-failed"),
  },
});

export const retryQueueJob = createRoute({
  method: "post",
  path: "/api/admin/jobs/{id}/retry",
  operationId: "retryQueueJob",
  tags: ["operations"],
  summary: "Admin: run a failed job again",
  description:
    "Queues a failed job again with its attempts starting over; the action is recorded in the audit log (job.retried). Only failed jobs can be retried (409 job-not-retryable); an unknown id is 404.",
  security: [{ session: [] }],
  request: { params: QueueJobParams },
  responses: {
    200: json(QueueJob, "The job, queued again"),
    ...signedInProblems(
      "forbidden",
      "not-found",
      "job-not-retryable",
      "origin-rejected",
      "validation-failed",
    ),
  },
});
