/**
 * Public pages of spec §2.1: About, Careers, Blog (and /blog/:slug), Press, Commission Guides and
 * Contact read published content (issue 16, lazily loaded); How It Works, Terms and Privacy have
 * content; /analytics, /performance and /help are features/insights and the server-rendered help
 * centre (issue 18); /messages (features/messages) is behind the guard (any user type).
 */
import type { RouteObject } from "react-router";
import { RequireUser } from "../../access/components/require-user.tsx";
import { MessagesPage } from "../../messages/components/messages-page.tsx";
import { PaymentConfirmationPage } from "../../payment-confirmation/components/payment-confirmation-page.tsx";
import { PricingPage } from "../../pricing/components/pricing-page.tsx";
import { ReviewsPage } from "../../reviews/reviews-page.tsx";
import { BillingPage } from "../../subscription/billing-page.tsx";
import { SubscribePage } from "../../subscription/subscribe-page.tsx";
import { VerificationPage } from "../../verification/components/verification-page.tsx";
import { HowItWorksPage } from "./how-it-works-page.tsx";
import { PrivacyPage, TermsPage } from "./legal-page.tsx";

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
  { path: "how-it-works", element: <HowItWorksPage /> },
  { path: "pricing", element: <PricingPage /> },
  { path: "verification", element: <VerificationPage /> },
  { path: "terms", element: <TermsPage /> },
  { path: "privacy", element: <PrivacyPage /> },
  { path: "payment-confirmation", element: <PaymentConfirmationPage /> },
  { path: "subscribe", element: <SubscribePage /> },
  {
    path: "settings/billing",
    element: (
      <RequireUser>
        <BillingPage />
      </RequireUser>
    ),
  },
  {
    path: "reviews",
    element: (
      <RequireUser>
        <ReviewsPage />
      </RequireUser>
    ),
  },
  {
    path: "messages",
    element: (
      <RequireUser>
        <MessagesPage />
      </RequireUser>
    ),
  },
];
