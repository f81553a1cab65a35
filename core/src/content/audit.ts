/**
 * Every admin write of the content context goes through here into the shared audit log (who,
 * what, when, before/after; core/src/shared/audit.ts). Actions are dotted and past tense.
 */
import { Effect } from "effect";
import type { User } from "../identity/index.ts";
import { AuditLog } from "../shared/audit.ts";

/** Records one admin action; `before`/`after` are JSON snapshots (null for create/delete). */
export const recordAdminAction = (
  actor: User,
  action: string,
  subjectType: string,
  subjectId: number,
  before: unknown,
  after: unknown,
) =>
  Effect.flatMap(AuditLog, (log) =>
    log.record({ actorUserId: actor.id, action, subjectType, subjectId: String(subjectId), before, after }),
  );
