/** The fixed bottom tab bar for signed-in users on small screens (spec §2.2), active by route prefix. */

import { useCurrentUser } from "@closr/client";
import { Icon } from "@closr/ui";
import { Link, useLocation } from "react-router";
import { UnreadBadge } from "../features/messages/components/unread-badge.tsx";
import { bottomTabs } from "./nav-links.ts";

export function BottomBar() {
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  if (!user) return null;
  return (
    <nav className="bottom-bar" aria-label="Quick navigation">
      {bottomTabs(user).map((tab) => {
        const active = pathname.startsWith(tab.prefix);
        return (
          <Link
            key={tab.href}
            to={tab.href}
            className="bottom-tab"
            data-active={active || undefined}
            aria-current={active ? "page" : undefined}
          >
            <Icon name={tab.icon} size={22} />
            <span>{tab.label}</span>
            {tab.href === "/messages" ? <UnreadBadge /> : null}
          </Link>
        );
      })}
    </nav>
  );
}
