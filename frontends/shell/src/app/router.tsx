/**
 * The route table (spec §2.1). Remote areas (/business/*, /agent/*, /admin*) sit behind the
 * route guard and load their routes from the remote on first entry.
 */
import type { UserType } from "@closr/ui";
import type { ReactNode } from "react";
import { createBrowserRouter } from "react-router";
import { RequireUser } from "../features/access/components/require-user.tsx";
import { AuthPage } from "../features/auth/components/auth-page.tsx";
import { NotFoundPage } from "../features/errors/components/not-found-page.tsx";
import { RouteErrorPage } from "../features/errors/components/route-error-page.tsx";
import { LandingPage } from "../features/landing/components/landing-page.tsx";
import { staticPageRoutes } from "../features/static-pages/components/static-page-routes.tsx";
import { RemoteRoutes } from "../federation/remote-routes.tsx";
import { AppLayout } from "./app-layout.tsx";

const guarded = (element: ReactNode, requirement: { userType?: UserType; admin?: boolean }) => (
  <RequireUser {...requirement}>{element}</RequireUser>
);

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: "auth", element: <AuthPage /> },
      ...staticPageRoutes,
      {
        path: "business/*",
        element: guarded(<RemoteRoutes name="business" basePath="/business" />, { userType: "business" }),
      },
      {
        path: "agent/*",
        element: guarded(<RemoteRoutes name="agent" basePath="/agent" />, { userType: "agent" }),
      },
      {
        path: "admin/*",
        element: guarded(<RemoteRoutes name="admin" basePath="/admin" />, { admin: true }),
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
