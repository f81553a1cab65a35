/** The navigation of spec §2.2, by page and by user type. */
import type { ApiUser } from "@closr/contracts/client";
import type { SiteLink } from "@closr/contracts/site/ui";
import type { IconName } from "@closr/ui";

export type NavLinkItem = SiteLink;

/** The signed-out links live with the server-rendered first screens' copy (ADR 0028). */
export { landingAnchors, publicLinks } from "@closr/contracts/site/ui";

/** A user type's own pages (spec §2.2): its URL prefix, its Find page and its partners page. */
interface RolePages {
  base: string;
  find: { slug: string; label: string };
  partners: { slug: string; label: string; tab: string };
}

/** The business/agent mirror, written once: the two user types differ only in these names. */
const rolePages: Record<ApiUser["userType"], RolePages> = {
  business: {
    base: "/business",
    find: { slug: "find-agents", label: "Find Agents" },
    partners: { slug: "active-agents", label: "Active Agents", tab: "Agents" },
  },
  agent: {
    base: "/agent",
    find: { slug: "find-businesses", label: "Find Businesses" },
    partners: { slug: "current-partners", label: "Current Partners", tab: "Partners" },
  },
};

/** Links a signed-in user adds: their role's pages, Messages, and Admin for admins. */
export function userLinks(user: ApiUser): NavLinkItem[] {
  const { base, find, partners } = rolePages[user.userType];
  const links: NavLinkItem[] = [
    { label: "Dashboard", href: `${base}/dashboard` },
    { label: find.label, href: `${base}/${find.slug}` },
    { label: partners.label, href: `${base}/${partners.slug}` },
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
  const { base, find, partners } = rolePages[user.userType];
  return [
    tab("Dashboard", `${base}/dashboard`, "home"),
    tab("Find", `${base}/${find.slug}`, "search"),
    tab("Messages", "/messages", "message"),
    tab(partners.tab, `${base}/${partners.slug}`, "users"),
    tab("Profile", `${base}/profile`, "user"),
  ];
}

/** The user menu's Profile: /profile, which opens the own profile form in edit mode. */
export function profilePath(_user: ApiUser): string {
  return "/profile";
}
