/**
 * The content context's admin rule: admins (role admin) manage the site, and every admin write
 * is recorded in the audit log (audit.ts). The route guard answers first; this is the rule.
 */
import { Effect } from "effect";
import type { User } from "../identity/index.ts";
import { AdminOnly } from "./errors.ts";

/** Admins (role admin) manage the site; the route guard answers first, this is the rule. */
export const isAdmin = (user: User | null | undefined): user is User => user?.role === "admin";

/** AdminOnly (403) unless the caller is an admin; `action` completes "… to <action>". */
export const requireAdmin = (user: User | null | undefined, action: string) =>
  isAdmin(user) ? Effect.void : Effect.fail(new AdminOnly({ action }));
