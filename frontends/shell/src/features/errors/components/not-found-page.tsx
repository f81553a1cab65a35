/** The not-found page for any unknown path (spec §2.1: card "404 Page Not Found"). */
import { Card, CardContent, CardDescription, CardTitle, Icon, LinkButton } from "@closr/ui";

export function NotFoundPage() {
  return (
    <div className="container narrow section">
      <Card className="center-card">
        <CardContent>
          <span className="icon-bubble" aria-hidden="true">
            <Icon name="search" size={28} />
          </span>
          <CardTitle as="h1">404 Page Not Found</CardTitle>
          <CardDescription>The page you're looking for doesn't exist or has moved.</CardDescription>
          <LinkButton href="/">Return to Home</LinkButton>
        </CardContent>
      </Card>
    </div>
  );
}
