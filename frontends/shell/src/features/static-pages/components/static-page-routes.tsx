/**
 * Public pages of spec §2.1: About, Careers, Blog (and /blog/:slug), Press, Commission Guides and
 * Contact read published content (issue 16, lazily loaded); How It Works, Terms and Privacy have
 * content; /analytics and /performance are features/insights and /help features/help
 * (issue 18); /messages (features/messages) is behind the guard (any user type).
 */
import type { RouteObject } from "react-router";
import { RequireUser } from "../../access/components/require-user.tsx";

/**
 * A route whose page is its own chunk, downloaded on first visit (issue 19: the JavaScript
 * before first paint on /, /auth and /pricing carries only those screens). `signedIn` puts it
 * behind the route guard (any user type).
 */
export function lazyPage(
  load: () => Promise<React.ComponentType>,
  signedIn = false,
): Pick<RouteObject, "lazy"> {
  return {
    lazy: async () => {
      const Page = await load();
      return signedIn
        ? {
            element: (
              <RequireUser>
                <Page />
              </RequireUser>
            ),
          }
        : { Component: Page };
    },
  };
}

/** Content-backed public pages (issue 16), each its own lazily loaded chunk. */
const contentPages: RouteObject[] = [
  { path: "about", lazy: () => import("./about-page.tsx").then((m) => ({ Component: m.AboutPage })) },
  { path: "careers", lazy: () => import("./careers-page.tsx").then((m) => ({ Component: m.CareersPage })) },
  { path: "blog", lazy: () => import("./blog-page.tsx").then((m) => ({ Component: m.BlogPage })) },
  {
    path: "blog/:slug",
    lazy: () => import("./blog-post-page.tsx").then((m) => ({ Component: m.BlogPostPage })),
  },
  { path: "press", lazy: () => import("./press-page.tsx").then((m) => ({ Component: m.PressPage })) },
  {
    path: "commission-guides",
    lazy: () => import("./commission-guides-page.tsx").then((m) => ({ Component: m.CommissionGuidesPage })),
  },
  { path: "contact", lazy: () => import("./contact-page.tsx").then((m) => ({ Component: m.ContactPage })) },
];

export const staticPageRoutes: RouteObject[] = [
  ...contentPages,
  {
    path: "pricing",
    ...lazyPage(() => import("../../pricing/components/pricing-page.tsx").then((m) => m.PricingPage)),
  },
  {
    path: "how-it-works",
    ...lazyPage(() => import("./how-it-works-page.tsx").then((m) => m.HowItWorksPage)),
  },
  {
    path: "verification",
    ...lazyPage(() =>
      import("../../verification/components/verification-page.tsx").then((m) => m.VerificationPage),
    ),
  },
  { path: "terms", ...lazyPage(() => import("./legal-page.tsx").then((m) => m.TermsPage)) },
  { path: "privacy", ...lazyPage(() => import("./legal-page.tsx").then((m) => m.PrivacyPage)) },
  {
    path: "payment-confirmation",
    ...lazyPage(() =>
      import("../../payment-confirmation/components/payment-confirmation-page.tsx").then(
        (m) => m.PaymentConfirmationPage,
      ),
    ),
  },
  {
    path: "subscribe",
    ...lazyPage(() =>
      import("../../subscription/components/subscribe-page.tsx").then((m) => m.SubscribePage),
    ),
  },
  {
    path: "settings/billing",
    ...lazyPage(
      () => import("../../subscription/components/billing-page.tsx").then((m) => m.BillingPage),
      true,
    ),
  },
  {
    path: "reviews",
    ...lazyPage(() => import("../../reviews/components/reviews-page.tsx").then((m) => m.ReviewsPage), true),
  },
  {
    path: "messages",
    ...lazyPage(
      () => import("../../messages/components/messages-page.tsx").then((m) => m.MessagesPage),
      true,
    ),
  },
];
