/** The navigation of spec §2.2, by page and by user type. */
import type { ApiUser } from "@closr/contracts/client";
import type { SiteLink } from "@closr/contracts/site/ui";
import type { IconName } from "@closr/ui";

export type NavLinkItem = SiteLink;

/** The signed-out links live with the server-rendered first screens' copy (ADR 0028). */
export { landingAnchors, publicLinks } from "@closr/contracts/site/ui";

/** Links a signed-in user adds: their role's pages, Messages, and Admin for admins. */
export function userLinks(user: ApiUser): NavLinkItem[] {
  const links: NavLinkItem[] =
    user.userType === "business"
      ? [
          { label: "Dashboard", href: "/business/dashboard" },
          { label: "Find Agents", href: "/business/find-agents" },
          { label: "Active Agents", href: "/business/active-agents" },
        ]
      : [
          { label: "Dashboard", href: "/agent/dashboard" },
          { label: "Find Businesses", href: "/agent/find-businesses" },
          { label: "Current Partners", href: "/agent/current-partners" },
        ];
  links.push({ label: "Messages", href: "/messages" });
  if (user.role === "admin") links.push({ label: "Admin", href: "/admin" });
  return links;
}

export type TabItem = { label: string; href: string; icon: IconName; prefix: string };

/** The mobile bottom bar's 5 tabs (spec §2.2); a tab is active when the path starts with `prefix`. */
export function bottomTabs(user: ApiUser): TabItem[] {
  return user.userType === "business"
    ? [
        { label: "Dashboard", href: "/business/dashboard", icon: "home", prefix: "/business/dashboard" },
        { label: "Find", href: "/business/find-agents", icon: "search", prefix: "/business/find-agents" },
        { label: "Messages", href: "/messages", icon: "message", prefix: "/messages" },
        {
          label: "Agents",
          href: "/business/active-agents",
          icon: "users",
          prefix: "/business/active-agents",
        },
        {
          label: "Profile",
          href: "/business/profile",
          icon: "user",
          prefix: "/business/profile",
        },
      ]
    : [
        { label: "Dashboard", href: "/agent/dashboard", icon: "home", prefix: "/agent/dashboard" },
        { label: "Find", href: "/agent/find-businesses", icon: "search", prefix: "/agent/find-businesses" },
        { label: "Messages", href: "/messages", icon: "message", prefix: "/messages" },
        {
          label: "Partners",
          href: "/agent/current-partners",
          icon: "users",
          prefix: "/agent/current-partners",
        },
        { label: "Profile", href: "/agent/profile", icon: "user", prefix: "/agent/profile" },
      ];
}

/** The user menu's Profile: /profile, which opens the own profile form in edit mode. */
export function profilePath(_user: ApiUser): string {
  return "/profile";
}
