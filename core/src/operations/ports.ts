/** Operations ports (issue 21): the staff view of the job queue. */
import { Context, type Effect, type Option } from "effect";
import type { JobFilter, JobList, JobView } from "./model.ts";

export class JobAdministration extends Context.Tag("operations/JobAdministration")<
  JobAdministration,
  {
    /** Counts by kind and state, and the newest jobs matching `filter`. */
    readonly list: (filter: JobFilter) => Effect.Effect<JobList>;
    readonly find: (id: string) => Effect.Effect<Option.Option<JobView>>;
    /** Queues a failed job again (attempts start over); false when it is no longer failed. */
    readonly retry: (id: string) => Effect.Effect<boolean>;
  }
>() {}
