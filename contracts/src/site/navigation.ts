/**
 * The signed-out navigation of spec §2.2 — the top bar's page links and the footer's columns —
 * shared by the shell (top-bar.tsx, site-footer.tsx) and the server-rendered first screens
 * (services/api public-site/chrome.ts), so the page a visitor sees before the app starts has
 * the same links the app then draws.
 */

/** A labelled link; `href` is a path, or a `#anchor` on the landing page. */
export type SiteLink = { readonly label: string; readonly href: string };

/** The landing page's top-bar links: anchors to its sections. */
export const landingAnchors: readonly SiteLink[] = [
  { label: "How It Works", href: "#features" },
  { label: "For Agents", href: "#for-agents" },
  { label: "For Businesses", href: "#for-businesses" },
  { label: "Success Stories", href: "#testimonials" },
];

/** The top-bar links of every other public page. */
export const publicLinks: readonly SiteLink[] = [
  { label: "Verification", href: "/verification" },
  { label: "Pricing", href: "/pricing" },
  { label: "Contact", href: "/contact" },
];

/** The footer's three columns. */
export const footerColumns: readonly { readonly title: string; readonly links: readonly SiteLink[] }[] = [
  {
    title: "For Businesses",
    links: [
      { label: "Browse Agents", href: "/business/find-agents" },
      { label: "Plans & Pricing", href: "/pricing" },
      { label: "Business Verification", href: "/verification" },
      { label: "How Closr Works", href: "/how-it-works" },
    ],
  },
  {
    title: "For Agents",
    links: [
      { label: "Browse Businesses", href: "/agent/find-businesses" },
      { label: "Commission Guides", href: "/commission-guides" },
      { label: "Agent Verification", href: "/verification" },
      { label: "Register as an Agent", href: "/auth?tab=signup&type=agent" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About", href: "/about" },
      { label: "Careers", href: "/careers" },
      { label: "Blog", href: "/blog" },
      { label: "Press", href: "/press" },
    ],
  },
];

/** The two sides of the marketplace; each has its own area of pages (/business/…, /agent/…). */
export type PartySide = "business" | "agent";

/**
 * The footer's columns for who is looking (issue 46): a visitor gets all of them; a signed-in
 * business or agent gets none of the other side's pages (they answer Access Denied) and no sign-up
 * link (/auth sends a signed-in user to their dashboard); public pages stay. A column keeps its
 * heading: each keeps at least one public explainer page.
 */
export function footerColumnsFor(side: PartySide | null | undefined): typeof footerColumns {
  if (!side) return footerColumns;
  const otherArea = side === "business" ? "/agent/" : "/business/";
  return footerColumns.map((column) => ({
    title: column.title,
    links: column.links.filter((link) => !link.href.startsWith(otherArea) && !link.href.startsWith("/auth")),
  }));
}

/** The footer's legal row. */
export const footerLegal: readonly SiteLink[] = [
  { label: "Privacy Policy", href: "/privacy" },
  { label: "Terms of Service", href: "/terms" },
  { label: "Contact Us", href: "/contact" },
];

/** The footer's line under the brand. */
export const footerTagline = "Connecting Australian businesses with verified, commission-based sales agents.";
