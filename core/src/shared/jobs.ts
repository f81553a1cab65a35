/**
 * JobQueue port: work that runs in the background, after the request that asked for it
 * (ADR 0010). A job is a kind and a JSON payload; the adapter stores it in PostgreSQL and an
 * in-process worker runs it with retries. Enqueueing is one insert, the same cost whatever the
 * job will later find (forgot-password relies on that: spec §7, OWASP Forgot Password).
 */
import { Context, type Effect } from "effect";

/** The jobs this codebase runs, with their payloads. */
export interface JobPayloads {
  /** Look the email up; if it belongs to an account, issue a reset token and email the link. */
  readonly "password-reset-request": { readonly email: string };
  /** Build "Download my data" for the user and email them the link. */
  readonly "data-export": { readonly userId: number };
}
export type JobKind = keyof JobPayloads;

export class JobQueue extends Context.Tag("shared/JobQueue")<
  JobQueue,
  {
    /** Stores the job for the worker; resolves when it is durably queued. */
    readonly enqueue: <K extends JobKind>(kind: K, payload: JobPayloads[K]) => Effect.Effect<void>;
  }
>() {}
