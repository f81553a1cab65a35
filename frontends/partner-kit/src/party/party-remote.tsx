/**
 * The business and agent remotes' registration, written once and parameterised by `Party`
 * (spec §2.2 side menus, §2.8 business area, §2.9 agent area). Each remote's `./register`
 * passes its pages; the paths, menu labels, icons and the side menu's name come from the
 * party's row in `partyAreas`. Both areas have the same shape: dashboard, create/edit profile,
 * find the other side, the other side's detail, partners, money (payments or invoices).
 */

import type { NavItem, PartnershipSide, RegisterRemote, RemoteModule } from "@closr/client";
import { SideMenuLayout } from "@closr/client";
import { type DeferredComponent, deferredPage } from "@closr/ui";
import type { ReactNode } from "react";
import { Navigate, Outlet, type RouteObject } from "react-router";
import { type Party, partyAreas, partyNavItems } from "./party-nav.ts";

export { otherParty, type Party, partyAreas, partyNavItems } from "./party-nav.ts";

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

/** The pages both parties have, each its own chunk (ADR 0056), made once per party. */
const sharedPages = new Map<
  Party,
  {
    Agreement: DeferredComponent<{ side: PartnershipSide; backHref: string }>;
    Dispute: DeferredComponent<{ backHref: string; backLabel: string }>;
  }
>();

function sharedPagesOf(party: Party) {
  const made = sharedPages.get(party) ?? {
    Agreement: deferredPage(`${party}/agreement`, () =>
      import("../agreements/agreement-page.tsx").then((m) => m.AgreementPage),
    ),
    Dispute: deferredPage(`${party}/dispute`, () =>
      import("../disputes/party-dispute-page.tsx").then((m) => m.PartyDisputePage),
    ),
  };
  sharedPages.set(party, made);
  return made;
}

/** The remote's module (routes relative to /business or /agent, and its menu). */
export function partyRemoteModule(party: Party, pages: PartyPages): RemoteModule {
  const area = partyAreas[party];
  const { Agreement, Dispute } = sharedPagesOf(party);
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
          {
            path: `${area.partners.path}/:partnershipId/agreement`,
            element: <Agreement side={party} backHref={`/${party}/${area.partners.path}`} />,
          },
          // Issue 19: one dispute, opened from the money page's Disputes tab.
          {
            path: `${area.money.path}/disputes/:id`,
            element: <Dispute backHref={`/${party}/${area.money.path}?tab=disputes`} backLabel="Disputes" />,
          },
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
