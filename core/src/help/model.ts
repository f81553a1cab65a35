/**
 * Help centre model (issue 18): articles by topic, Markdown bodies. Built-in articles live in
 * code (articles.ts); published `help` rows of the content table (edited in the admin app) add
 * to them, and a row with a built-in's slug replaces it.
 */

export const helpTopics = [
  { id: "getting-started", title: "Getting started" },
  { id: "profiles", title: "Profiles" },
  { id: "partnerships", title: "Partnerships" },
  { id: "invoices-and-payments", title: "Invoices and payments" },
  { id: "verification", title: "Verification" },
  { id: "plans-and-billing", title: "Plans and billing" },
  { id: "account-and-privacy", title: "Account and privacy" },
] as const;
export type HelpTopic = (typeof helpTopics)[number]["id"];

export const isHelpTopic = (value: string): value is HelpTopic => helpTopics.some((t) => t.id === value);

export interface HelpArticle {
  /** URL segment: /help/<slug>. */
  readonly slug: string;
  readonly title: string;
  readonly topic: HelpTopic;
  /** One sentence: the page's meta description and the list's teaser. */
  readonly summary: string;
  /** Markdown. */
  readonly body: string;
  readonly source: "built-in" | "content";
}

/** A search hit: the article and a short plain-text extract around the match. */
export interface HelpSearchHit {
  readonly article: HelpArticle;
  readonly extract: string;
}
