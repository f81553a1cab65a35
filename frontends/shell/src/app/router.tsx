/**
 * The route table (spec §2.1). Remote areas (/business/*, /agent/*, /admin*) sit behind the
 * route guard and load their routes from the remote on first entry. The same table renders on
 * the server (entry-server.tsx, static handler) and in the browser (ADR 0047).
 */
import type { UserType } from "@closr/client";
import type { ReactNode } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { RequireUser } from "../features/access/components/require-user.tsx";
import { NotFoundPage } from "../features/errors/components/not-found-page.tsx";
import { RouteErrorPage } from "../features/errors/components/route-error-page.tsx";
import { LandingPage } from "../features/landing/components/landing-page.tsx";
import { lazyPage, staticPageRoutes } from "../features/static-pages/components/static-page-routes.tsx";
import { RemoteRoutes } from "../federation/remote-routes.tsx";
import { AppLayout } from "./app-layout.tsx";
import { Redirect } from "./redirect.tsx";

const recovery = () => import("../features/account/components/recovery-pages.tsx");
const settings = () => import("../features/account/components/settings-pages.tsx");
const help = () => import("../features/help/components/help-pages.tsx");

const guarded = (element: ReactNode, requirement: { userType?: UserType; admin?: boolean }) => (
  <RequireUser {...requirement}>{element}</RequireUser>
);

/** The app's routes, shared by the server entry and main.tsx. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <LandingPage /> },
      {
        path: "auth",
        ...lazyPage(() => import("../features/auth/components/auth-page.tsx").then((m) => m.AuthPage)),
      },
      ...staticPageRoutes,
      // Pages past the first screen are chunks of their own, loaded on navigation (issue 19).
      { path: "forgot-password", ...lazyPage(() => recovery().then((m) => m.ForgotPasswordPage)) },
      { path: "reset-password", ...lazyPage(() => recovery().then((m) => m.ResetPasswordPage)) },
      {
        path: "verify-email",
        ...lazyPage(() => recovery().then((m) => () => <m.EmailLinkPage kind="verify" />)),
      },
      {
        path: "confirm-email",
        ...lazyPage(() => recovery().then((m) => () => <m.EmailLinkPage kind="confirm-change" />)),
      },
      {
        path: "profile",
        ...lazyPage(
          () => import("../features/account/components/profile-redirect.tsx").then((m) => m.ProfileRedirect),
          true,
        ),
      },
      {
        path: "find",
        ...lazyPage(() => import("../pwa/find-redirect.tsx").then((m) => m.FindRedirect), true),
      },
      { path: "settings", element: <Redirect to="/settings/account" /> },
      { path: "settings/account", ...lazyPage(() => settings().then((m) => m.AccountSettingsPage), true) },
      { path: "settings/security", ...lazyPage(() => settings().then((m) => m.SecuritySettingsPage), true) },
      {
        path: "settings/notifications",
        ...lazyPage(() => settings().then((m) => m.NotificationSettingsPage), true),
      },
      { path: "settings/privacy", ...lazyPage(() => settings().then((m) => m.PrivacySettingsPage), true) },
      {
        path: "settings/api",
        ...lazyPage(
          () =>
            import("../features/integrations/components/api-settings-page.tsx").then(
              (m) => m.ApiSettingsPage,
            ),
          true,
        ),
      },
      // Insights (issue 18): loaded on demand with their chart library.
      {
        path: "analytics",
        lazy: async () => {
          const { AnalyticsPage } = await import("../features/insights/components/analytics-page.tsx");
          return { element: guarded(<AnalyticsPage />, { userType: "business" }) };
        },
      },
      {
        path: "performance",
        lazy: async () => {
          const { PerformancePage } = await import("../features/insights/components/performance-page.tsx");
          return { element: guarded(<PerformancePage />, { userType: "agent" }) };
        },
      },
      // The help centre (issue 18): public, in the side-menu frame when signed in.
      { path: "help", ...lazyPage(() => help().then((m) => m.HelpIndexPage)) },
      { path: "help/:slug", ...lazyPage(() => help().then((m) => m.HelpArticlePage)) },
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
];

/**
 * The browser's router over `routes`. Called by main.tsx after the lazy routes of the current URL
 * are loaded, so the first render matches the server's HTML (hydration).
 */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
