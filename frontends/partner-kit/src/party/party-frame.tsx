/**
 * The signed-in frame of a page both sides share (reviews, analytics, performance): the side
 * menu of the caller's own area (partyNavItems) beside the page, like the pages inside the
 * business and agent remotes. Before the session is known it draws the page alone (the route
 * guard shows its own state).
 */

import { SideMenuLayout, useCurrentUser } from "@closr/client";
import type { ReactNode } from "react";
import { partyAreas, partyNavItems } from "./party-nav.ts";

export function PartyFrame({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  if (!user) return <div className="container section">{children}</div>;
  const party = user.userType;
  return (
    <SideMenuLayout label={partyAreas[party].menuLabel} items={partyNavItems(party)}>
      {children}
    </SideMenuLayout>
  );
}
