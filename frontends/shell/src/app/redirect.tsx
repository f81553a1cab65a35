/**
 * A page that sends the visitor elsewhere (`<Navigate replace>`), which the server answers as a
 * 302 redirect instead of an empty page (ADR 0051); in the browser it navigates as before.
 */
import { Navigate } from "react-router";
import { useOnServer, useServerPage } from "./server-page.ts";

/** Redirects to `to`: an HTTP redirect when rendered on the server, a replace navigation in the browser. */
export function Redirect({ to, state }: { to: string; state?: unknown }) {
  useServerPage({ redirect: to });
  // <Navigate> in a static render is a no-op with a warning: the server answers the redirect instead.
  return useOnServer() ? null : <Navigate to={to} replace state={state} />;
}
