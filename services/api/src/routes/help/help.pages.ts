/**
 * The help centre (issue 18): server-rendered HTML at /help (topics, search) and /help/<slug>
 * (one article), so search engines get each page's title, description and text without running
 * JavaScript. Self-contained: own minimal layout and inline styles (design tokens of @closr/ui),
 * registered before the SPA fallback; the SPA's /help route reloads into these pages.
 * Markdown is rendered with marked and the result sanitised with sanitize-html (an allowlist:
 * admin-edited articles cannot inject scripts, styles or event handlers).
 */
import {
  type HelpArticle,
  type HelpSearchHit,
  helpArticle,
  helpArticles,
  helpTopics,
  searchHelp,
} from "@closr/core/help";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { Effect, Either } from "effect";
import type { Context } from "hono";
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import type { AppEnv } from "../../http/env.ts";
import { storableText } from "../../http/validation.ts";
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

/** HTML-escapes text for element content and attribute values. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

const styles = `
:root{--bg:#f7f8fb;--surface:#fff;--border:#e2e7ef;--text:#0f1b2d;--muted:#5b6779;--primary:#1d4ed8;--soft:#e6edfd;--navy:#0f2a4a}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--text);font:16px/1.6 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
a{color:var(--primary)}a:focus-visible,input:focus-visible,button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:2}
header{background:var(--surface);border-bottom:1px solid var(--border)}
.bar{max-width:960px;margin:0 auto;padding:.75rem 1rem;display:flex;align-items:center;gap:1rem;justify-content:space-between}
.brand{display:flex;align-items:center;gap:.5rem;font-weight:700;color:var(--navy);text-decoration:none;font-size:1.15rem}
.mark{display:inline-grid;place-items:center;width:2rem;height:2rem;border-radius:8px;background:var(--primary);color:#fff}
main{max-width:960px;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.9rem;line-height:1.2;margin:.25rem 0 .5rem;color:var(--navy)}h2{font-size:1.25rem;margin:1.75rem 0 .5rem;color:var(--navy)}
.lead{color:var(--muted);margin:0 0 1.25rem}
form{display:flex;gap:.5rem;flex-wrap:wrap;margin:0 0 1.5rem}
label.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
input[type=search]{flex:1 1 16rem;min-width:0;padding:.65rem .8rem;border:1px solid #cbd3df;border-radius:10px;font:inherit;background:#fff}
button{padding:.65rem 1.1rem;border:0;border-radius:10px;background:var(--primary);color:#fff;font:inherit;font-weight:600;cursor:pointer}
.topics{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:1rem}
.card{background:var(--surface);border:1px solid var(--border);border-radius:16px;padding:1rem 1.25rem}
.card h2{margin-top:0;font-size:1.1rem}.card ul{margin:0;padding-left:1.1rem}.card li{margin:.35rem 0}
.hit{margin:0 0 1rem}.hit p{margin:.25rem 0 0;color:var(--muted)}mark{background:var(--soft);color:inherit}
article{background:var(--surface);border:1px solid var(--border);border-radius:16px;padding:1.25rem 1.5rem}
article table{border-collapse:collapse;width:100%;margin:1rem 0}article th,article td{border:1px solid var(--border);padding:.4rem .6rem;text-align:left}
.crumbs{font-size:.9rem;color:var(--muted);margin:0 0 .5rem}.crumbs a{color:var(--muted)}
.still{margin-top:2rem;padding:1rem 1.25rem;border-radius:16px;background:var(--soft)}.still h2{margin:0 0 .25rem;font-size:1.1rem}
@media (max-width:480px){h1{font-size:1.5rem}article{padding:1rem}}
`;

const page = (options: {
  title: string;
  description: string;
  path: string;
  body: string;
  status?: 200 | 404;
  origin: string;
  noindex?: boolean;
}) => `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<meta name="description" content="${escapeHtml(options.description)}">
<link rel="canonical" href="${escapeHtml(options.origin + options.path)}">
<meta property="og:title" content="${escapeHtml(options.title)}">
<meta property="og:description" content="${escapeHtml(options.description)}">
<meta property="og:type" content="article">
${options.noindex ? '<meta name="robots" content="noindex">' : ""}
<style>${styles}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><div class="bar"><a class="brand" href="/" aria-label="Closr home"><span class="mark" aria-hidden="true">C</span>Closr</a><a href="/help">Help Centre</a></div></header>
<main id="main">
${options.body}
<aside class="still" aria-labelledby="still-title"><h2 id="still-title">Still need help?</h2><p>Our team replies within 24 hours, Mon–Fri 9am–5pm AEST. <a href="/contact">Contact us</a></p></aside>
</main>
</body>
</html>`;

const searchForm = (query: string) => `<form action="/help" method="get" role="search">
<label class="sr" for="help-q">Search help articles</label>
<input id="help-q" type="search" name="q" value="${escapeHtml(query)}" placeholder="Search help, e.g. pay an invoice" maxlength="200">
<button type="submit">Search</button>
</form>`;

const topicTitle = (topic: string) => helpTopics.find((t) => t.id === topic)?.title ?? topic;

const indexBody = (articles: readonly HelpArticle[]) => `<h1>Help Centre</h1>
<p class="lead">Answers about finding partners, partnerships, invoices and payments, verification, plans and your account.</p>
${searchForm("")}
<div class="topics">
${helpTopics
  .map((topic) => {
    const inTopic = articles.filter((a) => a.topic === topic.id);
    if (inTopic.length === 0) return "";
    return `<section class="card" aria-labelledby="topic-${topic.id}"><h2 id="topic-${topic.id}">${escapeHtml(topic.title)}</h2><ul>${inTopic
      .map((a) => `<li><a href="/help/${escapeHtml(a.slug)}">${escapeHtml(a.title)}</a></li>`)
      .join("")}</ul></section>`;
  })
  .join("\n")}
</div>`;

/** A search extract: ts_headline's << >> markers become <mark>, everything else escaped. */
const extractHtml = (extract: string) =>
  escapeHtml(extract)
    .replace(/&lt;&lt;/g, "<mark>")
    .replace(/&gt;&gt;/g, "</mark>");

const resultsBody = (
  query: string,
  hits: readonly HelpSearchHit[],
) => `<p class="crumbs"><a href="/help">Help Centre</a></p>
<h1>Search results</h1>
${searchForm(query)}
<p class="lead" role="status">${hits.length === 0 ? `No articles match “${escapeHtml(query)}”. Try other words, or browse the topics.` : `${hits.length} ${hits.length === 1 ? "article matches" : "articles match"} “${escapeHtml(query)}”.`}</p>
${hits
  .map(
    (h) =>
      `<div class="hit"><a href="/help/${escapeHtml(h.article.slug)}"><strong>${escapeHtml(h.article.title)}</strong></a> <span class="crumbs">· ${escapeHtml(topicTitle(h.article.topic))}</span><p>${extractHtml(h.extract)}</p></div>`,
  )
  .join("\n")}`;

const articleBody = (
  a: HelpArticle,
) => `<p class="crumbs"><a href="/help">Help Centre</a> › ${escapeHtml(topicTitle(a.topic))}</p>
<article aria-labelledby="article-title"><h1 id="article-title">${escapeHtml(a.title)}</h1>
<p class="lead">${escapeHtml(a.summary)}</p>
${renderMarkdown(a.body)}
</article>
<p><a href="/help">← All help articles</a></p>`;

const send = (c: Context, html: string, status: 200 | 404 = 200) => {
  c.header("cache-control", "public, max-age=60");
  return c.html(html, status);
};

/** GET /help (topics, or results for ?q=) and GET /help/:slug. */
export function registerHelpPages(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  const origin = (c: Context) => new URL(c.req.url).origin;

  app.get("/help", async (c) => {
    // Outside the contract, so outside the validation hook: NUL and lone surrogates become U+FFFD (ADR 0034).
    const query = storableText(c.req.query("q") ?? "")
      .trim()
      .slice(0, 200);
    if (query.length > 0) {
      const hits = await runtime.runPromise(searchHelp(query));
      return send(
        c,
        page({
          title: `“${query}” — Closr Help Centre`,
          description: `Help articles about ${query}.`,
          path: "/help",
          origin: origin(c),
          noindex: true,
          body: resultsBody(query, hits),
        }),
      );
    }
    const articles = await runtime.runPromise(helpArticles());
    return send(
      c,
      page({
        title: "Help Centre — Closr",
        description:
          "How to use Closr: getting started, profiles, partnerships, invoices and payments, verification, plans and billing, account and privacy.",
        path: "/help",
        origin: origin(c),
        body: indexBody(articles),
      }),
    );
  });

  app.get("/help/:slug", async (c) => {
    const found = await runtime.runPromise(Effect.either(helpArticle(storableText(c.req.param("slug")))));
    if (Either.isLeft(found))
      return send(
        c,
        page({
          title: "Article not found — Closr Help Centre",
          description: "This help article does not exist.",
          path: c.req.path,
          origin: origin(c),
          noindex: true,
          body: `<h1>Article not found</h1><p class="lead">We could not find that article. Search or browse the Help Centre.</p>${searchForm("")}<p><a href="/help">← All help articles</a></p>`,
        }),
        404,
      );
    const a = found.right;
    return send(
      c,
      page({
        title: `${a.title} — Closr Help Centre`,
        description: a.summary,
        path: `/help/${a.slug}`,
        origin: origin(c),
        body: articleBody(a),
      }),
    );
  });
}
