/**
 * Operations handlers (issue 21): the admin queue view — GET /api/admin/jobs and
 * POST /api/admin/jobs/{id}/retry (staff only, 403 otherwise; the retry is audit-logged).
 */
import { operationsRoutes } from "@closr/contracts";
import { type JobView, listJobs, retryJob } from "@closr/core/operations";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";

const jobJson = (job: JobView) => ({
  id: job.id,
  kind: job.kind,
  state: job.state,
  attempts: job.attempts,
  lastError: job.lastError,
  createdAt: job.createdAt.toISOString(),
  runAt: job.runAt?.toISOString() ?? null,
  finishedAt: job.finishedAt?.toISOString() ?? null,
});

export function registerOperationsRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(signedIn(operationsRoutes.listQueueJobs), async (c) => {
    const query = c.req.valid("query");
    return runUseCase(
      runtime,
      c,
      listJobs(c.get("user"), {
        kind: query.kind || undefined,
        state: query.state,
        limit: query.limit ?? 50,
      }),
      (list) => c.json({ counts: [...list.counts], items: list.items.map(jobJson) }, 200),
    );
  });

  app.openapi(signedIn(operationsRoutes.retryQueueJob), async (c) =>
    runUseCase(runtime, c, retryJob(c.get("user"), c.req.valid("param").id), (job) =>
      c.json(jobJson(job), 200),
    ),
  );
}
