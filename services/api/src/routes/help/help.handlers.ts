/**
 * The help centre's API (issue 18): topics and articles, one article with its Markdown rendered
 * and sanitised, and full-text search. The app's /help pages read it (rendered on the server,
 * ADR 0047). Markdown is rendered with marked and the result sanitised with sanitize-html (an
 * allowlist: admin-edited articles cannot inject scripts, styles or event handlers).
 */
import { helpRoutes } from "@closr/contracts";
import { type HelpArticle, helpArticle, helpArticles, helpTopics, searchHelp } from "@closr/core/help";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import type { AppEnv } from "../../http/env.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";

const marked = new Marked({ gfm: true, async: false });

/** Markdown → safe HTML: marked, then an allowlist of tags and attributes (links http(s), mailto, relative). */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, {
    allowedTags: [
      "p",
      "br",
      "strong",
      "em",
      "code",
      "pre",
      "blockquote",
      "ul",
      "ol",
      "li",
      "a",
      "h2",
      "h3",
      "h4",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
      "hr",
    ],
    allowedAttributes: { a: ["href", "title"], th: ["align"], td: ["align"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowProtocolRelative: false,
    transformTags: { h1: "h2" },
  });
}

const summary = (a: HelpArticle) => ({ slug: a.slug, title: a.title, topic: a.topic, summary: a.summary });

/** GET /api/help/articles, /api/help/articles/{slug} and /api/help/search (anyone). */
export function registerHelpRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(helpRoutes.listHelpArticles, (c) =>
    runUseCase(runtime, c, helpArticles(), (articles) =>
      c.json(
        { topics: helpTopics.map((t) => ({ id: t.id, title: t.title })), articles: articles.map(summary) },
        200,
      ),
    ),
  );
  app.openapi(helpRoutes.getHelpArticle, (c) =>
    runUseCase(runtime, c, helpArticle(c.req.valid("param").slug), (a) =>
      c.json({ ...summary(a), html: renderMarkdown(a.body) }, 200),
    ),
  );
  app.openapi(helpRoutes.searchHelpArticles, (c) =>
    runUseCase(runtime, c, searchHelp(c.req.valid("query").q), (hits) =>
      c.json({ hits: hits.map((h) => ({ article: summary(h.article), extract: h.extract })) }, 200),
    ),
  );
}
