/**
 * The public site's pages (spec §2.1, §2.12; issue 16): path, title, description and main
 * heading. The service puts title, description and Open Graph tags in the served HTML and lists
 * them in /sitemap.xml; the shell uses the same titles. Pure data (no zod), so the shell can
 * import it without the contract's schemas.
 */
export interface PublicPage {
  readonly path: string;
  /** <title> and og:title. */
  readonly title: string;
  /** <meta name="description"> and og:description. */
  readonly description: string;
  /** The page's <h1>. */
  readonly heading: string;
}

export const SITE_NAME = "Closr";

export const publicPages: readonly PublicPage[] = [
  {
    path: "/about",
    title: "About Closr",
    heading: "About Closr",
    description:
      "Closr connects Australian businesses with verified, commission-based sales agents. Our story, mission and values.",
  },
  {
    path: "/careers",
    title: "Careers at Closr",
    heading: "Careers",
    description:
      "Join the team building Australia's marketplace for commission-based sales. See our open roles.",
  },
  {
    path: "/blog",
    title: "Closr Blog: sales tips, commission advice and news",
    heading: "Blog",
    description:
      "Articles for businesses and sales agents: commission structures, closing tips and Closr news.",
  },
  {
    path: "/press",
    title: "Press and media | Closr",
    heading: "Press",
    description: "Closr press releases, media coverage and the media kit.",
  },
  {
    path: "/commission-guides",
    title: "Commission Guides | Closr",
    heading: "Commission Guides",
    description:
      "Commission models, typical rates by industry, best practices and free templates: agreement and calculator.",
  },
  {
    path: "/how-it-works",
    title: "How It Works | Closr",
    heading: "How It Works",
    description:
      "How Closr connects Australian businesses with commission-based sales agents, from first search to final payout.",
  },
  {
    path: "/contact",
    title: "Contact Closr",
    heading: "Contact Us",
    description: "Questions about Closr? Call, email or send us a message. We reply within one business day.",
  },
  {
    path: "/terms",
    title: "Terms of Service | Closr",
    heading: "Terms of Service",
    description:
      "The terms for using Closr, the marketplace for businesses and commission-based sales agents.",
  },
  {
    path: "/privacy",
    title: "Privacy Policy | Closr",
    heading: "Privacy Policy",
    description: "What data Closr collects, why, and your rights under the Australian Privacy Principles.",
  },
];

export const publicPageByPath = (path: string): PublicPage | undefined =>
  publicPages.find((page) => page.path === path);

/** The three downloads of the commission guides page (spec §2.12), plus the agreement as PDF. */
export const templateDownloads = [
  {
    href: "/templates/general-commission-agreement.html",
    label: "Commission agreement (HTML)",
  },
  { href: "/templates/general-commission-agreement.pdf", label: "Commission agreement (PDF)" },
  { href: "/templates/commission-calculator.csv", label: "Commission calculator (CSV)" },
  { href: "/templates/commission-calculator.html", label: "Interactive commission calculator" },
] as const;
