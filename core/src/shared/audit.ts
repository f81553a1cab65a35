/**
 * AuditLog port: every write a member of staff makes (refunds, moderation, content, user
 * suspension, verification decisions, …) is recorded as who, what, when, and the object's state
 * before and after. Contexts only call `record`; the admin app reads the log through its own
 * read port. The adapter stores entries in PostgreSQL (`audit_log`, append-only).
 */
import { Context, type Effect } from "effect";
import type { UserId } from "./ids.ts";

/** One staff action. `before`/`after` are JSON-serialisable snapshots (null when absent). */
export interface AuditEntry {
  /** The staff member who acted. */
  readonly actorUserId: UserId;
  /** What was done, dotted and past tense by convention: "payment.refunded", "user.suspended". */
  readonly action: string;
  /** The kind of object acted on: "payment", "user", "review", "content", … */
  readonly subjectType: string;
  /** The object's id as text (ids of every kind fit). */
  readonly subjectId: string;
  readonly before?: unknown;
  readonly after?: unknown;
}

export class AuditLog extends Context.Tag("shared/AuditLog")<
  AuditLog,
  {
    /** Appends the entry; resolves when it is stored. */
    readonly record: (entry: AuditEntry) => Effect.Effect<void>;
  }
>() {}
