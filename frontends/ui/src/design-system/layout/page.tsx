/** Page-level building blocks: a page header and a "coming soon" card. */
import type { ReactNode } from "react";
import { LinkButton } from "../components/button.tsx";
import { Card, CardContent, CardDescription, CardTitle } from "../components/card.tsx";
import { Icon } from "../components/icons.tsx";

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
