/**
 * Admin: grants a user API access (issue 20: "until Enterprise covers it, any account with the
 * admin's grant"), as `pnpm api:grant <username>` does; idempotent, recorded in the audit log.
 * Fails AdminOnly (403) for non-admins, ManagedUserNotFound (404) for an unknown id. Lives with
 * the API keys it grants; the admin rule and the audit record are the content context's.
 */
import { Effect, Option } from "effect";
import {
  ManagedUserNotFound,
  recordAdminAction,
  requireAdmin,
  UserAdministration,
} from "../content/index.ts";
import type { User } from "../identity/index.ts";
import type { UserId } from "../shared/ids.ts";
import { ApiKeyRepository } from "./ports.ts";

export const grantUserApiAccess = Effect.fn("integrations.grantUserApiAccess")(function* (
  user: User,
  id: UserId,
) {
  yield* requireAdmin(user, "manage users");
  const users = yield* UserAdministration;
  const target = yield* users.findById(id);
  if (Option.isNone(target)) return yield* new ManagedUserNotFound({ id });
  const keys = yield* ApiKeyRepository;
  const before = yield* keys.hasGrant(id);
  yield* keys.grant(id);
  if (!before)
    yield* recordAdminAction(
      user,
      "user.api-access-granted",
      "user",
      id,
      { apiAccess: false },
      { apiAccess: true },
    );
  return target.value;
});
