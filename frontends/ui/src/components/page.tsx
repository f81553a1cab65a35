/** Page-level building blocks: a page header, a "coming soon" card and a side-menu layout. */
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import type { NavItem } from "../lib/remote-module.ts";
import { LinkButton } from "./button.tsx";
import { Card, CardContent, CardDescription, CardTitle } from "./card.tsx";
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

/** A dashboard area with a side menu (desktop) and the page on the right. */
export function SideMenuLayout({
  label,
  items,
  footer,
  children,
}: {
  label: string;
  items: NavItem[];
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="side-layout container">
      <aside className="side-menu" aria-label={label}>
        <nav aria-label={label}>
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="side-link" end>
                  <Icon name={item.icon} size={18} />
                  <span>{item.label}</span>
                  {item.badge ? <span className="side-badge">{item.badge}</span> : null}
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
