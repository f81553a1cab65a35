/**
 * The business and agent remotes' registration, written once and parameterised by `Party`
 * (spec §2.2 side menus, §2.8 business area, §2.9 agent area). Each remote's `./register`
 * passes its pages; the paths, menu labels, icons and the side menu's name come from the
 * party's row in `partyAreas`. Both areas have the same shape: dashboard, create/edit profile,
 * find the other side, the other side's detail, partners, money (payments or invoices).
 */

import type { NavItem, PartnershipSide, RegisterRemote, RemoteModule } from "@closr/client";
import { SideMenuLayout } from "@closr/client";
import type { IconName } from "@closr/ui";
import type { ReactNode } from "react";
import { Navigate, Outlet, type RouteObject } from "react-router";
import { AgreementPage } from "../agreements/agreement-page.tsx";

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
    /** The area's further side-menu pages, listed after Profile (the agent's Payouts). */
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
    more: [],
    insights: { to: "/analytics", label: "Analytics" },
  },
  agent: {
    menuLabel: "Agent menu",
    find: { path: "find-businesses", label: "Find Businesses", icon: "search" },
    detailPath: "businesses/:id",
    partners: { path: "current-partners", label: "Current Partners", icon: "users" },
    money: { path: "invoices", label: "Invoices", icon: "file" },
    // Issue 14: payouts come before the first invoice.
    more: [{ to: "/agent/payouts", label: "Payouts", icon: "dollar" }],
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

/** One element per page of a party's area. */
export type PartyPages = {
  dashboard: ReactNode;
  createProfile: ReactNode;
  editProfile: ReactNode;
  find: ReactNode;
  detail: ReactNode;
  partners: ReactNode;
  money: ReactNode;
  /** A remote's further pages (relative paths), mounted beside these in the same frame. */
  extraRoutes?: RouteObject[];
  /** Their side-menu items, listed after Profile. */
  extraNavItems?: NavItem[];
};

/** The party's area frame: the side menu beside the page. */
export function PartyLayout({ party, navItems }: { party: Party; navItems: NavItem[] }) {
  return (
    <SideMenuLayout label={partyAreas[party].menuLabel} items={navItems}>
      <Outlet />
    </SideMenuLayout>
  );
}

/** The remote's module (routes relative to /business or /agent, and its menu). */
export function partyRemoteModule(party: Party, pages: PartyPages): RemoteModule {
  const area = partyAreas[party];
  const navItems = partyNavItems(party, pages.extraNavItems);
  return {
    navItems,
    routes: [
      {
        element: <PartyLayout party={party} navItems={navItems} />,
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          { path: "dashboard", element: pages.dashboard },
          { path: "create-profile", element: pages.createProfile },
          { path: "profile", element: pages.editProfile },
          { path: area.find.path, element: pages.find },
          { path: area.detailPath, element: pages.detail },
          { path: area.partners.path, element: pages.partners },
          { path: area.money.path, element: pages.money },
          // Issue 17: the partnership's commission agreement, for both sides.
          { path: `${area.partners.path}/:partnershipId/agreement`, element: <AgreementPage side={party} /> },
          ...(pages.extraRoutes ?? []),
        ],
      },
    ],
  };
}

/** A remote's `./register` default export for `party`. */
export const registerPartyRemote =
  (party: Party, pages: PartyPages): RegisterRemote =>
  () =>
    partyRemoteModule(party, pages);
