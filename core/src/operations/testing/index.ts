/**
 * In-memory JobAdministration for unit tests: `jobs` is the queue; `retry` puts a failed job back
 * to queued with its attempts reset (false for any other state), as the adapters do.
 */
import { Effect, Layer, Option } from "effect";
import type { JobView } from "../model.ts";
import { JobAdministration } from "../ports.ts";

/** A job (object mother): a failed send-email after 5 attempts. */
export const aJob = (overrides: Partial<JobView> = {}): JobView => ({
  id: "job-1",
  kind: "send-email",
  state: "failed",
  attempts: 5,
  lastError: "SMTP 421",
  createdAt: new Date("2026-11-27T00:00:00Z"),
  runAt: null,
  finishedAt: new Date("2026-11-27T00:05:00Z"),
  ...overrides,
});

export function makeJobAdministrationMemory(initial: readonly JobView[] = []) {
  const jobs = [...initial];
  const layer = Layer.succeed(JobAdministration, {
    list: (filter) =>
      Effect.sync(() => {
        const items = jobs
          .filter((job) => (filter.kind ? job.kind === filter.kind : true))
          .filter((job) => (filter.state ? job.state === filter.state : true))
          .slice(0, filter.limit);
        const counts = new Map<string, { kind: string; state: JobView["state"]; count: number }>();
        for (const job of jobs) {
          const key = `${job.kind}/${job.state}`;
          const count = counts.get(key) ?? { kind: job.kind, state: job.state, count: 0 };
          counts.set(key, { ...count, count: count.count + 1 });
        }
        return { counts: [...counts.values()], items };
      }),
    find: (id) => Effect.sync(() => Option.fromNullable(jobs.find((job) => job.id === id))),
    retry: (id) =>
      Effect.sync(() => {
        const index = jobs.findIndex((job) => job.id === id && job.state === "failed");
        if (index < 0) return false;
        jobs[index] = { ...(jobs[index] as JobView), state: "queued", attempts: 0, lastError: null };
        return true;
      }),
  });
  return { layer, jobs };
}
