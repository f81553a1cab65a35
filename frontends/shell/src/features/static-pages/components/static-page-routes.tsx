/**
 * Public pages of spec §2.1 that later issues will build, plus the menu-only pages of §2.2.
 * Each shows an honest "coming soon" card; /messages is behind the guard (any user type).
 */
import { ComingSoon } from "@closr/ui";
import type { RouteObject } from "react-router";
import { RequireUser } from "../../access/components/require-user.tsx";

const pages: { path: string; title: string; description?: string }[] = [
  {
    path: "verification",
    title: "Get Verified",
    description:
      "Business and agent verification is coming soon. Verified profiles receive their badge within 2-3 business days.",
  },
  {
    path: "pricing",
    title: "Pricing",
    description: "Plans for businesses and agents will be published here soon.",
  },
  {
    path: "subscribe",
    title: "Subscribe",
    description: "Subscriptions open soon. No payment is taken today.",
  },
  {
    path: "contact",
    title: "Contact Us",
    description: "Our contact page is on its way. We reply within 24 hours, Mon-Fri 9am-5pm AEST.",
  },
  {
    path: "terms",
    title: "Terms of Service",
    description: "Our full terms of service will be published here soon.",
  },
  {
    path: "privacy",
    title: "Privacy Policy",
    description: "Our full privacy policy will be published here soon.",
  },
  { path: "how-it-works", title: "How It Works" },
  { path: "commission-guides", title: "Commission Guides" },
  { path: "about", title: "About Closr" },
  { path: "careers", title: "Careers" },
  { path: "blog", title: "Blog" },
  { path: "press", title: "Press" },
  { path: "payment-confirmation", title: "Payment Confirmation" },
  {
    path: "forgot-password",
    title: "Forgot Password",
    description: "Password reset by email is coming soon.",
  },
  { path: "reset-password", title: "Reset Password", description: "Password reset by email is coming soon." },
  { path: "analytics", title: "Analytics" },
  { path: "performance", title: "Performance" },
  { path: "reviews", title: "Reviews" },
  { path: "settings", title: "Settings" },
  { path: "help", title: "Help Centre" },
];

export const staticPageRoutes: RouteObject[] = [
  ...pages.map((page) => ({
    path: page.path,
    element: (
      <ComingSoon title={page.title} {...(page.description ? { description: page.description } : {})} />
    ),
  })),
  {
    path: "messages",
    element: (
      <RequireUser>
        <ComingSoon title="Messages" description="Messaging between partners is coming soon." />
      </RequireUser>
    ),
  },
];
