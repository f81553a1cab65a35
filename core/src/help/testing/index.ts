/**
 * In-memory HelpRepository for unit tests: `published` holds the content rows; search matches
 * every query word (case-insensitive) in title, summary or body, title matches first — a stand-in
 * for the adapter's PostgreSQL full-text ranking.
 */
import { Effect, Layer } from "effect";
import type { HelpArticle } from "../model.ts";
import { HelpRepository } from "../ports.ts";

/** A published help row (object mother). */
export const aHelpArticle = (overrides: Partial<HelpArticle> = {}): HelpArticle => ({
  slug: "payouts-explained",
  title: "Payouts explained",
  topic: "invoices-and-payments",
  summary: "When agents receive their commission.",
  body: "Payouts reach your bank two business days after the invoice is paid.",
  source: "content",
  ...overrides,
});

export function makeHelpMemory(published: readonly HelpArticle[] = []) {
  const layer = Layer.succeed(HelpRepository, {
    published: Effect.succeed(published),
    search: (articles, query, limit) =>
      Effect.sync(() => {
        const words = query.toLowerCase().split(/\s+/).filter(Boolean);
        const text = (a: HelpArticle) => `${a.title} ${a.summary} ${a.body}`.toLowerCase();
        return articles
          .filter((a) => words.every((w) => text(a).includes(w)))
          .sort(
            (a, b) =>
              Number(words.some((w) => b.title.toLowerCase().includes(w))) -
              Number(words.some((w) => a.title.toLowerCase().includes(w))),
          )
          .slice(0, limit)
          .map((article) => ({ article, extract: article.summary }));
      }),
  });
  return { layer };
}
