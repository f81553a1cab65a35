/** The not-found page for any unknown path (spec §2.1: card "404 Page Not Found"). */
import { notFoundTitle } from "@closr/contracts/site/ui";
import { CenterCardPage, LinkButton } from "@closr/ui";
import { useEffect } from "react";
import { useServerPage } from "../../../app/server-page.ts";

export function NotFoundPage() {
  // Served with status 404 and its own title (a missing page reads as missing to crawlers).
  useServerPage({ status: 404, title: notFoundTitle });
  useEffect(() => {
    document.title = notFoundTitle;
  }, []);
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
