/** /blog/:slug (issue 16): one published post (or a built-in one), its Markdown rendered and sanitised. */
import { LinkButton } from "@closr/ui";
import { useParams } from "react-router";
import { NotFoundPage } from "../../errors/components/not-found-page.tsx";
import { field, longDate, usePageMeta, usePublished } from "./public-content.ts";
import { PublicState, SanitizedHtml } from "./sanitized-html.tsx";
import "./public-pages.css";

export function BlogPostPage() {
  const { slug = "" } = useParams();
  const post = usePublished("blog", { slug });
  const entry = post.data?.find((p) => p.slug === slug);
  usePageMeta(
    `/blog/${slug}`,
    entry ? { title: `${entry.title} | Closr Blog`, description: field(entry, "lead") } : undefined,
  );
  if (post.data && !entry) return <NotFoundPage />;
  const cover = entry ? field(entry, "coverImage") : "";
  return (
    <div className="container narrow section stack-lg">
      <div>
        <LinkButton href="/blog" variant="ghost">
          Back to Blog
        </LinkButton>
      </div>
      <PublicState isPending={post.isPending} isError={post.isError} onRetry={() => void post.refetch()} />
      {entry ? (
        <article className="stack-lg">
          <header>
            <p className="muted">
              {field(entry, "category")} · {longDate(entry.publishedAt)}
            </p>
            <h1 className="page-title">{entry.title}</h1>
            {field(entry, "author") ? <p className="muted">By {field(entry, "author")}</p> : null}
          </header>
          {cover ? <img className="blog-hero" src={cover} alt={field(entry, "coverImageAlt")} /> : null}
          {field(entry, "lead") ? <p className="lead">{field(entry, "lead")}</p> : null}
          <SanitizedHtml html={entry.html.body} />
        </article>
      ) : null}
    </div>
  );
}
