/** /admin/settings: where site-wide settings live, and links to the admin's records. */
import { Card, CardContent, LinkButton, PageHeader } from "@closr/ui";

export function SettingsPage() {
  return (
    <div className="container narrow section stack">
      <PageHeader title="Settings" description="Site-wide settings and records." />
      <Card>
        <CardContent className="stack">
          <h2 className="admin-card-title">Site configuration</h2>
          <p className="muted">
            The support address that receives the contact form (SUPPORT_EMAIL), the public web address
            (APP_URL) and mail delivery (SMTP_URL) are set in the service's configuration.
          </p>
          <div className="row">
            <LinkButton href="/admin/audit-log" variant="outline">
              Audit Log
            </LinkButton>
            <LinkButton href="/admin/contact-messages" variant="outline">
              Contact Messages
            </LinkButton>
            <LinkButton href="/admin/users" variant="outline">
              Users
            </LinkButton>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
