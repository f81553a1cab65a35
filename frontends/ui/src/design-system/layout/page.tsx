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

/**
 * A card that leads with an icon in a bubble, then an h2 title, one line of text and an optional
 * action: the empty states of lists and search, "Profile created!" and the dashboard's welcome.
 * `iconSize` in px (default 26); `titleRole` e.g. "status" when the title announces a result.
 */
export function IconCard({
  className,
  icon,
  iconSize = 26,
  title,
  titleRole,
  text,
  textClassName = "muted",
  children,
}: {
  className: string;
  icon: IconName;
  iconSize?: number;
  title: ReactNode;
  titleRole?: string | undefined;
  text: ReactNode;
  textClassName?: string;
  children?: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardContent>
        <span className="icon-bubble" aria-hidden="true">
          <Icon name={icon} size={iconSize} />
        </span>
        <h2 className="welcome-title" role={titleRole}>
          {title}
        </h2>
        <p className={textClassName}>{text}</p>
        {children}
      </CardContent>
    </Card>
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
