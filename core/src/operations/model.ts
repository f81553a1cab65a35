/**
 * The background job queue as staff see it (issue 21, admin queue view): jobs by kind and state,
 * with the last error, and a retry of failed ones. Both queue engines (pg-boss on PostgreSQL,
 * the in-process `jobs` table) are shown as one list.
 */

/**
 * A job's state as shown to staff: `queued` (waiting for its first attempt), `running`,
 * `retried` (an attempt failed; waiting for the next, with back-off), `failed` (attempts used up;
 * staff may retry it), `done`.
 */
export const jobStates = ["queued", "running", "retried", "failed", "done"] as const;
export type JobState = (typeof jobStates)[number];

/** Done jobs are listed for this long (ms): "done recently". Older ones are only counted out. */
export const DONE_RECENTLY_MS = 24 * 60 * 60 * 1000;

export interface JobView {
  /** `t-<n>` for a `jobs` row, the pg-boss job's uuid otherwise. */
  readonly id: string;
  readonly kind: string;
  readonly state: JobState;
  /** Attempts made so far. */
  readonly attempts: number;
  /** The last failed attempt's error message; null when none failed. */
  readonly lastError: string | null;
  readonly createdAt: Date;
  /** When it may run next (queued, retried), null otherwise. */
  readonly runAt: Date | null;
  /** When it finished (done, failed), null otherwise. */
  readonly finishedAt: Date | null;
}

export interface JobCount {
  readonly kind: string;
  readonly state: JobState;
  readonly count: number;
}

export interface JobFilter {
  readonly kind?: string | undefined;
  readonly state?: JobState | undefined;
  /** At most this many jobs, newest first (1..200). */
  readonly limit: number;
}

export interface JobList {
  /** Counts by kind and state (done: within DONE_RECENTLY_MS). */
  readonly counts: readonly JobCount[];
  readonly items: readonly JobView[];
}
