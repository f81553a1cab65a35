/**
 * The help centre (spec §2.1 /help; issue 18): /help lists the topics' articles (or, with ?q=,
 * search results) and /help/:slug shows one article. Rendered on the server with the rest of the
 * app (ADR 0047); the search form is a plain GET form, so it works before the app has started.
 * Signed in, the page sits in the user's side-menu frame like their other pages.
 */
import { SideMenuLayout, useCurrentUser } from "@closr/client";
import { partyAreas, partyNavItems } from "@closr/partner-kit";
import { Alert, PageSpinner } from "@closr/ui";
import type { ReactNode } from "react";
import { Form, Link, useParams, useSearchParams } from "react-router";
import { NotFoundPage } from "../../errors/components/not-found-page.tsx";
import { usePageMeta } from "../../static-pages/components/public-content.ts";
import { SanitizedHtml } from "../../static-pages/components/sanitized-html.tsx";
import { useHelpArticle, useHelpIndex, useHelpSearch } from "../api/help.ts";

/** The signed-in side-menu frame for a business or agent, else the public page container. */
function HelpFrame({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  const content = <div className="help-page stack-lg">{children}</div>;
  if (!user) return <div className="container narrow section">{content}</div>;
  const party = user.userType;
  return (
    <SideMenuLayout label={partyAreas[party].menuLabel} items={partyNavItems(party)}>
      {content}
    </SideMenuLayout>
  );
}

function StillNeedHelp() {
  return (
    <aside className="help-still card" aria-labelledby="help-still-title">
      <h2 id="help-still-title">Still need help?</h2>
      <p>
        Our team replies within 24 hours, Mon–Fri 9am–5pm AEST. <Link to="/contact">Contact us</Link>
      </p>
    </aside>
  );
}

/** The search form: a GET to /help?q=…, client-side once the app runs, a page load before. */
function SearchForm({ query }: { query: string }) {
  return (
    <Form action="/help" method="get" role="search" className="help-search">
      <label className="visually-hidden" htmlFor="help-q">
        Search help articles
      </label>
      <input
        id="help-q"
        className="field-input"
        type="search"
        name="q"
        defaultValue={query}
        key={query}
        placeholder="Search help, e.g. pay an invoice"
        maxLength={200}
      />
      <button type="submit" className="btn btn-primary btn-md">
        Search
      </button>
    </Form>
  );
}

/** A search extract: the API marks matches with << >>; they show as <mark>. */
function Extract({ text }: { text: string }) {
  const parts = text.split(/<<|>>/);
  return <p>{parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part))}</p>;
}

/** /help: topics with their articles, or search results for ?q=. */
export function HelpIndexPage() {
  const [params] = useSearchParams();
  const query = (params.get("q") ?? "").trim().slice(0, 200);
  const index = useHelpIndex();
  const search = useHelpSearch(query);
  usePageMeta("/help", {
    title: query ? `“${query}” — Closr Help Centre` : "Help Centre | Closr",
    description:
      "How to use Closr: getting started, profiles, partnerships, invoices and payments, verification, plans and billing, account and privacy.",
  });
  const topicTitle = (id: string) => index.data?.topics.find((t) => t.id === id)?.title ?? id;
  if (query) {
    const hits = search.data ?? [];
    return (
      <HelpFrame>
        <p className="muted">
          <Link to="/help">Help Centre</Link>
        </p>
        <h1 className="page-title">Search results</h1>
        <SearchForm query={query} />
        {search.isPending ? <PageSpinner label="Searching" /> : null}
        {search.isError ? <Alert>We couldn't search the help articles. Please try again.</Alert> : null}
        {search.data ? (
          <p className="lead" role="status">
            {hits.length === 0
              ? `No articles match “${query}”. Try other words, or browse the topics.`
              : `${hits.length} ${hits.length === 1 ? "article matches" : "articles match"} “${query}”.`}
          </p>
        ) : null}
        {hits.map((hit) => (
          <div className="help-hit" key={hit.article.slug}>
            <Link to={`/help/${hit.article.slug}`}>
              <strong>{hit.article.title}</strong>
            </Link>{" "}
            <span className="muted">· {topicTitle(hit.article.topic)}</span>
            <Extract text={hit.extract} />
          </div>
        ))}
        <StillNeedHelp />
      </HelpFrame>
    );
  }
  return (
    <HelpFrame>
      <h1 className="page-title">Help Centre</h1>
      <p className="lead">
        Answers about finding partners, partnerships, invoices and payments, verification, plans and your
        account.
      </p>
      <SearchForm query="" />
      {index.isPending ? <PageSpinner label="Loading help articles" /> : null}
      {index.isError ? <Alert>We couldn't load the help articles. Please try again.</Alert> : null}
      <div className="help-topics">
        {index.data?.topics.map((topic) => {
          const articles = index.data.articles.filter((a) => a.topic === topic.id);
          if (articles.length === 0) return null;
          return (
            <section className="card help-topic" key={topic.id} aria-labelledby={`topic-${topic.id}`}>
              <h2 id={`topic-${topic.id}`}>{topic.title}</h2>
              <ul>
                {articles.map((a) => (
                  <li key={a.slug}>
                    <Link to={`/help/${a.slug}`}>{a.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <StillNeedHelp />
    </HelpFrame>
  );
}

/** /help/:slug: one article; the 404 page (status 404) when there is none. */
export function HelpArticlePage() {
  const { slug = "" } = useParams();
  const article = useHelpArticle(slug);
  const index = useHelpIndex();
  const found = article.data;
  usePageMeta(
    `/help/${slug}`,
    found ? { title: `${found.title} — Closr Help Centre`, description: found.summary } : undefined,
  );
  if (article.data === null) return <NotFoundPage />;
  const topic = found ? index.data?.topics.find((t) => t.id === found.topic)?.title : undefined;
  return (
    <HelpFrame>
      <p className="muted">
        <Link to="/help">Help Centre</Link>
        {topic ? ` › ${topic}` : null}
      </p>
      {article.isPending ? <PageSpinner label="Loading the article" /> : null}
      {article.isError ? <Alert>We couldn't load this article. Please try again.</Alert> : null}
      {found ? (
        <article className="card help-article" aria-labelledby="article-title">
          <h1 id="article-title" className="page-title">
            {found.title}
          </h1>
          <p className="lead">{found.summary}</p>
          <SanitizedHtml html={found.html} />
        </article>
      ) : null}
      <p>
        <Link to="/help">← All help articles</Link>
      </p>
      <StillNeedHelp />
    </HelpFrame>
  );
}
