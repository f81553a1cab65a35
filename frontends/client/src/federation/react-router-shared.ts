/**
 * What the apps share of react-router (ADR 0052): the one module Module Federation provides as
 * `react-router` (`import` in shared.ts), so the singleton carries only the names the frontends
 * import instead of the package's whole entry (about 63 KiB gzip, of which the browser router,
 * its hooks and components are about a half). Every app, the shell and each remote, provides and
 * consumes this same list; one instance runs (the shell's), so there is one router context.
 * A name imported from "react-router" in the browser code must be listed here (a unit test checks
 * it: react-router-shared.test.ts); the server entry imports the server-only names
 * (createStaticHandler, StaticRouterProvider…) from the package itself, outside federation.
 * The implementation is imported by file path (alias `closr:react-router` in each vite config),
 * not by the name "react-router", which federation would route back to this module.
 */
export {
  createBrowserRouter,
  Form,
  isRouteErrorResponse,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useHref,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useRoutes,
  useSearchParams,
} from "closr:react-router";
