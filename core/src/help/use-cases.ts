/** Help centre use cases (issue 18): the merged article list, one article, search. */
import { Effect } from "effect";
import { builtInArticles } from "./articles.ts";
import { HelpArticleNotFound } from "./errors.ts";
import { type HelpArticle, helpTopics } from "./model.ts";
import { HelpRepository } from "./ports.ts";

const topicOrder = new Map<string, number>(helpTopics.map((t, i) => [t.id, i]));

/** Built-in articles overlaid with published content rows (same slug replaces), by topic. */
export const helpArticles = Effect.fn("help.articles")(function* () {
  const stored = yield* (yield* HelpRepository).published;
  const bySlug = new Map<string, HelpArticle>(builtInArticles.map((a) => [a.slug, a]));
  for (const article of stored) bySlug.set(article.slug, article);
  return [...bySlug.values()].sort(
    (a, b) => (topicOrder.get(a.topic) ?? 99) - (topicOrder.get(b.topic) ?? 99),
  );
});

/** One article by slug; HelpArticleNotFound when none. */
export const helpArticle = Effect.fn("help.article")(function* (slug: string) {
  const found = (yield* helpArticles()).find((a) => a.slug === slug);
  if (!found) return yield* new HelpArticleNotFound({ slug });
  return found;
});

/** Full-text search over every article; an empty query finds nothing. */
export const searchHelp = Effect.fn("help.search")(function* (query: string, limit = 20) {
  const q = query.trim().slice(0, 200);
  if (q.length === 0) return [];
  return yield* (yield* HelpRepository).search(yield* helpArticles(), q, limit);
});
