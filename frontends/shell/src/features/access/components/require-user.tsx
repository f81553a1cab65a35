/**
 * The route guard (spec §2.1): a spinner while the current user loads, a redirect to /auth
 * when signed out (a 302 when the server renders the page, ADR 0051), and Access Denied for the wrong user type or a non-admin on /admin.
 */

import { type UserType, useCurrentUser } from "@closr/client";
import { Alert, Button, PageSpinner } from "@closr/ui";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { Redirect } from "../../../app/redirect.tsx";
import { useOnline } from "../../../pwa/offline-notice.tsx";
import { AccessDeniedPage } from "./access-denied-page.tsx";

type Requirement = { userType?: UserType; admin?: boolean };

const typeMessages: Record<UserType, string> = {
  business: "You don't have permission to access this page. This area is only for businesses.",
  agent: "You don't have permission to access this page. This area is only for agents.",
};

export function RequireUser({ userType, admin, children }: Requirement & { children: ReactNode }) {
  const location = useLocation();
  const { data: user, isPending, isError, error, refetch } = useCurrentUser();
  const online = useOnline();
  if (isPending) return <PageSpinner label="Checking your session" />;
  if (isError && !online) {
    // Offline (the service worker served the cached shell): the offline notice above explains;
    // the session is checked again when the connection returns.
    return (
      <div className="container narrow section stack">
        <h1>This page needs a connection</h1>
        <p>Reconnect to see it. The page loads by itself when you're back online.</p>
      </div>
    );
  }
  if (isError) {
    return (
      <div className="container narrow section stack">
        <Alert>We couldn't check your session: {error.message}</Alert>
        <Button onPress={() => refetch()}>Try again</Button>
      </div>
    );
  }
  if (!user) return <Redirect to="/auth" state={{ from: location.pathname }} />;
  if (userType && user.userType !== userType)
    return <AccessDeniedPage message={typeMessages[userType]} user={user} />;
  if (admin && user.role !== "admin") {
    return <AccessDeniedPage message="You need administrator access to use the admin panel." user={user} />;
  }
  return children;
}
