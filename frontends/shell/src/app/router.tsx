/**
 * The route table (spec §2.1). Remote areas (/business/*, /agent/*, /admin*) sit behind the
 * route guard and load their routes from the remote on first entry.
 */
import type { UserType } from "@closr/ui";
import type { ReactNode } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { RequireUser } from "../features/access/components/require-user.tsx";
import { ProfileRedirect } from "../features/account/components/profile-redirect.tsx";
import {
  EmailLinkPage,
  ForgotPasswordPage,
  ResetPasswordPage,
} from "../features/account/components/recovery-pages.tsx";
import {
  AccountSettingsPage,
  NotificationSettingsPage,
  PrivacySettingsPage,
  SecuritySettingsPage,
} from "../features/account/components/settings-pages.tsx";
import { AuthPage } from "../features/auth/components/auth-page.tsx";
import { NotFoundPage } from "../features/errors/components/not-found-page.tsx";
import { RouteErrorPage } from "../features/errors/components/route-error-page.tsx";
import { HelpRedirect } from "../features/help/help-redirect.tsx";
import { ApiSettingsPage } from "../features/integrations/api-settings-page.tsx";
import { LandingPage } from "../features/landing/components/landing-page.tsx";
import { staticPageRoutes } from "../features/static-pages/components/static-page-routes.tsx";
import { RemoteRoutes } from "../federation/remote-routes.tsx";
import { FindRedirect } from "../pwa/find-redirect.tsx";
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
      { path: "forgot-password", element: <ForgotPasswordPage /> },
      { path: "reset-password", element: <ResetPasswordPage /> },
      { path: "verify-email", element: <EmailLinkPage kind="verify" /> },
      { path: "confirm-email", element: <EmailLinkPage kind="confirm-change" /> },
      { path: "profile", element: guarded(<ProfileRedirect />, {}) },
      { path: "find", element: guarded(<FindRedirect />, {}) },
      { path: "settings", element: <Navigate to="/settings/account" replace /> },
      { path: "settings/account", element: guarded(<AccountSettingsPage />, {}) },
      { path: "settings/security", element: guarded(<SecuritySettingsPage />, {}) },
      { path: "settings/notifications", element: guarded(<NotificationSettingsPage />, {}) },
      { path: "settings/privacy", element: guarded(<PrivacySettingsPage />, {}) },
      { path: "settings/api", element: guarded(<ApiSettingsPage />, {}) },
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
      // The help centre is server-rendered (issue 18): a client-side visit reloads into it.
      { path: "help/*", element: <HelpRedirect /> },
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
