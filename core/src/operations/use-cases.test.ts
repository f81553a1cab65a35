import { Effect, Either, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { aUser } from "../identity/testing/index.ts";
import type { AuditLog } from "../shared/audit.ts";
import { makeAuditLogMemory } from "../shared/testing.ts";
import type { JobView } from "./model.ts";
import type { JobAdministration } from "./ports.ts";
import { aJob, makeJobAdministrationMemory } from "./testing/index.ts";
import { listJobs, retryJob } from "./use-cases.ts";

const staff = aUser(1, "business", { role: "admin" });
const member = aUser(2, "agent");

const world = (jobs: readonly JobView[] = [aJob()]) => {
  const queue = makeJobAdministrationMemory(jobs);
  const audit = makeAuditLogMemory();
  const run = <A, E>(effect: Effect.Effect<A, E, JobAdministration | AuditLog>) =>
    Effect.runPromise(Effect.either(Effect.provide(effect, Layer.merge(queue.layer, audit.layer))));
  return { queue, audit, run };
};

describe("operations use cases", () => {
  it("staff list the queue with the limit clamped to 1..200; members get AdminOnly", async () => {
    const { run } = world([aJob(), aJob({ id: "job-2", state: "done" })]);
    const listed = Either.getOrThrow(await run(listJobs(staff, { state: "failed", limit: 0 })));
    expect(listed.items.map((job) => job.id)).toEqual(["job-1"]);
    expect(listed.counts).toHaveLength(2);
    const refused = await run(listJobs(member, { limit: 50 }));
    expect(Either.isLeft(refused) && refused.left).toMatchObject({
      _tag: "AdminOnly",
      action: "see the job queue",
    });
  });

  it("retries a failed job and audit-logs the states before and after", async () => {
    const { run, audit } = world();
    const after = Either.getOrThrow(await run(retryJob(staff, "job-1")));
    expect(after).toMatchObject({ state: "queued", attempts: 0 });
    expect(audit.entries).toEqual([
      expect.objectContaining({
        actorUserId: 1,
        action: "job.retried",
        subjectId: "job-1",
        before: { kind: "send-email", state: "failed", attempts: 5, lastError: "SMTP 421" },
        after: { kind: "send-email", state: "queued" },
      }),
    ]);
  });

  it("JobNotFound for an unknown id, JobNotRetryable for a job that is not failed, AdminOnly for members", async () => {
    const { run, audit } = world([aJob({ id: "job-3", state: "running" })]);
    const missing = await run(retryJob(staff, "nope"));
    expect(Either.isLeft(missing) && missing.left).toMatchObject({ _tag: "JobNotFound", id: "nope" });
    const running = await run(retryJob(staff, "job-3"));
    expect(Either.isLeft(running) && running.left).toMatchObject({
      _tag: "JobNotRetryable",
      state: "running",
    });
    const refused = await run(retryJob(member, "job-3"));
    expect(Either.isLeft(refused) && refused.left._tag).toBe("AdminOnly");
    expect(audit.entries).toEqual([]);
  });
});
