/** Page-level building blocks: a page header, a page that is one centred card, and a "coming soon" card. */
import type { ReactNode } from "react";
import { LinkButton } from "../components/button.tsx";
import { Card, CardContent, CardDescription, CardTitle } from "../components/card.tsx";
import { Icon, type IconName } from "../components/icons.tsx";

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

/**
 * A page that is one centred card (not found, access denied, errors, account recovery, coming
 * soon): an optional icon bubble (`danger` tints it red), the h1 `title`, an optional
 * `description`, then `children` (alerts, actions). `role` and `aria-label` go to the card.
 */
export function CenterCardPage({
  icon,
  danger = false,
  title,
  description,
  children,
  role,
  "aria-label": ariaLabel,
}: {
  icon?: IconName | undefined;
  danger?: boolean;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  role?: string;
  "aria-label"?: string;
}) {
  return (
    <div className="container narrow section">
      <Card className="center-card" role={role} aria-label={ariaLabel}>
        <CardContent>
          {icon ? (
            <span className={danger ? "icon-bubble icon-bubble-danger" : "icon-bubble"} aria-hidden="true">
              <Icon name={icon} size={28} />
            </span>
          ) : null}
          <CardTitle as="h1">{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
          {children}
        </CardContent>
      </Card>
    </div>
  );
}

/** An honest placeholder for a page that a later release will build. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  return (
    <CenterCardPage
      icon="briefcase"
      title={title}
      description={
        description ?? "This page is on its way. We're building it now and it will appear here soon."
      }
    >
      <LinkButton href="/" variant="outline">
        Back to Home
      </LinkButton>
    </CenterCardPage>
  );
}
