/**
 * The contract between the shell and a remote (wl-squide style): each remote exposes
 * `./register`, whose default export returns its routes (relative to the remote's base
 * path, e.g. "dashboard" under /business) and its navigation items. Nothing else couples them.
 */

import type { IconName } from "@closr/ui";
import type { RouteObject } from "react-router";

/**
 * A live count the side menu shows after an item's label (no pill when 0):
 * "unread-messages" — unread messages addressed to the caller;
 * "active-partnerships" — the caller's active partnerships: the same figure as the dashboard's
 *   Active Agents / Current Partnerships tile (`counts.active` of the partnerships list).
 */
export type NavBadge = "unread-messages" | "active-partnerships";

/** One side-menu link; `badge` names the live count it shows (SideMenuLayout fetches it). */
export type NavItem = { to: string; label: string; icon: IconName; badge?: NavBadge };

export type RemoteModule = {
  /** Routes mounted under `basePath`; a catch-all is added by the shell for 404s. */
  routes: RouteObject[];
  /** The remote's own menu (its dashboard side menu). */
  navItems: NavItem[];
};

export type RegisterContext = { basePath: string };

export type RegisterRemote = (context: RegisterContext) => RemoteModule;
