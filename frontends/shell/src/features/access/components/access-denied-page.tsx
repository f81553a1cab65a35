/** The Access Denied card, with a way back to the user's own dashboard. */
import type { ApiUser } from "@closr/contracts/client";
import { Card, CardContent, CardDescription, CardTitle, dashboardPath, Icon, LinkButton } from "@closr/ui";

export function AccessDeniedPage({ message, user }: { message: string; user: ApiUser }) {
  return (
    <div className="container narrow section">
      <Card className="center-card">
        <CardContent>
          <span className="icon-bubble icon-bubble-danger" aria-hidden="true">
            <Icon name="lock" size={28} />
          </span>
          <CardTitle as="h1">Access Denied</CardTitle>
          <CardDescription>{message}</CardDescription>
          <div className="row center">
            <LinkButton href={dashboardPath(user.userType)}>Go to Dashboard</LinkButton>
            <LinkButton href="/" variant="outline">
              Back to Home
            </LinkButton>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
