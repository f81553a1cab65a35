/**
 * The signed-in dashboard frame: a side menu (desktop) with live count badges, and the page on
 * the right. A marketplace feature (it reads the session, unread and partnership queries), so
 * it lives here and not in the design system.
 */

import { CountBadge, countName, Icon } from "@closr/ui";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { PastDueBanner, PlanStatus } from "../billing/plan-status.tsx";
import { useUnreadCount } from "../messages/unread.ts";
import { useActivePartnershipCount } from "../partnerships/partnerships-api.ts";
import type { NavBadge, NavItem } from "../remote-module.ts";
import { useCurrentUser } from "./session-api.ts";

/** Screen-reader words after a badge's number: "Messages, 2 unread", "Active Agents, 2 active". */
const badgeNoun: Record<NavBadge, string> = {
  "unread-messages": "unread",
  "active-partnerships": "active",
};

/**
 * A dashboard area with a side menu (desktop) and the page on the right. Items with a `badge`
 * show its live count (spec §2.2's fixed placeholders replaced by real data, docs/architecture.md):
 * the shared unread-messages query and the open-partnerships query (fetched only when an item
 * asks for it).
 */
export function SideMenuLayout({
  label,
  items,
  footer,
  children,
  className,
}: {
  label: string;
  items: NavItem[];
  footer?: ReactNode;
  children: ReactNode;
  /** Extra class on the layout (settings keeps its menu on phones as a scrolling tab row). */
  className?: string;
}) {
  const { data: user } = useCurrentUser();
  const wantsPartnerships = items.some((item) => item.badge === "active-partnerships");
  const counts: Record<NavBadge, number> = {
    "unread-messages": useUnreadCount(),
    "active-partnerships": useActivePartnershipCount(Boolean(user) && wantsPartnerships),
  };
  return (
    <div className={className ? `side-layout container ${className}` : "side-layout container"}>
      <aside className="side-menu" aria-label={label}>
        <nav aria-label={label}>
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className="side-link"
                  end
                  aria-label={
                    item.badge ? countName(item.label, counts[item.badge], badgeNoun[item.badge]) : undefined
                  }
                >
                  <Icon name={item.icon} size={18} />
                  <span>{item.label}</span>
                  {item.badge ? (
                    <CountBadge
                      count={counts[item.badge]}
                      noun={badgeNoun[item.badge]}
                      className="side-badge"
                    />
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="side-footer">
          <PlanStatus />
          {footer}
        </div>
      </aside>
      <div className="side-main">
        <PastDueBanner />
        {children}
      </div>
    </div>
  );
}
