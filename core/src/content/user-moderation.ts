/** Admin user moderation (issue 16): list, suspend (ends every session), grant or revoke the admin role, the dashboard counts and the audit log. */
import { Effect, Option } from "effect";
import type { User, UserRole } from "../identity/index.ts";
import { AccountRepository } from "../identity/index.ts";
import { Clock } from "../shared/clock.ts";
import type { UserId } from "../shared/ids.ts";
import type { SearchPaging } from "../shared/paging.ts";
import { requireAdmin } from "./admin-access.ts";
import { recordAdminAction } from "./audit.ts";
import { CannotChangeOwnAccount, ManagedUserNotFound } from "./errors.ts";
import { type AuditQuery, AuditTrail, ContentRepository, UserAdministration } from "./ports.ts";

/** Admin: users, newest first, searchable by username or email. */
export const listUsers = Effect.fn("content.listUsers")(function* (user: User, query: SearchPaging) {
  yield* requireAdmin(user, "manage users");
  return yield* (yield* UserAdministration).list(query);
});

/**
 * Admin: suspends (the user can no longer log in, and every session of theirs ends through the
 * password-reset revocation path, AccountRepository.endSessions) or unsuspends a user.
 */
export const setUserSuspended = Effect.fn("content.setUserSuspended")(function* (
  user: User,
  id: UserId,
  suspended: boolean,
) {
  yield* requireAdmin(user, "manage users");
  if (id === user.id) return yield* new CannotChangeOwnAccount({ action: "suspend" });
  const users = yield* UserAdministration;
  const before = yield* users.findById(id);
  if (Option.isNone(before)) return yield* new ManagedUserNotFound({ id });
  const now = yield* (yield* Clock).now;
  const after = yield* users.setSuspended(id, suspended ? (before.value.suspendedAt ?? now) : null);
  if (Option.isNone(after)) return yield* new ManagedUserNotFound({ id });
  const ended = suspended ? yield* (yield* AccountRepository).endSessions(id) : 0;
  yield* recordAdminAction(
    user,
    suspended ? "user.suspended" : "user.unsuspended",
    "user",
    id,
    { suspendedAt: before.value.suspendedAt?.toISOString() ?? null },
    { suspendedAt: after.value.suspendedAt?.toISOString() ?? null, sessionsEnded: ended },
  );
  return after.value;
});

/** Admin: grants or revokes the admin role (not one's own). */
export const setUserRole = Effect.fn("content.setUserRole")(function* (
  user: User,
  id: UserId,
  role: UserRole,
) {
  yield* requireAdmin(user, "manage users");
  if (id === user.id) return yield* new CannotChangeOwnAccount({ action: "change the role of" });
  const users = yield* UserAdministration;
  const before = yield* users.findById(id);
  if (Option.isNone(before)) return yield* new ManagedUserNotFound({ id });
  const after = yield* users.setRole(id, role);
  if (Option.isNone(after)) return yield* new ManagedUserNotFound({ id });
  yield* recordAdminAction(
    user,
    role === "admin" ? "user.admin-granted" : "user.admin-revoked",
    "user",
    id,
    { role: before.value.role },
    { role: after.value.role },
  );
  return after.value;
});

/** Admin: the dashboard's live counts. */
export const adminStats = Effect.fn("content.adminStats")(function* (user: User) {
  yield* requireAdmin(user, "see the admin dashboard");
  const content = yield* (yield* ContentRepository).countByType();
  const other = yield* (yield* UserAdministration).stats();
  return { content, ...other };
});

/** Admin: the audit log, newest first, filtered by action, subject or actor. */
export const listAuditLog = Effect.fn("content.listAuditLog")(function* (user: User, query: AuditQuery) {
  yield* requireAdmin(user, "read the audit log");
  return yield* (yield* AuditTrail).list(query);
});
