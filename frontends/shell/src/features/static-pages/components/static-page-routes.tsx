/**
 * Public pages of spec §2.1: How It Works, Terms and Privacy have content; the others, and the
 * menu-only pages of §2.2, show an honest "coming soon" card (/analytics, /performance and /help are
 * features/insights and the server-rendered help centre, issue 18); /messages (features/messages) is behind the guard (any user type).
 */
import { ComingSoon } from "@closr/ui";
import type { RouteObject } from "react-router";
import { RequireUser } from "../../access/components/require-user.tsx";
import { MessagesPage } from "../../messages/components/messages-page.tsx";
import { PaymentConfirmationPage } from "../../payment-confirmation/components/payment-confirmation-page.tsx";
import { PricingPage } from "../../pricing/components/pricing-page.tsx";
import { BillingPage } from "../../subscription/billing-page.tsx";
import { SubscribePage } from "../../subscription/subscribe-page.tsx";
import { VerificationPage } from "../../verification/components/verification-page.tsx";
import { HowItWorksPage } from "./how-it-works-page.tsx";
import { PrivacyPage, TermsPage } from "./legal-page.tsx";

const pages: { path: string; title: string; description?: string }[] = [
  {
    path: "contact",
    title: "Contact Us",
    description: "Our contact page is on its way. We reply within 24 hours, Mon-Fri 9am-5pm AEST.",
  },
  { path: "commission-guides", title: "Commission Guides" },
  { path: "about", title: "About Closr" },
  { path: "careers", title: "Careers" },
  { path: "blog", title: "Blog" },
  { path: "press", title: "Press" },
  { path: "reviews", title: "Reviews" },
];

export const staticPageRoutes: RouteObject[] = [
  { path: "how-it-works", element: <HowItWorksPage /> },
  { path: "pricing", element: <PricingPage /> },
  { path: "verification", element: <VerificationPage /> },
  { path: "terms", element: <TermsPage /> },
  { path: "privacy", element: <PrivacyPage /> },
  { path: "payment-confirmation", element: <PaymentConfirmationPage /> },
  ...pages.map((page) => ({
    path: page.path,
    element: (
      <ComingSoon title={page.title} {...(page.description ? { description: page.description } : {})} />
    ),
  })),
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
    path: "messages",
    element: (
      <RequireUser>
        <MessagesPage />
      </RequireUser>
    ),
  },
];
