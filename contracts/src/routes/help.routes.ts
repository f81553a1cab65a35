/**
 * Help centre routes (spec §2.1 /help; issue 18): anyone reads the articles, one article and
 * search results. The /help pages of the app read these (rendered on the server, ADR 0047).
 */
import { createRoute } from "@hono/zod-openapi";
import { HelpArticleSchema, HelpIndex, HelpSearchQuery, HelpSearchResults, HelpSlugParam } from "../help.ts";
import { commonProblems, problemResponses } from "../problems.ts";
import { json } from "./route-helpers.ts";

export const listHelpArticles = createRoute({
  method: "get",
  path: "/api/help/articles",
  operationId: "listHelpArticles",
  tags: ["help"],
  summary: "The help topics and every published article (built-in and edited), by topic",
  responses: {
    200: json(HelpIndex, "Topics and articles"),
    ...problemResponses(...commonProblems),
  },
});

export const searchHelpArticles = createRoute({
  method: "get",
  path: "/api/help/search",
  operationId: "searchHelpArticles",
  tags: ["help"],
  summary: "Full-text search over the help articles (at most 20 hits)",
  request: { query: HelpSearchQuery },
  responses: {
    200: json(HelpSearchResults, "The hits, best first"),
    ...problemResponses("validation-failed", ...commonProblems),
  },
});

export const getHelpArticle = createRoute({
  method: "get",
  path: "/api/help/articles/{slug}",
  operationId: "getHelpArticle",
  tags: ["help"],
  summary: "One help article with its body rendered and sanitised",
  request: { params: HelpSlugParam },
  responses: {
    200: json(HelpArticleSchema, "The article"),
    ...problemResponses("not-found", "validation-failed", ...commonProblems),
  },
});
