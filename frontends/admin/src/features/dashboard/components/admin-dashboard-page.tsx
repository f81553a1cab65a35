/** The admin dashboard (spec §2.11): six cards, each with a Manage button. */
import { Card, CardContent, Icon, LinkButton, PageHeader } from "@closr/ui";
import { adminSections } from "./admin-sections.ts";

export function AdminDashboardPage() {
  return (
    <div className="container section">
      <PageHeader title="Admin Dashboard" description="Manage website content and settings" />
      <ul className="admin-grid">
        {adminSections.map((section) => (
          <li key={section.href}>
            <Card className="admin-card">
              <CardContent>
                <span className="icon-bubble" aria-hidden="true">
                  <Icon name={section.icon} size={22} />
                </span>
                <h2 className="admin-card-title">{section.title}</h2>
                <p className="muted">{section.description}</p>
                <LinkButton href={section.href} variant="outline" aria-label={`Manage ${section.title}`}>
                  Manage
                </LinkButton>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
