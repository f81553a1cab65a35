/**
 * What the shell gives the remotes as the `react-router` share (ADR 0052, ADR 0054): exactly the
 * names in `sharedRouterNames`, taken from the shell's own react-router (one router context).
 * Listing them by name keeps the rest of the package out of the bundle; `satisfies` fails the
 * type check when a name is missing from, or not in, `sharedRouterNames`.
 */

import type { sharedRouterNames } from "@closr/client";
import {
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
} from "react-router";

/** The shared react-router surface, { name: export }. */
export const reactRouterShare = {
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
} satisfies Record<(typeof sharedRouterNames)[number], unknown>;
