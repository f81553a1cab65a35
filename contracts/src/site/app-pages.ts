/**
 * Every path the app answers, with its document title (spec §2.1 route list; ADR 0038). The
 * service's page fallback answers 404 (with the app's 404 card) for a path that is not here and
 * not a public page, and puts the title in the served HTML; the shell sets the same title on
 * each client-side navigation. A `null` title: the page sets its own (a blog post's title comes
 * from the CMS). Add a row with every new route. Pure data, so the shell can import it.
 */
import { publicPages, SITE_NAME } from "./pages.ts";

const titled = (name: string) => `${name} | ${SITE_NAME}`;

/** The 404 page's title. */
export const notFoundTitle = titled("Page not found");

const id = "[0-9]+";
const seg = "[^/]+";

/** [path pattern (anchored, no trailing slash), title]. */
const appPages: readonly (readonly [string, string | null])[] = [
  ["/", "Closr: Connecting Businesses & Agents"],
  ["/auth", "Log in or sign up | Closr"],
  ["/pricing", "Pricing | Closr"],
  [`/blog/${seg}`, null],
  ["/verification", titled("Verification")],
  ["/forgot-password", titled("Forgot Password")],
  ["/reset-password", titled("Reset Password")],
  ["/verify-email", titled("Verify your email")],
  ["/confirm-email", titled("Confirm your new email")],
  ["/profile", titled("Profile")],
  ["/find", titled("Find")],
  ["/messages", titled("Messages")],
  ["/settings", titled("Settings")],
  ["/settings/account", titled("Account Settings")],
  ["/settings/security", titled("Security Settings")],
  ["/settings/notifications", titled("Notification Settings")],
  ["/settings/privacy", titled("Privacy Settings")],
  ["/settings/billing", titled("Billing")],
  ["/settings/api", titled("API Settings")],
  ["/subscribe", titled("Subscribe")],
  ["/payment-confirmation", titled("Payment Confirmation")],
  ["/reviews", titled("Reviews")],
  ["/analytics", titled("Analytics")],
  ["/performance", titled("Performance")],
  ["/help", titled("Help Centre")],
  [`/help/${seg}`, null],
  // The business area (spec §2.8).
  ["/business", titled("Business Dashboard")],
  ["/business/dashboard", titled("Business Dashboard")],
  ["/business/create-profile", titled("Create Business Profile")],
  ["/business/profile", titled("Business Profile")],
  ["/business/find-agents", titled("Find Agents")],
  [`/business/agents/${id}`, titled("Agent Profile")],
  ["/business/active-agents", titled("Active Agents")],
  [`/business/active-agents/${id}/agreement`, titled("Commission Agreement")],
  ["/business/payments", titled("Payments")],
  [`/business/payments/disputes/${id}`, titled("Dispute")],
  ["/business/agreement-template", titled("Agreement Template")],
  // The agent area (spec §2.9).
  ["/agent", titled("Agent Dashboard")],
  ["/agent/dashboard", titled("Agent Dashboard")],
  ["/agent/create-profile", titled("Create Agent Profile")],
  ["/agent/profile", titled("Agent Profile")],
  ["/agent/find-businesses", titled("Find Businesses")],
  [`/agent/businesses/${id}`, titled("Business Profile")],
  ["/agent/current-partners", titled("Current Partners")],
  [`/agent/current-partners/${id}/agreement`, titled("Commission Agreement")],
  ["/agent/invoices", titled("Invoices")],
  [`/agent/invoices/disputes/${id}`, titled("Dispute")],
  ["/agent/payouts", titled("Payouts")],
  // The admin area (spec §2.11).
  ["/admin", titled("Admin")],
  ["/admin/content/about", titled("Admin: About Content")],
  ["/admin/content/careers", titled("Admin: Careers Content")],
  ["/admin/content/blog", titled("Admin: Blog Content")],
  ["/admin/content/press", titled("Admin: Press Content")],
  ["/admin/content/guide", titled("Admin: Commission Guides")],
  ["/admin/content/help", titled("Admin: Help Articles")],
  [`/admin/content/${seg}`, titled("Admin: Content")],
  [`/admin/content/${seg}/${seg}`, titled("Admin: Edit Content")],
  ["/admin/media", titled("Admin: Media")],
  ["/admin/settings", titled("Admin: Settings")],
  ["/admin/verification", titled("Admin: Verification")],
  [`/admin/verification/${id}`, titled("Admin: Verification Request")],
  ["/admin/users", titled("Admin: Users")],
  ["/admin/contact-messages", titled("Admin: Contact Messages")],
  ["/admin/audit-log", titled("Admin: Audit Log")],
  ["/admin/reviews", titled("Admin: Reviews")],
  ["/admin/payments", titled("Admin: Payments")],
  ["/admin/jobs", titled("Admin: Jobs")],
  ["/admin/disputes", titled("Admin: Disputes")],
  [`/admin/disputes/${id}`, titled("Admin: Dispute")],
];

const patterns = appPages.map(([path, title]) => [new RegExp(`^${path}$`), title] as const);

/** `path` without a trailing slash ("/" stays "/"). */
const normal = (path: string) => path.replace(/\/+$/, "") || "/";

/**
 * A path's page: `{ title }` (`title` null when the page sets its own), or undefined when no
 * page answers it (then it is a 404). Public pages take their title from `publicPages`.
 */
export function appPage(path: string): { title: string | null } | undefined {
  const p = normal(path);
  const pub = publicPages.find((page) => page.path === p);
  if (pub) return { title: pub.title };
  const found = patterns.find(([pattern]) => pattern.test(p));
  return found ? { title: found[1] } : undefined;
}
