/** The router's error element: an unexpected error anywhere in a page, never a blank screen. */
import { Alert, Button, CenterCardPage } from "@closr/ui";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundPage } from "./not-found-page.tsx";

export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const message = error instanceof Error ? error.message : "Unexpected error";
  return (
    <CenterCardPage
      title="Something went wrong"
      description="An unexpected error stopped this page from showing."
    >
      <Alert>{message}</Alert>
      <Button onPress={() => window.location.reload()}>Reload</Button>
    </CenterCardPage>
  );
}
