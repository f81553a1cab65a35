/**
 * What the apps share of react-router (ADR 0052): the names the browser code imports from it.
 * Module Federation provides one module as `react-router` carrying these names and what they
 * need instead of the package's whole entry (63 KiB gzip → 31 KiB). The shell provides them
 * from its own react-router (shell/src/federation/react-router-share.ts, ADR 0054); each remote
 * builds a fallback provider from this list (narrow-shares.ts) that is never fetched while the
 * shell's instance runs, so there is one router context.
 * A name imported from "react-router" in browser code must be listed here: a unit test
 * (react-router-shared.test.ts) fails otherwise. The server entry (entry-server.tsx) is built
 * without federation and imports the server-only names (createStaticHandler…) from the package.
 */
export const sharedRouterNames = [
  "createBrowserRouter",
  "Form",
  "isRouteErrorResponse",
  "Link",
  "matchRoutes",
  "Navigate",
  "NavLink",
  "Outlet",
  "RouterProvider",
  "ScrollRestoration",
  "useHref",
  "useLocation",
  "useNavigate",
  "useParams",
  "useRouteError",
  "useRoutes",
  "useSearchParams",
] as const;
