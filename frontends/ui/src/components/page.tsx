/** Page-level building blocks: a page header, a "coming soon" card and a side-menu layout. */
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import type { NavBadge, NavItem } from "../lib/remote-module.ts";
import { useUnreadCount } from "../messages/unread.ts";
import { usePendingIncomingCount } from "../partnerships/partnerships-api.ts";
import { useCurrentUser } from "../session/session-api.ts";
import { LinkButton } from "./button.tsx";
import { Card, CardContent, CardDescription, CardTitle } from "./card.tsx";
import { CountBadge, countName } from "./count-badge.tsx";
import { Icon } from "./icons.tsx";

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div>
        <h1 className="page-title">{title}</h1>
        {description ? <p className="page-description">{description}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </header>
  );
}

/** An honest placeholder for a page that a later release will build. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  return (
    <div className="container narrow section">
      <Card className="center-card">
        <CardContent>
          <span className="icon-bubble" aria-hidden="true">
            <Icon name="briefcase" size={28} />
          </span>
          <CardTitle as="h1">{title}</CardTitle>
          <CardDescription>
            {description ?? "This page is on its way. We're building it now and it will appear here soon."}
          </CardDescription>
          <LinkButton href="/" variant="outline">
            Back to Home
          </LinkButton>
        </CardContent>
      </Card>
    </div>
  );
}

/** Screen-reader words after a badge's number: "Messages, 2 unread", "Active Agents, 1 pending". */
const badgeNoun: Record<NavBadge, string> = {
  "unread-messages": "unread",
  "pending-partnerships": "pending",
};

/**
 * A dashboard area with a side menu (desktop) and the page on the right. Items with a `badge`
 * show its live count (spec §2.2's fixed placeholders replaced by real data, ARCHITECTURE.md):
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
  const wantsPending = items.some((item) => item.badge === "pending-partnerships");
  const counts: Record<NavBadge, number> = {
    "unread-messages": useUnreadCount(),
    "pending-partnerships": usePendingIncomingCount(Boolean(user) && wantsPending),
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
        {footer ? <div className="side-footer">{footer}</div> : null}
      </aside>
      <div className="side-main">{children}</div>
    </div>
  );
}
