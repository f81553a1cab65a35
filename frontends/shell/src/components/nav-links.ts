/** The navigation of spec §2.2, by page and by user type. */

import type { NavItem } from "@closr/client";
import type { ApiUser } from "@closr/contracts/client";
import type { SiteLink } from "@closr/contracts/site/ui";
import { partyAreas, partyNavItems } from "@closr/partner-kit/nav";
import type { IconName } from "@closr/ui";

export type NavLinkItem = SiteLink;

/** The signed-out links and the landing page's anchors (spec §2.1, §2.2). */
export { landingAnchors, publicLinks } from "@closr/contracts/site/ui";

/** The bottom bar's short label for the partners page (spec §2.2); the rest comes from `partyAreas`. */
const partnersTab: Record<ApiUser["userType"], string> = { business: "Agents", agent: "Partners" };

/** Links a signed-in user adds: their role's pages, Messages, and Admin for admins. */
export function userLinks(user: ApiUser): NavLinkItem[] {
  const base = `/${user.userType}`;
  const { find, partners } = partyAreas[user.userType];
  const links: NavLinkItem[] = [
    { label: "Dashboard", href: `${base}/dashboard` },
    { label: find.label, href: `${base}/${find.path}` },
    { label: partners.label, href: `${base}/${partners.path}` },
  ];
  links.push({ label: "Messages", href: "/messages" });
  if (user.role === "admin") links.push({ label: "Admin", href: "/admin" });
  return links;
}

export type TabItem = { label: string; href: string; icon: IconName; prefix: string };

/** A bottom-bar tab whose active prefix is its own href. */
const tab = (label: string, href: string, icon: IconName): TabItem => ({ label, href, icon, prefix: href });

/** The mobile bottom bar's 5 tabs (spec §2.2); a tab is active when the path starts with `prefix`. */
export function bottomTabs(user: ApiUser): TabItem[] {
  const base = `/${user.userType}`;
  const { find, partners } = partyAreas[user.userType];
  return [
    tab("Dashboard", `${base}/dashboard`, "home"),
    tab("Find", `${base}/${find.path}`, "search"),
    tab("Messages", "/messages", "message"),
    tab(partnersTab[user.userType], `${base}/${partners.path}`, "users"),
    tab("Profile", `${base}/profile`, "user"),
  ];
}

/** The user menu's Profile: /profile, which opens the own profile form in edit mode. */
export function profilePath(_user: ApiUser): string {
  return "/profile";
}

/**
 * The phone drawer's own menu for a signed-in user (ADR 0038): every destination of the desktop
 * side menu of their area (partyNavItems: dashboard … Payouts, Messages, insights, Reviews,
 * Settings, Help) and of the user menu (Billing, and Admin for admins; Profile and Settings are
 * already in the side menu), so each page is one tap from the drawer at 320 and 390 px.
 */
export function drawerMenu(user: ApiUser): NavItem[] {
  const items: NavItem[] = [
    ...partyNavItems(user.userType),
    { to: "/settings/billing", label: "Billing", icon: "dollar" },
  ];
  if (user.role === "admin") items.push({ to: "/admin", label: "Admin", icon: "shield" });
  return items;
}
