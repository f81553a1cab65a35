/** The chrome around every page: top bar, page, footer, mobile bottom bar, toasts and splash. */

import { useCurrentUser } from "@closr/client";
import { appPage } from "@closr/contracts/site/ui";
import { deferred, ToastRegion } from "@closr/ui";
import { useEffect } from "react";
import { RouterProvider as AriaRouterProvider } from "react-aria-components";
import { Outlet, ScrollRestoration, useHref, useLocation, useNavigate } from "react-router";
import { BottomBar } from "../components/bottom-bar.tsx";
import { SiteFooter } from "../components/site-footer.tsx";
import { SplashScreen } from "../components/splash-screen.tsx";
import { TopBar } from "../components/top-bar.tsx";
import { EmailVerificationBanner } from "../features/account/components/email-verification-banner.tsx";
import { InstallPrompt } from "../pwa/install-prompt.tsx";
import { OfflineNotice } from "../pwa/offline-notice.tsx";

/**
 * Each page's own document title on every client-side navigation (appPage, the table the server
 * uses for the served HTML); a page whose title is null or unknown sets its own.
 */
function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = appPage(pathname)?.title;
    if (title) document.title = title;
  }, [pathname]);
  return null;
}

function ScrollToHash() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash, pathname]);
  return null;
}

/**
 * The onboarding walkthrough (spec §2.4): its own chunk, drawn only on a signed-in user's own
 * dashboard (where it opens until completed), so no other page downloads it.
 */
const OnboardingDialog = deferred("onboarding", () =>
  import("../features/account/components/onboarding-dialog.tsx").then((m) => m.OnboardingDialog),
);

function Onboarding() {
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  return user && pathname === `/${user.userType}/dashboard` ? <OnboardingDialog /> : null;
}

export function AppLayout() {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(to) => navigate(to)} useHref={useHref}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar />
      <OfflineNotice />
      <EmailVerificationBanner />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <BottomBar />
      <Onboarding />
      <InstallPrompt />
      <ToastRegion />
      <SplashScreen />
      {/* Keyed by URL: the default key ("default" for every fresh page load) made a new page
          inherit the previous page's scroll position. */}
      <ScrollRestoration getKey={(location) => location.pathname + location.search} />
      <ScrollToHash />
      <DocumentTitle />
    </AriaRouterProvider>
  );
}
