/**
 * /help and /help/<slug> are server-rendered pages (issue 18, services/api help.pages.ts). A
 * client-side navigation (the side menu's Help) lands here and loads the server's page once;
 * if the server did not serve it (a development server without the API), a link remains.
 */
import { PageSpinner } from "@closr/ui";
import { useEffect } from "react";
import { useLocation } from "react-router";

export function HelpRedirect() {
  const { pathname, search } = useLocation();
  const target = `${pathname}${search}`;
  useEffect(() => {
    // A reload that came straight back here (no server page) is not repeated for a few seconds.
    const key = `help-reload:${target}`;
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (Date.now() - last < 5_000) return;
    sessionStorage.setItem(key, String(Date.now()));
    window.location.replace(target);
  }, [target]);
  return (
    <div className="container narrow section">
      <PageSpinner label="Opening the Help Centre" />
      <p>
        <a href={target}>Open the Help Centre</a>
      </p>
    </div>
  );
}
