/** The not-found page for any unknown path (spec §2.1: card "404 Page Not Found"). */
import { CenterCardPage, LinkButton } from "@closr/ui";

export function NotFoundPage() {
  return (
    <CenterCardPage
      icon="search"
      title="404 Page Not Found"
      description="The page you're looking for doesn't exist or has moved."
    >
      <LinkButton href="/">Return to Home</LinkButton>
    </CenterCardPage>
  );
}
