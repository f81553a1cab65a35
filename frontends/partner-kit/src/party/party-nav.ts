/**
 * The two areas' names, paths and side menus (spec §2.2), apart from the remote frame so that
 * the shell's chrome (top bar, drawer) can list them without loading the party screens
 * (`@closr/partner-kit/nav`, ADR 0052). Data only: no components, no styles.
 */
import type { NavItem, PartnershipSide } from "@closr/client";
import type { IconName } from "@closr/ui";

/** Which side of the marketplace a screen serves: the caller's user type. */
export type Party = PartnershipSide;

/** The other side of the marketplace. */
export const otherParty = (party: Party): Party => (party === "business" ? "agent" : "business");

type AreaLink = { path: string; label: string; icon: IconName };

/** What differs between the two areas: paths under /business or /agent, labels, icons. */
export const partyAreas: Record<
  Party,
  {
    menuLabel: string;
    find: AreaLink;
    detailPath: string;
    partners: AreaLink;
    money: AreaLink;
    /** The area's further side-menu pages, listed after Profile (Opportunities; the agent's Payouts). */
    more: readonly NavItem[];
    insights: { to: string; label: string };
  }
> = {
  business: {
    menuLabel: "Business menu",
    find: { path: "find-agents", label: "Find Agents", icon: "search" },
    detailPath: "agents/:id",
    partners: { path: "active-agents", label: "Active Agents", icon: "users" },
    money: { path: "payments", label: "Payments", icon: "dollar" },
    // Issue 44: the business's posted opportunities and their applicants.
    more: [{ to: "/business/opportunities", label: "Opportunities", icon: "briefcase" }],
    insights: { to: "/analytics", label: "Analytics" },
  },
  agent: {
    menuLabel: "Agent menu",
    find: { path: "find-businesses", label: "Find Businesses", icon: "search" },
    detailPath: "businesses/:id",
    partners: { path: "current-partners", label: "Current Partners", icon: "users" },
    money: { path: "invoices", label: "Invoices", icon: "file" },
    // Issue 14: payouts come before the first invoice. Issue 44: opportunities to apply to.
    more: [
      { to: "/agent/payouts", label: "Payouts", icon: "dollar" },
      { to: "/agent/opportunities", label: "Opportunities", icon: "briefcase" },
    ],
    insights: { to: "/performance", label: "Performance" },
  },
};

/**
 * The party's side menu (spec §2.2): its own pages (then the area's `more` and `extra`, a
 * remote's further pages), then Messages and the shared links. The shell's phone drawer lists
 * the same items, so every side-menu page is reachable on a phone (ADR 0038).
 */
export function partyNavItems(party: Party, extra: readonly NavItem[] = []): NavItem[] {
  const area = partyAreas[party];
  const base = `/${party}`;
  return [
    { to: `${base}/dashboard`, label: "Dashboard", icon: "home" },
    { to: `${base}/${area.find.path}`, label: area.find.label, icon: area.find.icon },
    {
      to: `${base}/${area.partners.path}`,
      label: area.partners.label,
      icon: area.partners.icon,
      badge: "active-partnerships",
    },
    { to: `${base}/${area.money.path}`, label: area.money.label, icon: area.money.icon },
    { to: `${base}/profile`, label: "Profile", icon: "user" },
    ...area.more,
    ...extra,
    { to: "/messages", label: "Messages", icon: "message", badge: "unread-messages" },
    { to: area.insights.to, label: area.insights.label, icon: "chart" },
    { to: "/reviews", label: "Reviews", icon: "star" },
    { to: "/settings", label: "Settings", icon: "settings" },
    { to: "/help", label: "Help", icon: "help" },
  ];
}
