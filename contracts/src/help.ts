/**
 * Help centre schemas (spec §2.1 /help; issue 18): the articles by topic, one article with its
 * Markdown rendered and sanitised, and search hits with a plain-text extract whose matches are
 * marked `<<` `>>` (the page shows them highlighted).
 */
import { z } from "@hono/zod-openapi";

export const HelpTopicSchema = z.object({ id: z.string(), title: z.string() }).openapi("HelpTopic");

export const HelpArticleSummary = z
  .object({
    slug: z.string(),
    title: z.string(),
    topic: z.string(),
    summary: z
      .string()
      .openapi({ description: "One sentence: the page's description and the list's teaser." }),
  })
  .openapi("HelpArticleSummary");

export const HelpIndex = z
  .object({ topics: z.array(HelpTopicSchema), articles: z.array(HelpArticleSummary) })
  .openapi("HelpIndex");

export const HelpArticleSchema = HelpArticleSummary.extend({
  html: z.string().openapi({ description: "The Markdown body, rendered and sanitised." }),
}).openapi("HelpArticle");

export const HelpSearchQuery = z.object({
  q: z
    .string()
    .max(200)
    .openapi({ param: { name: "q", in: "query" }, description: "Words to find (empty finds nothing)." }),
});

export const HelpSearchResults = z
  .object({
    hits: z.array(
      z.object({
        article: HelpArticleSummary,
        extract: z
          .string()
          .openapi({ description: "Plain text around the match; matches between << and >>." }),
      }),
    ),
  })
  .openapi("HelpSearchResults");

export const HelpSlugParam = z.object({
  slug: z
    .string()
    .max(200)
    .openapi({ param: { name: "slug", in: "path" } }),
});
